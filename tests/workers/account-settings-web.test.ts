/**
 * The action of /settings/account (saveAccountForm of app/lib/server/settings.server.ts) with the member's web
 * session against the real API: what a form posted without JavaScript gets back. Field errors carry
 * the spec's message keys and no general alert; the alert is for failures the form cannot fix.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createWebSession } from "../../workers/auth/web-session";
import { saveAccountForm, type AccountAnswer } from "../../app/lib/server/settings.server";
import { createMember, createOrg, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createOrg({ id: "org-asks", slug: "asks", community: { ask_member_phone: true } });
  const marta = await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta Ruiz" });
  await createMember({ email: "other@acme.example", orgId: acme.id });
  await env.DB.prepare("UPDATE profiles SET phone = '+34699111222' WHERE member_id = (SELECT id FROM members WHERE email = 'other@acme.example')").run();
  await env.DB.prepare("UPDATE profiles SET phone = '+34612345678' WHERE member_id = ?").bind(marta.id).run();
  await createMember({ email: "asked@asks.example", orgId: "org-asks" });
  context = await testLoadContext("acme");
  cookie = (await createWebSession(context, (await login("marta@acme.example", "Correct-Horse-9")).body)).split(";")[0];
});

async function post(fields: Record<string, string>, as = cookie): Promise<{ status: number; body: AccountAnswer }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://acme.localhost/settings/account", { method: "POST", headers: { cookie: as } });
  const { status, answer } = await saveAccountForm({ request, context }, form);
  return { status, body: answer };
}

const profile = async () => env.DB.prepare("SELECT name, phone, social FROM profiles p JOIN members m ON m.id = p.member_id WHERE m.email = 'marta@acme.example'").first<{ name: string; phone: string | null; social: string }>();
const PROFILE = { intent: "profile", region: "ES", phone_required: "false" };
const SOCIAL = { intent: "social", linkedin: "", twitter: "", github: "", gitlab: "", facebook: "" };

describe("the social links form", () => {
  it("answers an invalid link with its field error and the values sent, no general alert, nothing saved", async () => {
    const { status, body } = await post({ ...SOCIAL, linkedin: "https://www.linkedin.com/company/acme", github: "@mruiz" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ saved: false, error: null, fields: { linkedin: "form_error_invalid_social" }, values: { linkedin: "https://www.linkedin.com/company/acme" } });
    expect((await profile())?.social).toBe("{}");
  });

  it("saves valid links as handles", async () => {
    const { status, body } = await post({ ...SOCIAL, linkedin: "https://www.linkedin.com/in/marta-ruiz/", github: "@mruiz" });
    expect([status, body.saved], JSON.stringify(body)).toEqual([200, true]);
    expect(JSON.parse((await profile())!.social)).toEqual({ linkedin: "marta-ruiz", github: "mruiz" });
  });
});

describe("the name and phone form", () => {
  it("answers the spec's keys at their fields, never a general alert", async () => {
    const { status, body } = await post({ ...PROFILE, name: " ", phone: "12" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: null, fields: { name: "form_error_required", phone: "form_error_invalid_phone" } });
  });

  it("shows what only the API knows at the field too: a required phone left empty", async () => {
    // The form claims the phone is optional; the organisation (the API's truth) requires it.
    const asked = (await createWebSession(context, (await login("asked@asks.example", "Correct-Horse-9")).body)).split(";")[0];
    const { status, body } = await post({ ...PROFILE, name: "Asked", phone: "" }, asked);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: null, fields: { phone: "form_error_required" } });
  });

  it("clears the phone where the organisation does not require one", async () => {
    const { status, body } = await post({ ...PROFILE, name: "Marta Ruiz", phone: "" });
    expect([status, body.saved]).toEqual([200, true]);
    expect(await profile()).toMatchObject({ name: "Marta Ruiz", phone: null });
  });

  it("saves a number in E.164 and answers another member's number with the 409 notification", async () => {
    expect((await post({ ...PROFILE, name: "Marta Ruiz", phone: "612 34 56 78" })).body.saved).toBe(true);
    expect((await profile())?.phone).toBe("+34612345678");
    const { status, body } = await post({ ...PROFILE, name: "Marta Ruiz", phone: "699 111 222" });
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: "phone_in_use" });
  });
});
