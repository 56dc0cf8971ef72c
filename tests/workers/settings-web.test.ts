/**
 * The actions of /accept-terms, /settings/notification and /settings/language with a real load
 * context against the real API: what each saves in D1, where each goes (never off this site), and
 * what a bad or signed-out post gets.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as acceptTerms } from "../../app/routes/accept-terms";
import { action as saveLanguage } from "../../app/routes/_app.settings.language";
import { action as saveNotifications } from "../../app/routes/_app.settings.notification/route";
import { localeCookie } from "../../app/i18n/locale.server";
import { createWebSession } from "../../workers/auth/web-session";
import { createMember, createOrg, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;
let memberId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await env.DB.prepare("UPDATE organizations SET org_terms_version = 2 WHERE id = ?").bind(acme.id).run();
  memberId = (await createMember({ email: "lia@acme.example", orgId: acme.id })).id;
  await createOrg({ id: "org-other", slug: "other" });
  context = await testLoadContext("acme");
  cookie = (await createWebSession(context, (await login("lia@acme.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
});

type Action = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

/** Posts `fields` as the page's form does; answers the action's data, or the Response it returned or threw. */
async function post(action: Action, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`http://acme.localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams(fields),
  });
  try {
    return await action({ request, context, params: {} });
  } catch (thrown) {
    return thrown;
  }
}

const membership = () =>
  env.DB.prepare("SELECT org_terms_accepted_version AS v FROM memberships WHERE member_id = ? AND org_id = 'org-acme'").bind(memberId).first<{ v: number }>();
const member = () =>
  env.DB.prepare("SELECT m.language, p.commercial_comms_accepted AS comms, p.participation_emails FROM members m JOIN profiles p ON p.member_id = m.id WHERE m.id = ?")
    .bind(memberId)
    .first<{ language: string; comms: number; participation_emails: number }>();

describe("accepting terms", () => {
  it("records the organisation's current policy and goes back to the page of this site the modal was on", async () => {
    const answer = (await post(acceptTerms, "/accept-terms", { kind: "organization" }, { referer: "http://acme.localhost/initiative/beach?x=1" })) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/initiative/beach?x=1"]);
    expect((await membership())?.v).toBe(2);
  });

  it("never goes back to another site", async () => {
    const answer = (await post(acceptTerms, "/accept-terms", { kind: "platform" }, { referer: "https://evil.example/initiative" })) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/wall"]);
  });

  it("refuses an unknown kind of terms with 400", async () => {
    const answer = (await post(acceptTerms, "/accept-terms", { kind: "everything" })) as Response;
    expect(answer.status).toBe(400);
  });
});

describe("the notification switches", () => {
  it("saves the choice both ways", async () => {
    expect(await post(saveNotifications, "/settings/notification", { commercial_comms_accepted: "true" })).toEqual({ saved: true, error: null });
    expect((await member())?.comms).toBe(1);
    expect(await post(saveNotifications, "/settings/notification", { commercial_comms_accepted: "false" })).toEqual({ saved: true, error: null });
    expect((await member())?.comms).toBe(0);
  });

  it("saves the participation e-mails switch on its own, leaving the other as it was", async () => {
    expect(await post(saveNotifications, "/settings/notification", { participation_emails: "false" })).toEqual({ saved: true, error: null });
    expect(await member()).toMatchObject({ comms: 0, participation_emails: 0 });
    expect(await post(saveNotifications, "/settings/notification", { participation_emails: "true" })).toEqual({ saved: true, error: null });
    expect((await member())?.participation_emails).toBe(1);
  });

  it("refuses a post that names no switch with 400", async () => {
    const answer = (await post(saveNotifications, "/settings/notification", { everything: "true" })) as Response;
    expect(answer.status).toBe(400);
  });
});

describe("the language", () => {
  it("saves a complete locale on the profile and in the locale cookie", async () => {
    const answer = (await post(saveLanguage, "/settings/language", { language: "eu-ES" })) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/settings/language"]);
    expect(await localeCookie.parse(answer.headers.get("set-cookie"))).toBe("eu-ES");
    expect((await member())?.language).toBe("eu-ES");
  });

  it("refuses a language the app does not have, and changes nothing", async () => {
    const answer = (await post(saveLanguage, "/settings/language", { language: "xx-XX" })) as Response;
    expect(answer.status).toBe(400);
    expect((await member())?.language).toBe("eu-ES");
  });
});

describe("a post without a session", () => {
  it("is sent to sign in, and nothing is saved", async () => {
    const answer = (await post(saveNotifications, "/settings/notification", { commercial_comms_accepted: "true" }, { cookie: "" })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/signin/);
    expect((await member())?.comms).toBe(0);
  });
});
