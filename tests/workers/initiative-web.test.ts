/**
 * The initiative screens' server side (app/routes/_app.initiative.$slug.($action)/initiative.server.ts) with the member's web session
 * against the real API: what the page loads (views, 404s, the participate redirect, the QR code)
 * and what its form intents answer (redirects after joining and rating, field errors with the
 * domain's message keys, the API's 409 codes, interest removal going to /wall).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { createWebSession } from "../../workers/auth/web-session";
import { initiativeIntent, loadInitiative } from "../../app/routes/_app.initiative.$slug.($action)/initiative.server";
import { addParticipation, createInitiative, DAY } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const marta = await createMember({ email: "marta@acme.example", orgId: acme.id });
  const other = await createMember({ email: "other@acme.example", orgId: acme.id });
  const now = Date.now();
  ids.open = (await createInitiative({ orgId: acme.id, slug: "open-shift", maxParticipants: 5 })).id;
  ids.full = (await createInitiative({ orgId: acme.id, slug: "full-shift", maxParticipants: 1 })).id;
  await addParticipation(ids.full, acme.id, other.id);
  ids.garden = (
    await createInitiative({
      orgId: acme.id,
      slug: "garden",
      participationMethod: "report_hours",
      hoursPerDay: 4,
      startTime: now - 2 * DAY,
      endTime: now + 20 * DAY,
      indicators: [{ id: "ind-kg", name: "Harvest", unit: "kilogram" }],
    })
  ).id;
  await addParticipation(ids.garden, acme.id, marta.id);
  ids.beach = (await createInitiative({ orgId: acme.id, slug: "beach", participationMethod: "qr" })).id;
  await addParticipation(ids.beach, acme.id, marta.id);
  ids.talk = (await createInitiative({ orgId: acme.id, slug: "talk", type: "informative" })).id;
  // Placed by the offline geocoder (Madrid's centre for a street), and a pin its organiser moved.
  await createInitiative({ orgId: acme.id, slug: "at-centre", isInPerson: true, address: "Calle Mayor 1, Madrid", latitude: 40.4168, longitude: -3.7038 });
  await createInitiative({ orgId: acme.id, slug: "at-door", isInPerson: true, address: "Calle Mayor 1, Madrid", latitude: 40.41539, longitude: -3.70736 });
  // Kept with the place when it was chosen: a street's middle an online geocoder gave (its own
  // approximation knows nothing of it), and a pin put by hand on a city's centre.
  await createInitiative({ orgId: acme.id, slug: "on-street", isInPerson: true, address: "Calle Mayor, Madrid", latitude: 40.41551, longitude: -3.70912, locationPrecision: "street" });
  await createInitiative({ orgId: acme.id, slug: "placed-at-centre", isInPerson: true, address: "Puerta del Sol, Madrid", latitude: 40.4168, longitude: -3.7038, locationPrecision: "exact" });
  const gifts = { currency: "EUR", sources: JSON.stringify(["transfer"]) };
  await createInitiative({ orgId: acme.id, slug: "gift-soon", type: "donation", startTime: now + DAY, endTime: now + 9 * DAY, donation: gifts });
  await createInitiative({ orgId: acme.id, slug: "gift-now", type: "donation", startTime: now - DAY, endTime: now + 9 * DAY, donation: gifts });
  context = await testLoadContext("acme");
  cookie = (await createWebSession(context, (await login("marta@acme.example", "Correct-Horse-9")).body)).split(";")[0];
});

const args = (path: string, init: RequestInit = {}) => ({
  context,
  request: new Request(`http://acme.localhost${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } }),
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("loadInitiative", () => {
  it("loads the detail with the base of the path and the organisation's rules config", async () => {
    const page = await loadInitiative(args("/wall/open-shift"), "open-shift", undefined);
    expect(page).toMatchObject({ view: "detail", base: "wall", initiative: { slug: "open-shift" }, qr: null });
    expect(page.config).toMatchObject({ points: true, require_manager_approval: true, region: expect.any(String) });
  });

  it("says a pin at a centre the geocoder gives is approximate, and a moved pin nothing (issue 28)", async () => {
    expect(await loadInitiative(args("/initiative/at-centre"), "at-centre", undefined)).toMatchObject({ locationPrecision: "city" });
    expect(await loadInitiative(args("/initiative/at-door"), "at-door", undefined)).toMatchObject({ locationPrecision: null });
    expect(await loadInitiative(args("/initiative/talk"), "talk", undefined)).toMatchObject({ locationPrecision: null });
  });

  it("says the precision kept with the place before anything the geocoder guesses of the point (issue 28)", async () => {
    expect(await loadInitiative(args("/initiative/on-street"), "on-street", undefined)).toMatchObject({ locationPrecision: "street", initiative: { location_precision: "street" } });
    expect(await loadInitiative(args("/initiative/placed-at-centre"), "placed-at-centre", undefined)).toMatchObject({ locationPrecision: "exact" });
  });

  it("answers 404 for an unknown initiative, a bad slug or an unknown action", async () => {
    expect((await thrown(loadInitiative(args("/initiative/nope"), "nope", undefined))).status).toBe(404);
    expect((await thrown(loadInitiative(args("/initiative/Bad_Slug"), "Bad_Slug", undefined))).status).toBe(404);
    expect((await thrown(loadInitiative(args("/initiative/open-shift/dance"), "open-shift", "dance"))).status).toBe(404);
    expect((await thrown(loadInitiative(args("/initiative/open-shift/contribute"), "open-shift", "contribute"))).status).toBe(404);
  });

  it("opens the donation drawer only while the donation takes gifts", async () => {
    const soon = await thrown(loadInitiative(args("/initiative/gift-soon/contribute"), "gift-soon", "contribute"));
    expect(soon.status).toBe(302);
    expect(soon.headers.get("location")).toBe("/initiative/gift-soon");
    expect(await loadInitiative(args("/initiative/gift-now/contribute"), "gift-now", "contribute")).toMatchObject({ view: "contribute" });
  });

  it("sends a member who does not take part from participate back to the detail", async () => {
    const response = await thrown(loadInitiative(args("/wall/open-shift/participate"), "open-shift", "participate"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/wall/open-shift");
  });

  it("draws the participant's QR code on the server for method qr", async () => {
    const page = await loadInitiative(args("/initiative/beach/participate"), "beach", "participate");
    expect(page.view).toBe("participate");
    expect(page.qr?.size).toBeGreaterThan(20);
    expect(page.qr?.path).toMatch(/^M/);
  });
});

describe("initiativeIntent", () => {
  it("joins and goes to my initiatives at the initiative (SPEC.md section 2)", async () => {
    const answer = await initiativeIntent(args("/initiative/open-shift", { method: "POST" }), "open-shift", form({ intent: "join", id: ids.open }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/initiative#open-shift");
  });

  it("says why joining was refused (409 initiative_full)", async () => {
    const answer = await initiativeIntent(args("/initiative/full-shift", { method: "POST" }), "full-shift", form({ intent: "join", id: ids.full }));
    expect(answer).toMatchObject({ status: 409, result: { intent: "join", ok: false, error: "initiative_full" } });
  });

  it("joins the waitlist of a full initiative, then leaves it", async () => {
    const joined = await initiativeIntent(args("/initiative/full-shift", { method: "POST" }), "full-shift", form({ intent: "waitlist_join", id: ids.full }));
    expect(joined).toMatchObject({ status: 200, result: { intent: "waitlist_join", ok: true } });
    expect((await loadInitiative(args("/initiative/full-shift"), "full-shift", undefined)).initiative.waitlist).toEqual({ status: "waiting", position: 1, offer_expires_at: null });
    const refused = await initiativeIntent(args("/initiative/open-shift", { method: "POST" }), "open-shift", form({ intent: "waitlist_join", id: ids.open }));
    // She took part in the open one in the first test.
    expect(refused).toMatchObject({ status: 409, result: { error: "already_joined" } });
    const left = await initiativeIntent(args("/initiative/full-shift", { method: "POST" }), "full-shift", form({ intent: "waitlist_leave", id: ids.full }));
    expect(left).toMatchObject({ status: 200, result: { ok: true } });
    expect((await loadInitiative(args("/initiative/full-shift"), "full-shift", undefined)).initiative.waitlist).toBeNull();
  });

  it("checks hours with the domain schema before calling the API, then records them", async () => {
    const tooMany = await initiativeIntent(args("/initiative/garden/participate", { method: "POST" }), "garden", form({ intent: "hours", hours: "9", hours_per_day: "4" }));
    expect(tooMany).toMatchObject({ status: 400, result: { fields: { hours: "participation_error_hours_max" } } });
    const ok = await initiativeIntent(args("/initiative/garden/participate", { method: "POST" }), "garden", form({ intent: "hours", hours: "3", hours_per_day: "4" }));
    expect(ok).toMatchObject({ status: 200, result: { intent: "hours", ok: true } });
    const value = await initiativeIntent(args("/initiative/garden/participate", { method: "POST" }), "garden", form({ intent: "indicator", indicator_id: "ind-kg", value: "12" }));
    expect(value).toMatchObject({ status: 200, result: { intent: "indicator", ok: true, indicator: "ind-kg" } });
    const page = await loadInitiative(args("/initiative/garden/participate"), "garden", "participate");
    expect(page.initiative.participations.map((r) => r.hours ?? r.value).sort()).toEqual([12, 3]);
  });

  it("refuses a rating without every shown score, then rates and goes to my initiatives", async () => {
    const missing = await initiativeIntent(args("/initiative/garden", { method: "POST" }), "garden", form({ intent: "score", initiative_score: "4.5" }));
    expect(missing).toMatchObject({ status: 400, result: { fields: { organization_score: "rating_error_required" } } });
    const rated = await initiativeIntent(args("/initiative/garden", { method: "POST" }), "garden", form({ intent: "score", initiative_score: "4.5", organization_score: "5" }));
    expect((rated as Response).headers.get("location")).toBe("/initiative#garden");
  });

  it("shows interest, and removing it goes to the wall", async () => {
    const shown = await initiativeIntent(args("/initiative/talk", { method: "POST" }), "talk", form({ intent: "interested", id: ids.talk }));
    expect(shown).toMatchObject({ status: 200, result: { ok: true } });
    const removed = await initiativeIntent(args("/initiative/talk", { method: "POST" }), "talk", form({ intent: "not_interested", id: ids.talk }));
    expect((removed as Response).headers.get("location")).toBe("/wall");
  });

  it("validates the phone of phone+join with the region's rules", async () => {
    const answer = await initiativeIntent(args("/initiative/open-shift", { method: "POST" }), "open-shift", form({ intent: "phone_join", id: ids.open, phone: "12" }));
    expect(answer).toMatchObject({ status: 400, result: { fields: { phone: "form_error_invalid_phone" } } });
  });
});
