/**
 * /settings/preferences (app/routes/_app.settings.preferences/preferences.server.ts) with a real
 * load context against the real API: the cards the organisation configures, in the spec's order, and
 * each card's save: what is written, its field errors, and cards the organisation does not offer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPreferences, savePreference } from "../../app/routes/_app.settings.preferences/preferences.server";
import { createWebSession } from "../../workers/auth/web-session";
import { createMember, createOrg, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;
let memberId: string;

beforeAll(async () => {
  await seedOrganizations();
  await createOrg({ id: "org-prefs", slug: "prefs", hostnames: ["prefs.localhost"], community: { onboarding_steps: ["phone", "alias", "categories", "social_networks"] } });
  memberId = (await createMember({ email: "pia@prefs.example", orgId: "org-prefs" })).id;
  context = await testLoadContext("prefs");
  cookie = (await createWebSession(context, (await login("pia@prefs.example", "Correct-Horse-9", "prefs.localhost")).body)).split(";")[0];
});

async function save(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request("http://prefs.localhost/settings/preferences", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body,
  });
  try {
    const answer = (await savePreference({ request, context })) as Response | { data: unknown; init: { status?: number } | null };
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

const details = () => env.DB.prepare("SELECT alias FROM profile_details WHERE member_id = ? AND org_id = 'org-prefs'").bind(memberId).first<{ alias: string | null }>();

describe("the preference cards", () => {
  it("are the steps the organisation configures, in the spec's order", async () => {
    const page = await loadPreferences({ request: new Request("http://prefs.localhost/settings/preferences", { headers: { cookie } }), context });
    expect(page.steps).toEqual(["social_networks", "categories", "alias", "phone"]);
  });

  it("save one card and go back to the cards with its notice", async () => {
    expect(await save({ intent: "alias", alias: "  Pia  " })).toEqual({ status: 302, location: "/settings/preferences?saved=alias#pref-alias" });
    expect((await details())?.alias).toBe("Pia");
  });

  it("an unchanged card just closes: nothing is sent, nothing said saved", async () => {
    const before = await env.DB.prepare("SELECT updated_at FROM profile_details WHERE member_id = ?").bind(memberId).first("updated_at");
    expect(await save({ intent: "alias", alias: "Pia" })).toEqual({ status: 302, location: "/settings/preferences#pref-alias" });
    expect(await env.DB.prepare("SELECT updated_at FROM profile_details WHERE member_id = ?").bind(memberId).first("updated_at")).toBe(before);
  });

  it("save the categories ticked", async () => {
    const answer = await save({ intent: "categories", categories: ["environment", "education"] });
    expect(answer.status).toBe(302);
    const rows = await env.DB.prepare("SELECT category_slug FROM member_categories WHERE member_id = ? ORDER BY category_slug").bind(memberId).all<{ category_slug: string }>();
    expect(rows.results.map((row) => row.category_slug)).toEqual(["education", "environment"]);
  });

  it("answer a bad value at its field, and save nothing", async () => {
    const answer = await save({ intent: "phone", phone: "12" });
    expect(answer).toMatchObject({ status: 400, data: { step: "phone", fields: { phone: "form_error_invalid_phone" } } });
    const phone = await env.DB.prepare("SELECT phone FROM profiles WHERE member_id = ?").bind(memberId).first<{ phone: string | null }>();
    expect(phone?.phone).toBeNull();
  });

  it("refuse a card the organisation does not offer, and one that does not exist", async () => {
    expect((await save({ intent: "tshirt_size", tshirt_size: "M" })).status).toBe(400);
    expect((await save({ intent: "everything" })).status).toBe(400);
  });
});
