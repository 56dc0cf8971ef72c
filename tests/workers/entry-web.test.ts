/**
 * Where "/", /loading and /logout send a visitor (app/lib/server/entry-redirects.server.ts), and the
 * recovery request of /recover_password, with a real load context against the real API: the
 * destinations stay on this site, /loading checks the session, /logout ends it here and at the API.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { entryRedirect, loadingRedirect, logout, logoutPage } from "../../app/lib/server/entry-redirects.server";
import { recoverPasswordAction } from "../../app/routes/recover_password._index/recover-password.server";
import { webIdentity } from "../../workers/auth/web-identity";
import { createWebSession } from "../../workers/auth/web-session";
import { createMember, login, mailbox, seedOrganizations, testEnv, testLoadContext } from "./support";

let context: AppLoadContext;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "rui@acme.example", orgId: acme.id });
  context = await testLoadContext("acme");
});

async function signedIn() {
  const tokens = (await login("rui@acme.example", "Correct-Horse-9", "acme.localhost")).body;
  return { tokens, cookie: (await createWebSession(context, tokens)).split(";")[0] };
}

const get = (path: string, cookie = "") => new Request(`http://acme.localhost${path}`, { headers: { cookie } });
const where = (response: Response) => [response.status, response.headers.get("location")];
const FOREIGN = ["https://evil.example/", "//evil.example", "/\\evil.example"];

describe("/", () => {
  it("sends a visitor to /welcome and a member to /loading, keeping only a local destination", async () => {
    expect(where(await entryRedirect({ request: get("/?redirect=%2Finitiative"), context }))).toEqual([302, "/welcome?redirect=%2Finitiative"]);
    const { cookie } = await signedIn();
    expect(where(await entryRedirect({ request: get("/", cookie), context }))).toEqual([302, "/loading"]);
    for (const foreign of FOREIGN) {
      expect(where(await entryRedirect({ request: get(`/?redirect=${encodeURIComponent(foreign)}`), context })), foreign).toEqual([302, "/welcome"]);
    }
  });
});

describe("/loading", () => {
  it("sends a member on to a local destination only, and a visitor to sign in", async () => {
    const { cookie } = await signedIn();
    expect(where(await loadingRedirect({ request: get("/loading?redirect=%2Fsettings", cookie), context }))).toEqual([302, "/settings"]);
    for (const foreign of FOREIGN) {
      expect(where(await loadingRedirect({ request: get(`/loading?redirect=${encodeURIComponent(foreign)}`, cookie), context })), foreign).toEqual([302, "/wall"]);
    }
    expect(where(await loadingRedirect({ request: get("/loading?redirect=%2Fsettings"), context }))).toEqual([302, "/signin?redirect=%2Fsettings"]);
  });

  it("ends a session the API no longer knows and sends the member to sign in", async () => {
    const { cookie, tokens } = await signedIn();
    const sid = JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(Date.now(), sid).run();
    const answer = await loadingRedirect({ request: get("/loading", cookie), context });
    expect(where(answer)).toEqual([302, "/signin"]);
    expect(answer.headers.getSetCookie().some((c) => /^commons_session=;.*Max-Age=0/i.test(c))).toBe(true);
  });
});

describe("/logout", () => {
  it("ends the session at the API and here, clears the cookie and goes to sign in", async () => {
    const { cookie, tokens } = await signedIn();
    const sid = JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    const answer = await logout({ request: get("/logout", cookie), context });
    expect(where(answer)).toEqual([302, "/signin"]);
    expect(answer.headers.getSetCookie().some((c) => /^commons_session=;.*Max-Age=0/i.test(c))).toBe(true);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM web_sessions WHERE session_id = ?").bind(sid).first<{ n: number }>();
    expect(left?.n).toBe(0);
    const session = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?").bind(sid).first<{ revoked_at: number | null }>();
    expect(session?.revoked_at).not.toBeNull();
  });

  it("sends a visitor without a session to sign in too", async () => {
    expect(where(await logout({ request: get("/logout"), context }))).toEqual([302, "/signin"]);
    expect(where((await logoutPage({ request: get("/logout"), context })) as Response)).toEqual([302, "/signin"]);
  });

  it("a GET (a link any site can make) only asks for confirmation while the session is usable (issue 25)", async () => {
    const pageContext = { ...context, webIdentity: (request: Request) => webIdentity({ cloudflare: { env: testEnv }, tenant: context.tenant }, request) };
    // With the web identity (this Worker's API), and through PUT /auth/identity (an upstream's tokens).
    for (const ctx of [pageContext, context]) {
      const { cookie, tokens } = await signedIn();
      const sid = JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
      expect(await logoutPage({ request: get("/logout", cookie), context: ctx })).toEqual({ confirm: true });
      const session = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?").bind(sid).first<{ revoked_at: number | null }>();
      expect(session?.revoked_at).toBeNull();
      expect((await env.DB.prepare("SELECT count(*) AS n FROM web_sessions WHERE session_id = ?").bind(sid).first<{ n: number }>())?.n).toBe(1);
    }
  });

  it("a GET still ends a session that cannot be used any more: a disabled account (SPEC.md section 8)", async () => {
    const member = await createMember({ email: "gone@acme.example", orgId: "org-acme" });
    const pageContext = { ...context, webIdentity: (request: Request) => webIdentity({ cloudflare: { env: testEnv }, tenant: context.tenant }, request) };
    const tokens = (await login("gone@acme.example", "Correct-Horse-9", "acme.localhost")).body;
    const cookie = (await createWebSession(context, tokens)).split(";")[0];
    await env.DB.prepare("UPDATE members SET disabled_at = ? WHERE id = ?").bind(Date.now(), member.id).run();
    const answer = (await logoutPage({ request: get("/logout", cookie), context: pageContext })) as Response;
    expect(where(answer)).toEqual([302, "/signin"]);
    expect(answer.headers.getSetCookie().some((c) => /^commons_session=;.*Max-Age=0/i.test(c))).toBe(true);
  });
});

describe("/recover_password", () => {
  const post = (fields: Record<string, string>) =>
    recoverPasswordAction({
      request: new Request("http://acme.localhost/recover_password", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      context,
    });

  it("answers an invalid e-mail at its field, and mails nothing", async () => {
    expect(await post({ email: "rui@" })).toMatchObject({ status: 400, errors: { email: "form_error_invalid_email" } });
  });

  it("mails a reset link for a member of this organisation", async () => {
    expect(await post({ email: " Rui@Acme.example " })).toMatchObject({ status: 200, email: "rui@acme.example", sent: true });
    const mail = await mailbox("rui@acme.example");
    expect(mail[0]?.links.some((link) => new URL(link).pathname.startsWith("/recover_password/"))).toBe(true);
  });
});
