import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, refreshCookie, seedOrganizations } from "./support";

const EMAIL = "rotor@commons.example";
const PASSWORD = "Correct-Horse-9";

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createMember({ email: EMAIL, orgId: commons.id });
});

describe("PUT /auth/refresh", () => {
  it("rotates: each refresh token works once and yields a new pair", async () => {
    const { body } = await login(EMAIL, PASSWORD);
    const first = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(first.status).toBe(200);
    const rotated = await json(first);
    expect(rotated.access_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(body.refresh_token);
    expect(refreshCookie(first)).toBe(`commons_refresh=${rotated.refresh_token}`);
    // The new access token works.
    expect((await call("PUT", "/auth/identity", { token: rotated.access_token })).status).toBe(200);
    const second = await call("PUT", "/auth/refresh", { body: { refresh_token: rotated.refresh_token } });
    expect(second.status).toBe(200);
  });

  it("accepts the refresh token from the HttpOnly cookie", async () => {
    const { cookie } = await login(EMAIL, PASSWORD);
    const res = await call("PUT", "/auth/refresh", { cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).access_token).toBeTruthy();
  });

  it("revokes the whole family when a rotated token is presented again", async () => {
    const { body } = await login(EMAIL, PASSWORD);
    const rotated = await json(await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } }));
    // An attacker replays the old token...
    const replay = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(replay.status).toBe(401);
    expect(await json(replay)).toMatchObject({ error: "refresh_token_reused" });
    // ...and the legitimate newer token and the access tokens of that session die with it.
    const legit = await call("PUT", "/auth/refresh", { body: { refresh_token: rotated.refresh_token } });
    expect(legit.status).toBe(401);
    expect((await call("PUT", "/auth/identity", { token: rotated.access_token })).status).toBe(401);
    const row = await env.DB.prepare("SELECT revoked_reason FROM sessions WHERE revoked_at IS NOT NULL ORDER BY revoked_at DESC").first();
    expect(row).toMatchObject({ revoked_reason: "refresh_token_reused" });
  });

  it("does not touch other sessions of the same member", async () => {
    const a = await login(EMAIL, PASSWORD);
    const b = await login(EMAIL, PASSWORD);
    await call("PUT", "/auth/refresh", { body: { refresh_token: a.body.refresh_token } });
    await call("PUT", "/auth/refresh", { body: { refresh_token: a.body.refresh_token } });
    expect((await call("PUT", "/auth/refresh", { body: { refresh_token: b.body.refresh_token } })).status).toBe(200);
  });

  it("ends at the session's absolute lifetime, however often it was refreshed", async () => {
    const { body } = await login(EMAIL, PASSWORD);
    const claims = JSON.parse(atob(body.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(Date.now() - 1000, claims.sid).run();
    const res = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ error: "session_expired" });
    expect((await call("PUT", "/auth/identity", { token: body.access_token })).status).toBe(401);
  });

  it("answers 401 for unknown, malformed or missing refresh tokens", async () => {
    for (const refresh_token of ["x".repeat(43), "short"]) {
      const res = await call("PUT", "/auth/refresh", { body: { refresh_token } });
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: "invalid_refresh_token" });
    }
    expect((await call("PUT", "/auth/refresh")).status).toBe(401);
    const wrongType = await call("PUT", "/auth/refresh", { body: { refresh_token: 42 } });
    expect(wrongType.status).toBe(400);
  });
});
