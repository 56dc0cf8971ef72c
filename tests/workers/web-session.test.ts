import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { endSession, memberCall } from "../../app/lib/server/api.server";
import { createWebSession, getWebSession } from "../../workers/auth/web-session";
import { createMember, login, seedOrganizations, testEnv, testLoadContext } from "./support";

let context: AppLoadContext;

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createMember({ email: "web@commons.example", orgId: commons.id, name: "Web Member" });
  context = await testLoadContext();
});

async function signedInRequest() {
  const { body } = await login("web@commons.example", "Correct-Horse-9");
  const setCookie = await createWebSession(context, body);
  expect(setCookie).toMatch(/^commons_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=2592000$/);
  return new Request("http://localhost/settings", { headers: { cookie: setCookie.split(";")[0] } });
}

const profile = (request: Request) => memberCall({ context, request }, (api) => api.api[":org"].profile.$get({ param: { org: "commons" } }));

describe("web session and API client", () => {
  it("keeps the tokens server-side, sealed, and calls the API as the member", async () => {
    const request = await signedInRequest();
    const row = await env.DB.prepare("SELECT access_token, refresh_token FROM web_sessions").first<any>();
    expect(row.access_token).not.toMatch(/^eyJ/); // sealed, not the JWT itself
    const result = await profile(request);
    expect(result).toMatchObject({ ok: true, status: 200, data: { name: "Web Member" } });
  });

  it("refreshes an expiring access token before calling, once for concurrent calls", async () => {
    const request = await signedInRequest();
    const session = (await getWebSession(context, request))!;
    await env.DB.prepare("UPDATE web_sessions SET access_expires_at = ? WHERE id = ?").bind(Date.now() - 1, session.id).run();
    const usedBefore = (await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE used_at IS NOT NULL").first<any>()).n;
    const results = await Promise.all(Array.from({ length: 5 }, () => profile(request)));
    for (const result of results) expect(result.ok).toBe(true);
    const usedAfter = (await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE used_at IS NOT NULL").first<any>()).n;
    expect(usedAfter - usedBefore).toBe(1);
    const renewed = (await getWebSession(context, request))!;
    expect(renewed.accessExpiresAt).toBeGreaterThan(Date.now());
  });

  it("on a 401 refreshes and retries once", async () => {
    const request = await signedInRequest();
    const session = (await getWebSession(context, request))!;
    // The stored access token is garbage now; the refresh token still works.
    const { seal } = await import("../../workers/lib/crypto");
    await env.DB.prepare("UPDATE web_sessions SET access_token = ? WHERE id = ?").bind(await seal(testEnv.TOKEN_SECRET!, "not.a.jwt"), session.id).run();
    expect((await profile(request)).ok).toBe(true);
  });

  it("sends the visitor to /signin (cookie cleared) when the API ended the session", async () => {
    const request = await signedInRequest();
    const session = (await getWebSession(context, request))!;
    await env.DB.prepare("UPDATE sessions SET revoked_at = 1").run();
    await env.DB.prepare("UPDATE web_sessions SET access_expires_at = 0 WHERE id = ?").bind(session.id).run();
    const thrown = await profile(request).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe("/signin?redirect=%2Fsettings");
    expect(thrown.headers.get("set-cookie")).toMatch(/commons_session=; .*Max-Age=0/);
    expect(await getWebSession(context, request)).toBeNull();
  });

  it("without a session, redirects to /signin keeping the referrer", async () => {
    const thrown = await profile(new Request("http://localhost/wall?x=1")).catch((error) => error);
    expect(thrown.headers.get("location")).toBe("/signin?redirect=%2Fwall%3Fx%3D1");
  });

  it("without a session, a deep link into an initiative goes to sign-in, keeping the initiative (issue 28: members follow e-mailed links)", async () => {
    for (const path of ["/initiative/beach-cleanup/participate", "/wall/beach-cleanup", "/initiative/beach-cleanup"]) {
      const thrown = await profile(new Request(`http://localhost${path}`)).catch((error) => error);
      expect(thrown.headers.get("location"), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("ends the session at the API and deletes it here", async () => {
    const request = await signedInRequest();
    const session = (await getWebSession(context, request))!;
    expect(await endSession({ context, request })).toMatch(/Max-Age=0/);
    expect(await getWebSession(context, request)).toBeNull();
    const { verifyAccessToken } = await import("../../workers/auth/tokens");
    const claims = await verifyAccessToken(testEnv.TOKEN_SECRET!, session.accessToken);
    const row = await env.DB.prepare("SELECT revoked_reason FROM sessions WHERE id = ?").bind(claims!.sid).first<any>();
    expect(row.revoked_reason).toBe("logout");
  });
});
