import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { createWebSession } from "../../workers/auth/web-session";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../workers/auth/tokens";
import { base64UrlEncode, hmacSha256 } from "../../workers/lib/crypto";
import { getConfig } from "../../workers/lib/config";
import { call, json, login, testEnv } from "./support";
import { chatWorld, connect, openConversation, sleep, SocketClient, upgrade, type ChatMemberFixture } from "./chat-support";

let ana: ChatMemberFixture;
let bruno: ChatMemberFixture;
let outsider: ChatMemberFixture;
let conversation: string;

let world: Awaited<ReturnType<typeof chatWorld>>;

beforeAll(async () => {
  world = await chatWorld();
  ana = await world.member("ana@acme.example", "Ana Garcia");
  bruno = await world.member("bruno@acme.example", "Bruno Lima");
  outsider = await world.member("joao@vizinhos.example", "João Silva", world.orgs.vizinhos.id);
  conversation = await openConversation(ana, bruno);
});

describe("the live channel", () => {
  it("two members exchange messages over two sockets; the sender's ack carries the stored message", async () => {
    const a = await connect(ana);
    const b = await connect(bruno);
    a.send({ type: "send", conversation_id: conversation, content: "  Hola Bruno!  ", temp_id: "t-1" });
    const ack = await a.ofType("ack", (f) => f.temp_id === "t-1");
    expect(ack.message).toMatchObject({ conversation_id: conversation, sender_id: ana.id, content: "Hola Bruno!", client_id: "t-1" });
    // Persisted before the ack.
    const stored = await env.DB.prepare("SELECT content FROM chat_messages WHERE id = ?").bind(ack.message.id).first();
    expect(stored).toEqual({ content: "Hola Bruno!" });
    const received = await b.ofType("message", (f) => f.message.id === ack.message.id);
    expect(received.message.content).toBe("Hola Bruno!");

    // Read status reaches the sender.
    b.send({ type: "read", conversation_id: conversation, message_id: ack.message.id });
    const read = await a.ofType("read", (f) => f.member_id === bruno.id);
    expect(read).toMatchObject({ conversation_id: conversation, message_id: ack.message.id });

    b.send({ type: "send", conversation_id: conversation, content: "Olá Ana", temp_id: "t-2" });
    const reply = await a.ofType("message", (f) => f.message.content === "Olá Ana");
    expect(reply.message.sender_id).toBe(bruno.id);
    a.close();
    b.close();
  });

  it("relays typing, and presence reaches the other side", async () => {
    const a = await connect(ana);
    const b = await connect(bruno);
    expect((await b.ofType("ready")).online).toContain(ana.id);
    a.send({ type: "typing", conversation_id: conversation });
    expect(await b.ofType("typing")).toEqual({ type: "typing", conversation_id: conversation, member_id: ana.id });
    a.close();
    expect(await b.ofType("presence", (f) => f.member_id === ana.id && f.online === false)).toBeTruthy();
    const again = await connect(ana);
    expect(await b.ofType("presence", (f) => f.member_id === ana.id && f.online === true)).toBeTruthy();
    b.send({ type: "presence", member_ids: [ana.id, outsider.id] });
    // Only conversation partners are reported: the outsider is not one.
    expect(await b.ofType("presence_state")).toEqual({ type: "presence_state", online: [ana.id], checked: [ana.id] });
    again.close();
    b.close();
  });

  it("a reconnecting client gets what it missed", async () => {
    const b = await connect(bruno);
    b.send({ type: "send", conversation_id: conversation, content: "before the cut", temp_id: "t-3" });
    const seen = (await b.ofType("ack", (f) => f.temp_id === "t-3")).message.id as number;
    b.close();
    await sleep(50);
    const sent: number[] = [];
    for (const content of ["missed one", "missed two"]) {
      const res = await call("POST", `/api/acme/chat/conversations/${conversation}/messages`, { token: ana.token, body: { content } });
      sent.push((await json(res)).message.id);
    }
    const back = await connect(bruno, `?org=acme&after=${seen}`);
    const sync = await back.ofType("sync");
    expect(sync.messages.map((m: { id: number }) => m.id)).toEqual(sent);
    expect(sync.has_more).toBe(false);
    // The same on demand.
    back.send({ type: "sync", after: sent[0] });
    expect((await back.ofType("sync", (f) => f.after === sent[0])).messages.map((m: { content: string }) => m.content)).toEqual(["missed two"]);
    back.close();
  });

  it("keeps working after the members' objects hibernate (identity comes back from the socket attachment)", async () => {
    const a = await connect(ana);
    const b = await connect(bruno);
    for (const member of [ana, bruno]) {
      await evictDurableObject(env.CHAT_MEMBERS.get(env.CHAT_MEMBERS.idFromName(`org-acme:${member.id}`)));
    }
    a.send({ type: "send", conversation_id: conversation, content: "after a nap", temp_id: "h-1" });
    const ack = await a.ofType("ack", (f) => f.temp_id === "h-1");
    expect(ack.message.sender_id).toBe(ana.id);
    expect((await b.ofType("message", (f) => f.message.id === ack.message.id)).message.content).toBe("after a nap");
    a.close();
    b.close();
  });

  it("a resend with the same temp id is acknowledged with the stored message, not stored twice", async () => {
    const a = await connect(ana);
    a.send({ type: "send", conversation_id: conversation, content: "once", temp_id: "dup-1" });
    const first = await a.ofType("ack", (f) => f.temp_id === "dup-1");
    a.send({ type: "send", conversation_id: conversation, content: "once", temp_id: "dup-1" });
    await sleep(100);
    const acks = a.frames.filter((f) => f.type === "ack" && f.temp_id === "dup-1");
    expect(acks).toHaveLength(2);
    expect(acks[1].message.id).toBe(first.message.id);
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM chat_messages WHERE client_id = 'dup-1'").first<{ count: number }>())!;
    expect(count).toBe(1);
    a.close();
  });

  it("refuses an unauthenticated upgrade with 401 (a browser's: closed at once with 4401), and plain GETs with 426", async () => {
    expect(await refusal(await upgrade("?org=acme"))).toEqual({ code: CHAT_CLOSE.unauthenticated, reason: "unauthenticated" });
    expect((await upgrade("?org=acme", { token: "not-a-token" })).status).toBe(401);
    expect((await upgrade("?org=acme&token=forged.jwt.value")).status).toBe(401);
    expect((await call("GET", "/chat/socket?org=acme", { token: ana.token })).status).toBe(426);
  });

  it("a member of another organisation can neither open the channel there nor use the conversation", async () => {
    expect((await upgrade("?org=acme", { token: outsider.token })).status).toBe(404);
    const o = await connect(outsider, "?org=vizinhos");
    o.send({ type: "send", conversation_id: conversation, content: "let me in", temp_id: "x" });
    expect(await o.ofType("error", (f) => f.temp_id === "x")).toMatchObject({ error: "conversation_not_found" });
    o.send({ type: "typing", conversation_id: conversation });
    o.send({ type: "read", conversation_id: conversation });
    expect(await o.ofType("error", (f) => f.conversation_id === conversation && f.temp_id === undefined)).toMatchObject({ error: "conversation_not_found" });
    o.send({ type: "sync", after: 0 });
    expect((await o.ofType("sync")).messages).toEqual([]);
    const res = await call("GET", `/api/vizinhos/chat/conversations/${conversation}/messages`, { token: outsider.token });
    expect(res.status).toBe(404);
    expect((await call("GET", `/api/acme/chat/conversations/${conversation}/messages`, { token: outsider.token })).status).toBe(404);
    o.close();
  });

  it("rejects empty and oversized messages with message keys, and garbage frames", async () => {
    const a = await connect(ana);
    a.send({ type: "send", conversation_id: conversation, content: "   ", temp_id: "e1" });
    expect(await a.ofType("error", (f) => f.temp_id === "e1")).toMatchObject({ error: "validation_error", fields: { content: "chat_error_message_empty" } });
    a.send({ type: "send", conversation_id: conversation, content: "x".repeat(2001), temp_id: "e2" });
    expect(await a.ofType("error", (f) => f.temp_id === "e2")).toMatchObject({ error: "validation_error", fields: { content: "chat_error_message_too_long" } });
    a.ws.send("not json");
    expect(await a.ofType("error", (f) => f.error === "bad_request")).toBeTruthy();
    a.ws.send("y".repeat(20_000));
    expect(await a.ofType("error", (f) => f.error === "payload_too_large")).toBeTruthy();
    a.close();
  });

  it("refuses a cookie-authenticated upgrade from another site", async () => {
    const res = await upgrade("?org=acme", { cookie: "commons_session=whatever", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(401);
  });
});

/** The close a refused browser reads: the upgrade is answered, and closed at once with a final code. */
async function refusal(response: Response) {
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  ws.accept();
  return closed;
}

/** An access token signed with the Worker's secret, with the claims given (what no sign-in hands out). */
async function handMadeToken(claims: Record<string, unknown>) {
  const encode = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${body}.${base64UrlEncode(await hmacSha256(getConfig(env).TOKEN_SECRET, body))}`;
}

describe("who may open the socket", () => {
  it("a page's web session opens it (the page's identity read), and a disabled member's widget is told to stop with 4403", async () => {
    const dora = await world.member("dora@acme.example", "Dora Paz");
    const tokens = (await login("dora@acme.example", "Correct-Horse-9")).body;
    const cookie = (await createWebSession({ cloudflare: { env: testEnv } }, tokens)).split(";")[0];
    const opened = await upgrade("?org=acme", { cookie });
    expect(opened.status).toBe(101);
    const client = new SocketClient(opened.webSocket!);
    expect(await client.ofType("ready")).toMatchObject({ member_id: dora.id });
    client.close();
    await env.DB.prepare("UPDATE members SET disabled_at = ? WHERE id = ?").bind(Date.now(), dora.id).run();
    expect(await refusal(await upgrade("?org=acme", { cookie }))).toEqual({ code: CHAT_CLOSE.accountDisabled, reason: "account_disabled" });
    // Outside the organisations of the member: the widget stops too (4404), where a token client gets 404.
    expect(await refusal(await upgrade("?org=vizinhos", { cookie: (await createWebSession({ cloudflare: { env: testEnv } }, (await login("ana@acme.example", "Correct-Horse-9")).body)).split(";")[0] }))).toEqual({
      code: CHAT_CLOSE.membershipRemoved,
      reason: "organization_not_found",
    });
  });

  it("takes an access token only within its stated maximum age, whatever its expiry claims", async () => {
    const { sid, sub } = JSON.parse(atob(ana.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const now = Math.floor(Date.now() / 1000);
    const fresh = await handMadeToken({ sub, sid, iat: now - 60, exp: now + ACCESS_TOKEN_TTL_SECONDS });
    const opened = await upgrade(`?org=acme&token=${fresh}`);
    expect(opened.status).toBe(101);
    opened.webSocket!.accept();
    opened.webSocket!.close(1000, "done");
    const old = await handMadeToken({ sub, sid, iat: now - ACCESS_TOKEN_TTL_SECONDS - 60, exp: now + 3600 });
    expect((await upgrade(`?org=acme&token=${old}`)).status).toBe(401);
    expect((await upgrade("?org=acme", { token: old })).status).toBe(401);
    const undated = await handMadeToken({ sub, sid, exp: now + 60 });
    expect((await upgrade(`?org=acme&token=${undated}`)).status).toBe(401);
  });
});

describe("the send rate limit", () => {
  it("holds per member, on the socket as on the API", async () => {
    const a = await connect(bruno);
    const acks: number[] = [];
    let limited: Record<string, unknown> | null = null;
    for (let i = 0; i < 25 && !limited; i++) {
      a.send({ type: "send", conversation_id: conversation, content: `burst ${i}`, temp_id: `r-${i}` });
      const frame = await a.next((f) => (f.type === "ack" || f.type === "error") && f.temp_id === `r-${i}`);
      if (frame.type === "ack") acks.push(frame.message.id);
      else limited = frame;
    }
    expect(limited).toMatchObject({ error: "too_many_requests" });
    expect(limited!.retry_after).toBeGreaterThan(0);
    const res = await call("POST", `/api/acme/chat/conversations/${conversation}/messages`, { token: bruno.token, body: { content: "and here" } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    a.close();
  });
});
