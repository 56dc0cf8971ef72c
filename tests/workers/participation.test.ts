import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { findInitiative } from "../../workers/initiatives/queries";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

let marta: string; // accepted participant
let pablo: string; // member of acme who did not join
let ana: string; // member of another organisation
let martaId: string;

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
    indicators: [{ id: "ind-kg", name: "Rubbish collected", unit: "kilogram" }],
  });
  await addParticipation(hours.id, acme.id, m.id, "accepted");
  await addParticipation(hours.id, acme.id, p.id, "not_going");
  const qr = await createInitiative({ orgId: acme.id, slug: "qr-event", participationMethod: "qr" });
  await addParticipation(qr.id, acme.id, m.id, "accepted");
  const uncapped = await createInitiative({ orgId: acme.id, slug: "uncapped", hoursPerDay: 0 });
  await addParticipation(uncapped.id, acme.id, m.id, "accepted");
  await createInitiative({ orgId: acme.id, slug: "food-bank", type: "donation", donation: { currency: "EUR", sources: '["transfer"]' } });
  await createInitiative({ orgId: acme.id, slug: "talk", type: "informative" });
  const other = await createInitiative({ orgId: acme.id, slug: "other", indicators: [{ id: "ind-other", name: "Trees", unit: "number" }] });
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

  it("has no daily maximum when hours_per_day is 0", async () => {
    expect((await hours("uncapped", { hours: 12 })).status).toBe(201);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await call("POST", "/api/acme/initiative/beach-cleanup/participation", {
      token: marta,
      rawBody: "{hours",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
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
    [{}, "form_error_required"],
  ])("refuses %j with 400 fields.value = %s", async (body, key) => {
    const res = await indicator("beach-cleanup", "ind-kg", body);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ fields: { value: key } });
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
