/**
 * Staff correcting or taking back validated hours (issue 32; docs/api/manage.md): role, scope,
 * tenant, Origin and body checks before anything; one guarded batch that changes the record,
 * writes its audit row and revokes the credential that relied on it (the status list says so at
 * once); a corrected amount gets a new credential through the queue; the member is told; the
 * hour rollups the ranking reads and the impact ledger follow.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createWebSession } from "../../workers/auth/web-session";
import * as recordsScreen from "../../app/routes/_app.manage.records/route";
import { addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { captureQueue } from "./queue-capture";
import { pageRequests, run, type Route } from "./route-calls";
import { call, createMember, json, login, mailbox, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const cookies: Record<string, string> = {};
const sessions: Record<string, string> = {};
const ids: Record<string, string> = {};
const YEAR = new Date().getUTCFullYear();
let drainQueue: () => Promise<unknown>;

const recordOf = async (participationId: string) =>
  (await env.DB.prepare("SELECT id FROM participation_records WHERE participation_id = ? ORDER BY created_at LIMIT 1").bind(participationId).first<{ id: string }>())!.id;

const correct = (recordId: string, body: unknown, who = "olga", headers: Record<string, string> = {}) =>
  call("POST", `/api/acme/manage/records/${recordId}/correction`, { token: tokens[who], cookie: headers.origin ? cookies[who] : undefined, body, headers });

type Listed = { id: string; hours: number; revoked_at: string | null; revoked_reason: string | null };
const credentialsOf = async (who: string) => (await json(await call("GET", "/api/acme/credentials", { token: tokens[who] }))).credentials as Listed[];
const verified = async (id: string) => (await json(await call("GET", `/api/credentials/verify/${id}`, { host: "acme.localhost" }))).state as string;
const rankedHours = async (memberId: string) =>
  (await env.DB.prepare("SELECT hours FROM member_hour_totals WHERE member_id = ? AND org_id = 'org-acme' AND period = 0").bind(memberId).first<{ hours: number }>())?.hours ?? 0;
const ledgerHours = async () => {
  const report = await json(await call("GET", `/api/acme/admin/impact?from=${YEAR}-01-01&to=${YEAR}-12-31`, { token: tokens.alma }));
  return report.totals.hours.paid + report.totals.hours.own;
};

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  drainQueue = captureQueue().drain;
  for (const [name, org, role] of [["alma", acme.id, "admin"], ["olga", acme.id, "organiser"], ["otto", acme.id, "organiser"], ["ana", acme.id, "member"], ["cid", commons.id, "admin"]] as const) {
    ids[name] = (await createMember({ email: `${name}@x.example`, orgId: org, name, role })).id;
    const { body, cookie } = await login(`${name}@x.example`, "Correct-Horse-9");
    tokens[name] = body.access_token;
    cookies[name] = cookie;
    if (org === acme.id) sessions[name] = (await createWebSession(await testLoadContext("acme"), body)).split(";")[0];
  }
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", submitterMemberId: ids.olga });
  const ana = await addParticipation(beach.id, acme.id, ids.ana);
  ids.participation = ana.id;
  await addRecord(ana.id, "pending", 3);
  ids.record = await recordOf(ana.id);
  expect((await call("PUT", `/api/acme/manage/records/${ids.record}`, { token: tokens.olga, body: { status: "validated" } })).status).toBe(200);
  await drainQueue();
});

describe("who may correct", () => {
  it("refuses a member (403), an organiser of another initiative (403), another organisation (404) and a cookie-carrying call from another site", async () => {
    const body = { status: "corrected", hours: 2, reason: "Left early" };
    expect((await correct(ids.record, body, "ana")).status).toBe(403);
    expect(await json(await correct(ids.record, body, "otto"))).toMatchObject({ error: "initiative_not_managed" });
    expect((await call("POST", `/api/acme/manage/records/${ids.record}/correction`, { token: tokens.cid, body })).status).toBe(404);
    expect((await call("POST", `/api/commons/manage/records/${ids.record}/correction`, { token: tokens.cid, body })).status).toBe(404);
    const crossOrigin = await correct(ids.record, body, "olga", { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect(await json(crossOrigin)).toMatchObject({ error: "cross_origin_request" });
    expect(await rankedHours(ids.ana)).toBe(3);
  });

  it("checks the body: a reason always, hours for a correction only, whole hours from 1 to 24, not the hours validated", async () => {
    expect(await json(await correct(ids.record, { status: "corrected", hours: 2 }))).toMatchObject({ fields: { reason: "form_error_required" } });
    expect(await json(await correct(ids.record, { status: "corrected", reason: "x" }))).toMatchObject({ fields: { hours: "form_error_required" } });
    expect((await correct(ids.record, { status: "corrected", hours: 25, reason: "x" })).status).toBe(400);
    expect((await correct(ids.record, { status: "corrected", hours: 1.5, reason: "x" })).status).toBe(400);
    expect((await correct(ids.record, { status: "rejected", hours: 2, reason: "x" })).status).toBe(400);
    expect((await correct(ids.record, { status: "validated", reason: "x" })).status).toBe(400);
    expect(await json(await correct(ids.record, { status: "corrected", hours: 3, reason: "x" }))).toMatchObject({ fields: { hours: "form_error_invalid" } });
    expect((await correct("no-such-record", { status: "rejected", reason: "x" })).status).toBe(404);
  });
});

describe("a correction", () => {
  it("revokes the credential in the same write, issues one for the corrected hours, logs it and tells the member", async () => {
    const [first] = await credentialsOf("ana");
    expect(first).toMatchObject({ hours: 3, revoked_at: null });
    expect(await verified(first.id)).toBe("authentic");
    const before = (await mailbox("ana@x.example")).length;

    const response = await correct(ids.record, { status: "corrected", hours: 2, reason: "Left at noon" });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: ids.record, status: "validated", hours: 2 });
    // Before the queue runs: the old one is already revoked in the status list.
    expect(await verified(first.id)).toBe("revoked");
    expect((await credentialsOf("ana")).find((listed) => listed.id === first.id)).toMatchObject({ revoked_reason: "staff" });

    await drainQueue();
    const current = (await credentialsOf("ana")).find((listed) => listed.revoked_at === null);
    expect(current).toMatchObject({ hours: 2 });
    expect(await verified(current!.id)).toBe("authentic");

    const audit = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE target_id = ? AND action = 'record.corrected'").bind(ids.record).all<{ detail: string }>();
    expect(audit.results.map((row) => JSON.parse(row.detail))).toEqual([{ reason: "Left at noon", hours_before: 3, hours: 2 }]);
    const mails = await mailbox("ana@x.example");
    expect(mails.length).toBeGreaterThan(before);
    expect(mails.some((mail) => mail.subject === "Your hours for Beach clean-up were corrected" && mail.text.includes("Left at noon"))).toBe(true);
  });

  it("is followed by the rollups the ranking reads and by the impact ledger", async () => {
    expect(await rankedHours(ids.ana)).toBe(2);
    expect(await ledgerHours()).toBe(2);
  });

  it("loses to a correction made meanwhile: the second one is a 409 with the record as stored", async () => {
    const [a, b] = await Promise.all([
      correct(ids.record, { status: "corrected", hours: 1, reason: "One hour" }),
      correct(ids.record, { status: "corrected", hours: 4, reason: "Four hours" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = await json(a.status === 409 ? a : b);
    expect(loser).toMatchObject({ error: "record_not_correctable", current: { id: ids.record, status: "validated" } });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ? AND action = 'record.corrected'").bind(ids.record).first<{ n: number }>())!.n).toBe(2);
    await drainQueue();
  });
});

describe("taking validated hours back", () => {
  it("rejects the record with its reason, revokes the credential at once and issues none; the hours stop counting", async () => {
    const [current] = (await credentialsOf("ana")).filter((listed) => listed.revoked_at === null);
    const response = await correct(ids.record, { status: "rejected", reason: "Not there that day" });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ status: "rejected", reject_reason: "Not there that day" });
    expect(await verified(current.id)).toBe("revoked");
    await drainQueue();
    expect((await credentialsOf("ana")).filter((listed) => listed.revoked_at === null)).toEqual([]);
    expect(await rankedHours(ids.ana)).toBe(0);
    expect(await ledgerHours()).toBe(0);
    const mails = await mailbox("ana@x.example");
    expect(mails.some((mail) => mail.subject === "Your report for Beach clean-up was not validated" && mail.text.includes("Not there that day"))).toBe(true);
  });

  it("takes nothing back twice: a rejected record is not correctable (409)", async () => {
    const response = await correct(ids.record, { status: "rejected", reason: "Again" });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ error: "record_not_correctable", current: { status: "rejected" } });
  });
});

describe("the staff screen /manage/records", () => {
  const { get, post } = pageRequests(sessions);

  it("lists validated records with a correction form, and corrects one through it", async () => {
    const other = await addParticipation((await env.DB.prepare("SELECT initiative_id FROM participations WHERE id = ?").bind(ids.participation).first<{ initiative_id: string }>())!.initiative_id, "org-acme", ids.alma);
    await addRecord(other.id, "validated", 5);
    const recordId = await recordOf(other.id);
    const page = await run(recordsScreen.loader as Route, get("olga", "/manage/records?status=validated"));
    expect(page.data!.page.records.map((record: { id: string }) => record.id)).toContain(recordId);

    const fields = (hours: string, reason: string, correction = "corrected"): [string, string][] => [["intent", "correct_record"], ["id", recordId], ["correction", correction], ["hours", hours], ["reason", reason]];
    expect(await run(recordsScreen.action as Route, post("olga", "/manage/records?status=validated", fields("", "Typo")))).toMatchObject({ status: 400, data: { id: recordId, fields: { hours: "form_error_invalid_number" } } });
    expect(await run(recordsScreen.action as Route, post("olga", "/manage/records?status=validated", fields("4", "")))).toMatchObject({ status: 400, data: { fields: { reason: "form_error_required" } } });
    expect(await run(recordsScreen.action as Route, post("ana", "/manage/records?status=validated", fields("4", "Typo")))).toMatchObject({ status: 404 });
    expect(await run(recordsScreen.action as Route, post("olga", "/manage/records?status=validated", fields("4", "Typo")))).toMatchObject({ status: 200, data: { done: { status: "corrected", count: 1 }, id: recordId } });
    expect((await env.DB.prepare("SELECT hours FROM participation_records WHERE id = ?").bind(recordId).first<{ hours: number }>())!.hours).toBe(4);
  });
});

describe("receivers of webhooks (issue 31)", () => {
  it("hear of a correction as validated hours again and of hours taken back as a rejection, in the correction's own write", async () => {
    const endpoint = await call("POST", "/api/acme/admin/webhooks", { token: tokens.alma, body: { url: "https://receiver.example.com/records", events: ["record.validated", "record.rejected"] } });
    expect(endpoint.status).toBe(201);
    const since = (await env.DB.prepare("SELECT coalesce(max(rowid), 0) AS n FROM webhook_events").first<{ n: number }>())!.n;
    const other = await addParticipation((await env.DB.prepare("SELECT initiative_id FROM participations WHERE id = ?").bind(ids.participation).first<{ initiative_id: string }>())!.initiative_id, "org-acme", ids.olga);
    await addRecord(other.id, "validated", 6);
    const recordId = await recordOf(other.id);
    const events = async () =>
      (await env.DB.prepare("SELECT type, resource, payload FROM webhook_events WHERE rowid > ? AND resource = ? ORDER BY rowid").bind(since, `record:${recordId}`).all<{ type: string; payload: string }>()).results.map(
        (event) => ({ type: event.type, ...JSON.parse(event.payload) }),
      );

    expect((await correct(recordId, { status: "corrected", hours: 5, reason: "Left early" }, "alma")).status).toBe(200);
    // A refused correction (the hours already validated) and a refused taking back write no event.
    expect((await correct(recordId, { status: "corrected", hours: 5, reason: "Same" }, "alma")).status).toBe(400);
    expect((await correct(recordId, { status: "rejected", reason: "Not there" }, "alma")).status).toBe(200);
    expect((await correct(recordId, { status: "rejected", reason: "Again" }, "alma")).status).toBe(409);
    expect(await events()).toMatchObject([
      { type: "record.validated", record: { id: recordId, status: "validated", hours: 5 }, corrected: true, hours_before: 6 },
      { type: "record.rejected", record: { id: recordId, status: "rejected", hours: 5 }, corrected: true, hours_before: 5 },
    ]);
    expect((await call("DELETE", `/api/acme/admin/webhooks/${(await json(endpoint)).endpoint.id}`, { token: tokens.alma })).status).toBe(204);
  });
});
