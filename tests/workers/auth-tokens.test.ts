import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { disableMember } from "../../workers/auth/disable-member";
import { signAccessToken, verifyAccessToken } from "../../workers/auth/tokens";
import { chatWorld, connect, openConversation, sleep, upgrade, type ChatMemberFixture } from "./chat-support";
import { call, json, login, testEnv } from "./support";

let ana: ChatMemberFixture;
let bruno: ChatMemberFixture;
let carla: ChatMemberFixture;
let dora: ChatMemberFixture;

beforeAll(async () => {
  const world = await chatWorld();
  ana = await world.member("ana@acme.example", "Ana Garcia");
  bruno = await world.member("bruno@acme.example", "Bruno Lima");
  carla = await world.member("carla@acme.example", "Carla Dias");
  dora = await world.member("dora@acme.example", "Dora Diaz");
  await openConversation(bruno, carla);
});

const secret = env.TOKEN_SECRET!;
const claimsOf = async (token: string) => (await verifyAccessToken(secret, token, 0))!;
/** The same member and session as `token`, signed `ageMs` ago. */
const olderToken = async (token: string, ageMs: number) => {
  const { sub, sid } = await claimsOf(token);
  return signAccessToken(secret, { sub, sid }, Date.now() - ageMs);
};

describe("access tokens cannot buy a longer life", () => {
  it("PUT /auth/identity with a Bearer token answers no token that expires later than it", async () => {
    const { body } = await login("ana@acme.example", "Correct-Horse-9");
    const presented = await olderToken(body.access_token, 10 * 60_000);
    const res = await call("PUT", "/auth/identity", { token: presented });
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.user.email).toBe("ana@acme.example");
    expect((await claimsOf(answer.access_token)).exp).toBeLessThanOrEqual((await claimsOf(presented)).exp);
    expect(answer.expires_in).toBeLessThanOrEqual(5 * 60);
  });

  it("the refresh token still renews", async () => {
    const { body } = await login("ana@acme.example", "Correct-Horse-9");
    const res = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(res.status).toBe(200);
    expect((await json(res)).expires_in).toBe(15 * 60);
  });

  it("logging out with an expired access token still ends the session", async () => {
    const { body } = await login("ana@acme.example", "Correct-Horse-9");
    const expired = await olderToken(body.access_token, 20 * 60_000);
    expect((await call("DELETE", "/auth/identity", { token: expired })).status).toBe(204);
    const refresh = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(refresh.status).toBe(401);
    expect(await json(refresh)).toMatchObject({ error: "session_revoked" });
  });

  it("a forged expired token ends nothing", async () => {
    const { body } = await login("ana@acme.example", "Correct-Horse-9");
    const { sub, sid } = await claimsOf(body.access_token);
    const forged = await signAccessToken("another-secret-of-at-least-32-chars!!", { sub, sid }, Date.now() - 20 * 60_000);
    expect((await call("DELETE", "/auth/identity", { token: forged })).status).toBe(204);
    expect((await call("PUT", "/auth/identity", { token: body.access_token })).status).toBe(200);
  });
});

describe("a disabled account", () => {
  it("loses access on every token-checked call at once, with 402 account_disabled", async () => {
    const session = await login("carla@acme.example", "Correct-Horse-9");
    const token = session.body.access_token;
    const conversation = await openConversation({ token }, ana);
    await env.DB.prepare("UPDATE members SET disabled_at = ? WHERE id = ?").bind(Date.now(), carla.id).run();

    const answers = await Promise.all([
      call("PUT", "/auth/identity", { token }),
      call("PUT", "/auth/refresh", { body: { refresh_token: session.body.refresh_token } }),
      call("GET", "/api/acme/wall", { token }),
      call("GET", "/api/acme/initiative", { token }),
      call("GET", "/api/acme/chat/conversations", { token }),
      call("POST", `/api/acme/chat/conversations/${conversation}/messages`, { token, body: { content: "still here?" } }),
      upgrade("?org=acme", { token }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(402);
      expect(await json(res)).toMatchObject({ error: "account_disabled" });
    }
    await env.DB.prepare("UPDATE members SET disabled_at = NULL WHERE id = ?").bind(carla.id).run();
  });

  it("has its open chat sockets closed, and its partners see it go offline", async () => {
    const partner = await connect(carla);
    const socket = await connect(bruno);
    expect((await partner.ofType("presence", (f) => f.member_id === bruno.id && f.online)).online).toBe(true);
    await disableMember(testEnv, bruno.id);
    for (let i = 0; i < 50 && !socket.closed; i++) await sleep(20);
    expect(socket.closed).toBe(true);
    expect(await partner.ofType("presence", (f) => f.member_id === bruno.id && f.online === false)).toBeTruthy();
    expect((await call("POST", "/auth/login", { body: { email: "bruno@acme.example", password: "Correct-Horse-9" } })).status).toBe(403);
    // Its sessions ended, but their tokens say why: 402, and the app logs out (SPEC.md section 8).
    const refused = await call("PUT", "/auth/identity", { token: bruno.token });
    expect([refused.status, (await json(refused)).error]).toEqual([402, "account_disabled"]);
    partner.close();
  });

  it("answers 402 account_disabled to the tokens of the sessions disabling ended; enabled again, they are over (401)", async () => {
    const session = await login("dora@acme.example", "Correct-Horse-9");
    const { access_token: token, refresh_token } = session.body;
    await disableMember(testEnv, dora.id);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE member_id = ? AND revoked_at IS NULL").bind(dora.id).first("n")).toBe(0);
    for (const res of [await call("PUT", "/auth/identity", { token }), await call("GET", "/api/acme/profile", { token }), await call("PUT", "/auth/refresh", { body: { refresh_token } })]) {
      expect([res.status, (await json(res)).error]).toEqual([402, "account_disabled"]);
    }
    await env.DB.prepare("UPDATE members SET disabled_at = NULL WHERE id = ?").bind(dora.id).run();
    expect((await call("PUT", "/auth/identity", { token })).status).toBe(401);
    const refresh = await call("PUT", "/auth/refresh", { body: { refresh_token } });
    expect([refresh.status, (await json(refresh)).error]).toEqual([401, "session_revoked"]);
    // A session its member ended (logout) stays 401 even while the account is disabled.
    const other = await login("dora@acme.example", "Correct-Horse-9");
    expect((await call("DELETE", "/auth/identity", { token: other.body.access_token })).status).toBe(204);
    await env.DB.prepare("UPDATE members SET disabled_at = ? WHERE id = ?").bind(Date.now(), dora.id).run();
    expect((await call("PUT", "/auth/identity", { token: other.body.access_token })).status).toBe(401);
    await env.DB.prepare("UPDATE members SET disabled_at = NULL WHERE id = ?").bind(dora.id).run();
  });
});
