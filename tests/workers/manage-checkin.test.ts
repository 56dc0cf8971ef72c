/**
 * Check-in by QR or typed code (issue 11, point 4, docs/api/manage.md): the member's signed code,
 * the organiser's sheet with the initiative's key, a check-in recorded as validated hours once per
 * day however often it is sent, and every refusal (forged code, another initiative's code, not
 * accepted, not approved, too old, too many hours, not the organiser's initiative).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { checkinCode, checkinQrValue, formatCheckinCode } from "../../app/domain/checkin";
import { base64UrlDecode } from "../../workers/lib/crypto";
import { addParticipation, createInitiative, DAY, HOUR } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const api = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/manage${path}`, { token: tokens[who], body });
const checkin = (who: string, body: Record<string, unknown>, initiative = ids.run) => api(who, "POST", `/initiatives/${initiative}/checkin`, body);

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [
    ["olga", "organiser"],
    ["otto", "organiser"],
    ["marta", "member"],
    ["pablo", "member"],
    ["rosa", "member"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) })).id;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  const run = await createInitiative({ orgId: acme.id, slug: "charity-run", title: "Charity run", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 3, startTime: Date.now() - DAY });
  const other = await createInitiative({ orgId: acme.id, slug: "other-run", title: "Other run", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 2 });
  ids.run = run.id;
  ids.other = other.id;
  ids.martaUuid = (await addParticipation(run.id, acme.id, ids.marta)).uuid;
  ids.pabloUuid = (await addParticipation(run.id, acme.id, ids.pablo, "accepted", { managerApprovalStatus: "pending" })).uuid;
  ids.rosaUuid = (await addParticipation(other.id, acme.id, ids.rosa)).uuid;
  for (const name of ["olga", "otto", "marta", "rosa"]) tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("the member's code", () => {
  it("is on a qr initiative of an accepted participant, and nowhere else", async () => {
    const mine = await json(await call("GET", "/api/acme/initiative/charity-run", { token: tokens.marta }));
    expect(mine.checkin_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    ids.martaCode = mine.checkin_code;
    const notMine = await json(await call("GET", "/api/acme/initiative/other-run", { token: tokens.marta }));
    expect(notMine.checkin_code).toBeNull();
  });
});

describe("GET /api/{org}/manage/initiatives/{id}/checkin", () => {
  it("gives the organiser the key and who may be checked in", async () => {
    const sheet = await json(await api("olga", "GET", `/initiatives/${ids.run}/checkin`));
    expect(sheet.initiative).toMatchObject({ title: "Charity run", hours_per_day: 3, participation_method: "qr" });
    expect(sheet.participants.map((p: { name: string; approval: string }) => [p.name, p.approval])).toEqual([
      ["Marta", "not_needed"],
      ["Pablo", "pending"],
    ]);
    // The key verifies the member's code where the screen has no network.
    expect(await checkinCode(base64UrlDecode(sheet.key), ids.martaUuid)).toBe(ids.martaCode);
  });

  it("is refused to another organiser and a member (403), and another organisation (404)", async () => {
    expect((await api("otto", "GET", `/initiatives/${ids.run}/checkin`)).status).toBe(403);
    expect((await api("marta", "GET", `/initiatives/${ids.run}/checkin`)).status).toBe(403);
    expect((await call("GET", `/api/commons/manage/initiatives/${ids.run}/checkin`, { token: tokens.cora })).status).toBe(404);
  });
});

describe("POST /api/{org}/manage/initiatives/{id}/checkin", () => {
  it("records the scanned code as validated hours of today, once however often it is sent", async () => {
    const first = await checkin("olga", { code: checkinQrValue(ids.martaUuid, ids.martaCode) });
    expect(first.status).toBe(201);
    const made = await json(first);
    expect(made).toMatchObject({ participant: { uuid: ids.martaUuid, name: "Marta" }, hours: 3 });
    const again = await checkin("olga", { code: formatCheckinCode(ids.martaCode).toLowerCase(), hours: 2 });
    expect(again.status).toBe(200);
    expect((await json(again)).record_id).toBe(made.record_id);
    const rows = await env.DB.prepare("SELECT r.status, r.hours, r.reviewed_by FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE p.uuid = ?")
      .bind(ids.martaUuid)
      .all();
    expect(rows.results).toEqual([{ status: "validated", hours: 3, reviewed_by: ids.olga }]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'participant.checked_in'").first<{ n: number }>())!.n).toBe(1);
    const sheet = await json(await api("olga", "GET", `/initiatives/${ids.run}/checkin`));
    expect(sheet.participants.find((p: { uuid: string }) => p.uuid === ids.martaUuid).checked_in_today).toBe(true);
  });

  it("accepts a check-in made offline yesterday as yesterday's", async () => {
    const yesterday = new Date(Date.now() - DAY).toISOString();
    const answer = await checkin("olga", { code: ids.martaCode, at: yesterday });
    expect(answer.status).toBe(201);
    expect((await json(answer)).at).toBe(yesterday);
    expect((await checkin("olga", { code: ids.martaCode, at: new Date(Date.now() - 9 * DAY).toISOString() })).status).toBe(400);
  });

  it("refuses forged codes and codes of another initiative, saying nothing of who exists", async () => {
    const forged = await checkin("olga", { code: checkinQrValue(ids.martaUuid, "ABCDEFGHJK") });
    expect(forged.status).toBe(400);
    expect(await json(forged)).toMatchObject({ error: "checkin_code_invalid", fields: { code: "form_error_checkin_code" } });
    const rosa = await json(await call("GET", "/api/acme/initiative/other-run", { token: tokens.rosa }));
    expect((await checkin("olga", { code: checkinQrValue(ids.rosaUuid, rosa.checkin_code) })).status).toBe(400);
    expect((await checkin("olga", { code: rosa.checkin_code })).status).toBe(400);
    expect((await checkin("olga", { code: "not a code" })).status).toBe(400);
  });

  it("refuses attendance the manager has not approved, and hours beyond the day", async () => {
    const sheet = await json(await api("olga", "GET", `/initiatives/${ids.run}/checkin`));
    const pabloCode = await checkinCode(base64UrlDecode(sheet.key), ids.pabloUuid);
    const pending = await checkin("olga", { code: pabloCode });
    expect(pending.status).toBe(409);
    expect((await json(pending)).error).toBe("approval_not_granted");
    const tooMany = await checkin("olga", { code: ids.martaCode, hours: 4, at: new Date(Date.now() - 2 * DAY).toISOString() });
    expect((await json(tooMany)).fields).toEqual({ hours: "form_error_invalid_number" });
  });

  it("counts only on the initiative's dates: not before it starts, not after it ends, and one code does not replay on the days before (issue 25)", async () => {
    const acme = "org-acme";
    const now = Date.now();
    const soon = await createInitiative({ orgId: acme, slug: "starts-later", title: "Starts later", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 2, startTime: now + 3 * DAY, endTime: now + 4 * DAY });
    const today = await createInitiative({ orgId: acme, slug: "one-day", title: "One day", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 2, startTime: now, endTime: now });
    const soonUuid = (await addParticipation(soon.id, acme, ids.marta)).uuid;
    const todayUuid = (await addParticipation(today.id, acme, ids.marta)).uuid;
    const codeOf = async (initiative: string, uuid: string) => checkinCode(base64UrlDecode((await json(await api("olga", "GET", `/initiatives/${initiative}/checkin`))).key), uuid);
    const early = await checkin("olga", { code: await codeOf(soon.id, soonUuid) }, soon.id);
    expect(early.status).toBe(400);
    expect(await json(early)).toMatchObject({ error: "checkin_outside_dates" });
    const code = await codeOf(today.id, todayUuid);
    for (let days = 1; days < 7; days++) {
      const replay = await checkin("olga", { code, at: new Date(now - days * DAY).toISOString() }, today.id);
      expect(replay.status, `${days} days before`).toBe(400);
      expect((await json(replay)).error).toBe("checkin_outside_dates");
    }
    expect((await checkin("olga", { code }, today.id)).status).toBe(201);
    const recorded = await env.DB.prepare("SELECT count(*) AS n FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE p.initiative_id IN (?, ?)")
      .bind(soon.id, today.id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(1);
  });

  it("takes the hours of an initiative without hours a day from its length, and asks for them when it has none (issue 28)", async () => {
    const acme = "org-acme";
    const now = Date.now();
    const workshop = await createInitiative({ orgId: acme, slug: "five-hour-workshop", title: "Workshop", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 0, startTime: now - 2 * HOUR, endTime: now + 3 * HOUR });
    const open = await createInitiative({ orgId: acme, slug: "open-ended", title: "Open ended", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 0, startTime: now - DAY, endTime: null });
    const sheetOf = async (initiative: string) => json(await api("olga", "GET", `/initiatives/${initiative}/checkin`));
    const workshopSheet = await sheetOf(workshop.id);
    // The desk gets the dates it pre-fills the hours from and judges the day by.
    expect(workshopSheet.initiative).toMatchObject({ hours_per_day: 0, start_time: new Date(now - 2 * HOUR).toISOString(), end_time: new Date(now + 3 * HOUR).toISOString() });
    expect((await sheetOf(open.id)).initiative).toMatchObject({ hours_per_day: 0, end_time: null });
    const workshopUuid = (await addParticipation(workshop.id, acme, ids.marta)).uuid;
    const made = await checkin("olga", { code: await checkinCode(base64UrlDecode(workshopSheet.key), workshopUuid) }, workshop.id);
    expect(made.status).toBe(201);
    expect((await json(made)).hours).toBe(5);
    const openUuid = (await addParticipation(open.id, acme, ids.marta)).uuid;
    const openCode = await checkinCode(base64UrlDecode((await sheetOf(open.id)).key), openUuid);
    const missing = await checkin("olga", { code: openCode }, open.id);
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ error: "validation_error", fields: { hours: "form_error_required" } });
    const typed = await checkin("olga", { code: openCode, hours: 2 }, open.id);
    expect(typed.status).toBe(201);
    expect((await json(typed)).hours).toBe(2);
  });

  it("is refused to another organiser (403) and a member (403)", async () => {
    expect((await checkin("otto", { code: ids.martaCode })).status).toBe(403);
    expect((await checkin("marta", { code: ids.martaCode })).status).toBe(403);
  });
});
