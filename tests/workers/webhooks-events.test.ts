/**
 * Each change of issue 31's event list writes its event through the outbox, in its own batch, once
 * (decision 051): staff decisions on initiatives, participants, records and pledges; a member
 * leaving; hours validated at the check-in desk; a proposal sent and approved (the approval's initiative is `initiative.created` too); a
 * member joining and removed; a credential issued through the queue and revoked by its holder. A
 * decision that changes nothing (already taken, or refused) writes no second event.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { checkinQrValue } from "../../app/domain/checkin";
import { WEBHOOK_EVENT_TYPES } from "../../app/domain/webhooks";
import { createMember as createAccount } from "../../workers/auth/members";
import { addContribution, addParticipation, addRecord, createInitiative, DAY } from "./initiatives-fixtures";
import { captureQueue } from "./queue-capture";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let drainQueue: () => Promise<unknown>;

const typesSince = async (seq: number) =>
  (await env.DB.prepare("SELECT rowid AS seq, type, resource, payload FROM webhook_events WHERE org_id = 'org-acme' AND rowid > ? AND type != 'webhook.test' ORDER BY rowid").bind(seq).all<{ seq: number; type: string; resource: string; payload: string }>()).results;
const lastSeq = async () => (await env.DB.prepare("SELECT coalesce(max(rowid), 0) AS n FROM webhook_events").first<{ n: number }>())!.n;

/** The events one step wrote. */
async function eventsOf(step: () => Promise<unknown>) {
  const before = await lastSeq();
  await step();
  return typesSince(before);
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.features.proposals', json('true')) WHERE id = 'org-acme'").run();
  for (const [name, role] of [["admin", "admin"], ["ana", "member"], ["bea", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name })).id;
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  drainQueue = captureQueue().drain;
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("ok"));
  const created = await call("POST", "/api/acme/admin/webhooks", { token: tokens.admin, body: { url: "https://receiver.example.com/all", events: [...WEBHOOK_EVENT_TYPES] } });
  expect(created.status).toBe(201);
});

describe("every change writes its event once", () => {
  it("staff change an initiative's state: updated, then cancelled; the same state again writes nothing", async () => {
    const initiative = await createInitiative({ orgId: "org-acme", title: "Harbour walk", slug: "harbour-walk" });
    const suspended = await eventsOf(() => call("PUT", `/api/acme/manage/initiatives/${initiative.id}`, { token: tokens.admin, body: { status: "suspended" } }));
    expect(suspended.map((event) => event.type)).toEqual(["initiative.updated"]);
    const cancelled = await eventsOf(() => call("PUT", `/api/acme/manage/initiatives/${initiative.id}`, { token: tokens.admin, body: { status: "canceled" } }));
    expect(cancelled.map((event) => [event.type, event.resource])).toEqual([["initiative.cancelled", `initiative:${initiative.id}`]]);
    expect(JSON.parse(cancelled[0].payload)).toMatchObject({ initiative: { id: initiative.id, slug: "harbour-walk", status: "canceled", url: "http://acme.localhost:8787/initiative/harbour-walk" } });
    expect(await eventsOf(() => call("PUT", `/api/acme/manage/initiatives/${initiative.id}`, { token: tokens.admin, body: { status: "canceled" } }))).toEqual([]);
  });

  it("a member leaves, staff reject a participant, and decide on hours and a pledge", async () => {
    const initiative = await createInitiative({ orgId: "org-acme", title: "Food bank", startTime: Date.now() + 3 * DAY });
    expect((await eventsOf(() => call("PUT", `/api/acme/initiative/${initiative.id}`, { token: tokens.ana }))).map((event) => event.type)).toEqual(["participation.joined"]);
    expect((await eventsOf(() => call("DELETE", `/api/acme/initiative/${initiative.id}`, { token: tokens.ana }))).map((event) => [event.type, event.resource])).toEqual([
      ["participation.left", `participation:${initiative.id}:${ids.ana}`],
    ]);

    const bea = await addParticipation(initiative.id, "org-acme", ids.bea);
    const rejected = await eventsOf(() => call("PUT", `/api/acme/manage/initiatives/${initiative.id}/participants/${bea.uuid}`, { token: tokens.admin, body: { status: "rejected" } }));
    expect(rejected.map((event) => event.type)).toEqual(["participation.rejected"]);
    expect(JSON.parse(rejected[0].payload)).toMatchObject({ participation: { uuid: bea.uuid, status: "rejected", member_id: ids.bea } });

    const worked = await createInitiative({ orgId: "org-acme", title: "Past clean-up", startTime: Date.now() - 3 * DAY, endTime: Date.now() - 3 * DAY + 3_600_000 });
    const ana = await addParticipation(worked.id, "org-acme", ids.ana);
    await addRecord(ana.id, "pending", 3);
    const record = (await env.DB.prepare("SELECT id FROM participation_records WHERE participation_id = ?").bind(ana.id).first<{ id: string }>())!.id;
    const validated = await eventsOf(() => call("PUT", `/api/acme/manage/records/${record}`, { token: tokens.admin, body: { status: "validated" } }));
    expect(validated.map((event) => event.type)).toEqual(["record.validated"]);
    expect(JSON.parse(validated[0].payload)).toMatchObject({ record: { id: record, type: "hours", status: "validated", hours: 3 }, participation: { uuid: ana.uuid } });
    // Decided again: 409, no second event.
    expect(await eventsOf(() => call("PUT", `/api/acme/manage/records/${record}`, { token: tokens.admin, body: { status: "rejected", reason: "No." } }))).toEqual([]);

    // The validation queued the credential; issuing it writes certificate.issued, the holder's revocation certificate.revoked.
    const issued = await eventsOf(() => drainQueue());
    expect(issued.map((event) => event.type)).toEqual(["certificate.issued"]);
    const credential = JSON.parse(issued[0].payload).certificate;
    expect(credential).toMatchObject({ kind: "participation", member_id: ids.ana, hours: 3 });
    const revoked = await eventsOf(() => call("POST", `/api/acme/credentials/${credential.id}/revoke`, { token: tokens.ana }));
    expect(revoked.map((event) => event.type)).toEqual(["certificate.revoked"]);
    expect(await eventsOf(() => call("POST", `/api/acme/credentials/${credential.id}/revoke`, { token: tokens.ana }))).toEqual([]);

    const donation = await createInitiative({ orgId: "org-acme", title: "Give", type: "donation" });
    await addContribution(donation.id, "org-acme", ids.bea, 2500, "pending");
    const pledge = (await env.DB.prepare("SELECT id FROM contributions WHERE initiative_id = ?").bind(donation.id).first<{ id: string }>())!.id;
    const confirmed = await eventsOf(() => call("PUT", `/api/acme/manage/contributions/${pledge}`, { token: tokens.admin, body: { status: "confirmed" } }));
    expect(confirmed.map((event) => event.type)).toEqual(["contribution.confirmed"]);
    expect(JSON.parse(confirmed[0].payload)).toMatchObject({ contribution: { id: pledge, amount_minor: 2500, currency: "EUR", member_id: ids.bea } });
  });

  it("a check-in at the desk validates hours: record.validated once, not again for the same day", async () => {
    const desk = await createInitiative({ orgId: "org-acme", slug: "charity-run", title: "Charity run", participationMethod: "qr", hoursPerDay: 3, startTime: Date.now() - DAY });
    const { uuid } = await addParticipation(desk.id, "org-acme", ids.bea);
    const code = (await json(await call("GET", "/api/acme/initiative/charity-run", { token: tokens.bea }))).checkin_code;
    const checkIn = () => call("POST", `/api/acme/manage/initiatives/${desk.id}/checkin`, { token: tokens.admin, body: { code: checkinQrValue(uuid, code) } });
    const first = await eventsOf(checkIn);
    expect(first.map((event) => event.type)).toEqual(["record.validated"]);
    expect(JSON.parse(first[0].payload)).toMatchObject({ record: { type: "hours", status: "validated", hours: 3 }, participation: { uuid }, initiative: { id: desk.id, slug: "charity-run" } });
    expect(await eventsOf(checkIn)).toEqual([]);
  });

  it("a proposal sent and approved: submitted, then approved with its initiative created", async () => {
    const start = new Date(Date.now() + 7 * DAY).toISOString();
    const end = new Date(Date.now() + 7 * DAY + 7_200_000).toISOString();
    const body = { type: "volunteering", title: "Reading club", description: "Read aloud.", start_time: start, end_time: end, is_in_person: false, is_remote: true, remote_url: "https://meet.example.com/x", sdgs: [], competences: [], help_organize: false, max_participants: 8 };
    let proposal = "";
    const submitted = await eventsOf(async () => {
      const response = await call("POST", "/api/acme/proposal", { token: tokens.bea, body });
      expect(response.status).toBe(201);
      proposal = (await json(response)).id;
    });
    expect(submitted.map((event) => [event.type, event.resource])).toEqual([["proposal.submitted", `proposal:${proposal}`]]);
    const approved = await eventsOf(() => call("PUT", `/api/acme/manage/proposals/${proposal}`, { token: tokens.admin, body: { status: "open" } }));
    expect(approved.map((event) => event.type).sort()).toEqual(["initiative.created", "proposal.approved"]);
    expect(await eventsOf(() => call("PUT", `/api/acme/manage/proposals/${proposal}`, { token: tokens.admin, body: { status: "rejected", reject_reason: "Late." } }))).toEqual([]);
  });

  it("a member joins the organisation and is removed", async () => {
    let id = "";
    const joined = await eventsOf(async () => {
      id = await createAccount(env, { email: "new@acme.example", name: "New", language: "en-US", passwordHash: null, emailConfirmed: true, orgId: "org-acme", termsVersion: 1, commercialComms: false });
    });
    expect(joined.map((event) => [event.type, event.resource])).toEqual([["member.joined", `member:${id}`]]);
    expect(JSON.parse(joined[0].payload)).toEqual({ member: { id, email: "new@acme.example", name: "New" } });
    const removed = await eventsOf(() => call("DELETE", `/api/acme/admin/members/${id}`, { token: tokens.admin }));
    expect(removed.map((event) => event.type)).toEqual(["member.removed"]);
    expect(await eventsOf(() => call("DELETE", `/api/acme/admin/members/${id}`, { token: tokens.admin }))).toEqual([]);
  });
});
