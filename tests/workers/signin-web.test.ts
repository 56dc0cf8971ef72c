/**
 * /signin's loader and action (app/routes/signin/signin.server.ts) with a real load context against
 * the real API: the stage kept in the URL, each step's field errors, where a signed-in member goes
 * (never off this site), and the web session a successful sign-in writes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signinAction, signinLoader } from "../../app/routes/signin/signin.server";
import { createMember, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "sofia@acme.example", orgId: acme.id });
  await createMember({ email: "waiting@acme.example", orgId: acme.id, confirmed: false });
  context = await testLoadContext("acme");
});

const page = (search = "", cookie = "") => new Request(`http://acme.localhost/signin${search}`, { headers: { cookie } });

async function post(fields: Record<string, string>, search = "") {
  const request = new Request(`http://acme.localhost/signin${search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const answer = await signinAction({ request, context });
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("location"), cookies: answer.headers.getSetCookie() };
  }
  return { status: answer.status, data: answer };
}

const webSessions = async () => (await env.DB.prepare("SELECT count(*) AS n FROM web_sessions").first<{ n: number }>())!.n;

describe("the sign-in page", () => {
  it("keeps its stage in the URL, and starts over when a stage lacks its data", async () => {
    expect(await signinLoader({ request: page("?stage=password&email=Sofia@Acme.example"), context })).toMatchObject({ stage: "password", email: "sofia@acme.example" });
    expect(await signinLoader({ request: page("?stage=password&email=nope"), context })).toMatchObject({ stage: "email" });
    // An SSO stage needs this site's SSO start, never another address.
    expect(await signinLoader({ request: page("?stage=sso&email=sofia@acme.example&sso=https://evil.example/x"), context })).toMatchObject({ stage: "email", ssoUrl: null });
  });
});

describe("the e-mail step", () => {
  it("answers an invalid e-mail at its field without asking the API", async () => {
    const answer = await post({ intent: "lookup", email: "not-an-email" });
    expect(answer).toMatchObject({ status: 400, data: { intent: "lookup", errors: { email: "form_error_invalid_email" } } });
  });

  it("goes on to the password stage, keeping a local destination and dropping a foreign one", async () => {
    const local = await post({ intent: "lookup", email: "Sofia@acme.example" }, "?redirect=%2Finitiative%2Fbeach");
    expect(local.status).toBe(302);
    const next = new URL(local.location!, "http://acme.localhost");
    expect([next.pathname, next.searchParams.get("stage"), next.searchParams.get("email"), next.searchParams.get("redirect")]).toEqual([
      "/signin",
      "password",
      "sofia@acme.example",
      "/initiative/beach",
    ]);
    for (const foreign of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const answer = await post({ intent: "lookup", email: "sofia@acme.example" }, `?redirect=${encodeURIComponent(foreign)}`);
      expect(new URL(answer.location!, "http://acme.localhost").searchParams.get("redirect"), foreign).toBeNull();
    }
  });
});

describe("the password step", () => {
  it("answers a wrong password with the API's refusal and writes no web session", async () => {
    const before = await webSessions();
    const answer = await post({ intent: "login", email: "sofia@acme.example", password: "Wrong-horse-1" });
    expect(answer.status).toBe(401);
    expect(answer.data?.failure).toMatchObject({ status: 401 });
    expect(await webSessions()).toBe(before);
  });

  it("answers an empty password at its field", async () => {
    const answer = await post({ intent: "login", email: "sofia@acme.example", password: "" });
    expect(answer).toMatchObject({ status: 400, data: { errors: { password: "form_error_required" } } });
  });

  it("answers an unconfirmed e-mail with 412, the resend tip's status", async () => {
    const answer = await post({ intent: "login", email: "waiting@acme.example", password: "Correct-Horse-9" });
    expect(answer.status).toBe(412);
  });

  it("signs in: a web session and its cookie, then to the local destination only", async () => {
    const before = await webSessions();
    const answer = await post({ intent: "login", email: "sofia@acme.example", password: "Correct-Horse-9" }, "?redirect=%2Fsettings");
    expect(answer).toMatchObject({ status: 302, location: "/settings" });
    expect(answer.cookies?.some((cookie) => /^commons_session=[^;]+/.test(cookie))).toBe(true);
    expect(await webSessions()).toBe(before + 1);

    const foreign = await post({ intent: "login", email: "sofia@acme.example", password: "Correct-Horse-9" }, `?redirect=${encodeURIComponent("//evil.example/wall")}`);
    expect(foreign).toMatchObject({ status: 302, location: "/wall" });
  });

  it("sends a member who is already signed in on, to a local destination only", async () => {
    const signedIn = await post({ intent: "login", email: "sofia@acme.example", password: "Correct-Horse-9" });
    const cookie = signedIn.cookies!.find((c) => c.startsWith("commons_session="))!.split(";")[0];
    const local = await signinLoader({ request: page("?redirect=%2Finitiative", cookie), context });
    expect(local instanceof Response && [local.status, local.headers.get("location")]).toEqual([302, "/initiative"]);
    const foreign = await signinLoader({ request: page(`?redirect=${encodeURIComponent("https://evil.example")}`, cookie), context });
    expect(foreign instanceof Response && foreign.headers.get("location")).toBe("/wall");
  });
});
