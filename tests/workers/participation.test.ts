import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { findInitiative } from "../../workers/initiatives/queries";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { calendarDay, regionZone } from "../../app/domain/initiatives";
import { DAY, HOUR, addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

let marta: string; // accepted participant
let pablo: string; // member of acme who did not join
let ana: string; // member of another organisation
const participationIds: Record<string, string> = {};
let martaId: string;
/** Started yesterday, ends next week: hours may be reported today. */
const running = { startTime: Date.now() - DAY, endTime: Date.now() + 7 * DAY };

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const m = await createMember({ email: "marta@acme.example", orgId: acme.id });
  martaId = m.id;
  const p = await createMember({ email: "pablo@acme.example", orgId: acme.id });
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  const hours = await createInitiative({
    orgId: acme.id,
    slug: "beach-cleanup",
    hoursPerDay: 6,
    ...running,
    indicators: [{ id: "ind-kg", name: "Rubbish collected", unit: "kilogram" }],
  });
  await addParticipation(hours.id, acme.id, m.id, "accepted");
  await addParticipation(hours.id, acme.id, p.id, "not_going");
  const qr = await createInitiative({ orgId: acme.id, slug: "qr-event", participationMethod: "qr" });
  await addParticipation(qr.id, acme.id, m.id, "accepted");
  const uncapped = await createInitiative({ orgId: acme.id, slug: "uncapped", hoursPerDay: 0, ...running });
  await addParticipation(uncapped.id, acme.id, m.id, "accepted");
  for (const [slug, hoursPerDay] of [["four-a-day", 4], ["thirty-a-day", 30], ["race", 4]] as const) {
    const ini = await createInitiative({ orgId: acme.id, slug, hoursPerDay, ...running, indicators: [{ id: `ind-${slug}`, name: "Kilos", unit: "kilogram" }] });
    participationIds[slug] = (await addParticipation(ini.id, acme.id, m.id, "accepted")).id;
  }
  const future = await createInitiative({ orgId: acme.id, slug: "next-week", hoursPerDay: 4, startTime: Date.now() + 7 * DAY, endTime: Date.now() + 7 * DAY + 4 * HOUR });
  await addParticipation(future.id, acme.id, m.id, "accepted");
  await createInitiative({ orgId: acme.id, slug: "food-bank", type: "donation", donation: { currency: "EUR", sources: '["transfer"]' } });
  await createInitiative({ orgId: acme.id, slug: "talk", type: "informative" });
  const other = await createInitiative({ orgId: acme.id, slug: "other", ...running, indicators: [{ id: "ind-other", name: "Trees", unit: "number" }] });
  await addParticipation(other.id, acme.id, m.id, "accepted");
  marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  pablo = (await login("pablo@acme.example", "Correct-Horse-9")).body.access_token;
  ana = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
});

const hours = (slug: string, body: unknown, token = marta) => call("POST", `/api/acme/initiative/${slug}/participation`, { token, body });
const indicator = (slug: string, id: string, body: unknown, token = marta) =>
  call("POST", `/api/acme/initiative/${slug}/indicator/${id}/participation`, { token, body });

describe("POST /api/{org}/initiative/{slug}/participation", () => {
  it("records the hours of an accepted participant as a pending record, shown on the initiative", async () => {
    const res = await hours("beach-cleanup", { hours: 4 });
    expect(res.status).toBe(201);
    const record = await json(res);
    expect(record).toMatchObject({ type: "hours", hours: 4, value: null, unit: null, indicator_id: null, status: "pending" });
    expect(new Date(record.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const acme = (await getOrganizationBySlug(env, "acme"))!;
    const detail = await findInitiative(env, acme, martaId, { slug: "beach-cleanup" });
    expect(detail!.participations[0]).toEqual(record);
  });

  it("takes hours as a whole-number string too (form posts)", async () => {
    expect((await hours("beach-cleanup", { hours: "2" })).status).toBe(201);
  });

  it.each([
    [{ hours: 2.5 }, "participation_error_hours_whole"],
    [{ hours: "2,5" }, "participation_error_hours_whole"],
    [{ hours: "abc" }, "participation_error_hours_whole"],
    [{ hours: 0 }, "participation_error_hours_min"],
    [{ hours: -3 }, "participation_error_hours_min"],
    [{ hours: 7 }, "participation_error_hours_max"],
    [{}, "form_error_required"],
  ])("refuses %j with 400 fields.hours = %s", async (body, key) => {
    const res = await hours("beach-cleanup", body);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ fields: { hours: key } });
  });

  it("caps a day at 24 hours when hours_per_day is 0", async () => {
    expect((await hours("uncapped", { hours: 12 })).status).toBe(201);
    expect((await hours("uncapped", { hours: 12 })).status).toBe(201);
    const res = await hours("uncapped", { hours: 1 });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ fields: { hours: "participation_error_hours_max" } });
  });

  it("never takes more than 24 hours a day, even when hours_per_day says more", async () => {
    expect(await json(await hours("thirty-a-day", { hours: 25 }))).toMatchObject({ fields: { hours: "participation_error_hours_max" } });
    expect((await hours("thirty-a-day", { hours: 24 })).status).toBe(201);
  });

  it("sums hours_per_day over the organisation's calendar day, not per report", async () => {
    const day = calendarDay(Date.now(), regionZone("ES"));
    const insert = env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, ?, ?)");
    // Yesterday (in Madrid, Acme's region) and a rejected report today do not count.
    await insert.bind(crypto.randomUUID(), participationIds["four-a-day"], 4, "validated", day.start - 1).run();
    await insert.bind(crypto.randomUUID(), participationIds["four-a-day"], 4, "rejected", day.start).run();
    expect((await hours("four-a-day", { hours: 3 })).status).toBe(201);
    const over = await hours("four-a-day", { hours: 2 });
    expect(over.status).toBe(400);
    expect(await json(over)).toMatchObject({ error: "validation_error", fields: { hours: "participation_error_hours_max" } });
    expect((await hours("four-a-day", { hours: 1 })).status).toBe(201);
    expect((await json(await hours("four-a-day", { hours: 1 }))).fields).toEqual({ hours: "participation_error_hours_max" });
    // Indicators are not hours.
    expect((await indicator("four-a-day", "ind-four-a-day", { value: 5 })).status).toBe(201);
  });

  it("lets only one of two reports sent at once pass the day's cap", async () => {
    const answers = await Promise.all([hours("race", { hours: 3 }), hours("race", { hours: 3 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const total = await env.DB.prepare("SELECT sum(hours) AS n FROM participation_records WHERE participation_id = ?").bind(participationIds.race).first<{ n: number }>();
    expect(total!.n).toBe(3);
  });

  it("refuses hours before the initiative starts (409 participation_not_started)", async () => {
    const res = await hours("next-week", { hours: 2 });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: "participation_not_started" });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await call("POST", "/api/acme/initiative/beach-cleanup/participation", {
      token: marta,
      rawBody: "{hours",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: "bad_request", message: "The body must be JSON." });
  });

  it("needs an accepted participant: 403 for a not-going or never-joined member", async () => {
    const res = await hours("beach-cleanup", { hours: 2 }, pablo);
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "not_participant" });
  });

  it("refuses hours for method qr (409), and for donation or informative initiatives (409)", async () => {
    expect(await json(await hours("qr-event", { hours: 2 }))).toMatchObject({ error: "participation_method_qr" });
    for (const slug of ["food-bank", "talk"]) {
      const res = await hours(slug, { hours: 2 });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ error: "participation_not_applicable" });
    }
  });

  it("needs a token (401) and answers 404 for unknown initiatives", async () => {
    expect((await call("POST", "/api/acme/initiative/beach-cleanup/participation", { body: { hours: 2 } })).status).toBe(401);
    expect((await hours("nowhere", { hours: 2 })).status).toBe(404);
  });
});

describe("POST /api/{org}/initiative/{slug}/indicator/{id}/participation", () => {
  it("records an indicator value with the indicator's unit", async () => {
    const res = await indicator("beach-cleanup", "ind-kg", { value: 35 });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ type: "indicator", value: 35, hours: null, unit: "kilogram", indicator_id: "ind-kg", status: "pending" });
  });

  it.each([
    [{ value: 0 }, "participation_error_value_min"],
    [{ value: -1 }, "participation_error_value_min"],
    [{ value: 1.5 }, "participation_error_value_whole"],
    [{ value: "x" }, "participation_error_value_whole"],
    [{ value: 1_000_000_001 }, "participation_error_value_max"],
    [{ value: "99999999999999999999" }, "participation_error_value_max"],
    [{}, "form_error_required"],
  ])("refuses %j with 400 fields.value = %s", async (body, key) => {
    const res = await indicator("beach-cleanup", "ind-kg", body);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ fields: { value: key } });
  });

  it("takes values up to 1,000,000,000", async () => {
    expect(await json(await indicator("beach-cleanup", "ind-kg", { value: 1_000_000_000 }))).toMatchObject({ value: 1_000_000_000 });
  });

  it("needs the indicator to belong to the initiative (404 indicator_not_found)", async () => {
    const res = await indicator("beach-cleanup", "ind-other", { value: 3 });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: "indicator_not_found" });
  });

  it("needs an accepted participant (403)", async () => {
    expect((await indicator("beach-cleanup", "ind-kg", { value: 3 }, pablo)).status).toBe(403);
  });
});

describe("tenant isolation", () => {
  it("answers 404 to a member of another organisation on both endpoints and records nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM participation_records").first<{ n: number }>();
    expect((await hours("beach-cleanup", { hours: 2 }, ana)).status).toBe(404);
    expect((await indicator("beach-cleanup", "ind-kg", { value: 2 }, ana)).status).toBe(404);
    // Even through their own organisation's path, acme's initiative does not exist there.
    expect((await call("POST", "/api/commons/initiative/beach-cleanup/participation", { token: ana, body: { hours: 2 } })).status).toBe(404);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM participation_records").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("keeps records on the member's own participation", async () => {
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE p.member_id != ?",
    )
      .bind(martaId)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});
