import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { createWebSession } from "../../workers/auth/web-session";
import { call, createOrg, json, login } from "./support";
import { chatWorld, connect, openConversation, SocketClient, upgrade, type ChatMemberFixture } from "./chat-support";

let ana: ChatMemberFixture;
let bruno: ChatMemberFixture;
let carla: ChatMemberFixture;
let david: ChatMemberFixture;
let robot: ChatMemberFixture;
let outsider: ChatMemberFixture;
let quiet: ChatMemberFixture;

const get = (path: string, who: ChatMemberFixture) => call("GET", `/api/acme/chat${path}`, { token: who.token });
const post = (path: string, who: ChatMemberFixture, body: unknown) => call("POST", `/api/acme/chat${path}`, { token: who.token, body });

async function say(who: ChatMemberFixture, conversation: string, content: string) {
  const res = await post(`/conversations/${conversation}/messages`, who, { content });
  expect(res.status).toBe(201);
  return (await json(res)).message as { id: number; content: string };
}

beforeAll(async () => {
  const world = await chatWorld();
  ana = await world.member("ana@acme.example", "Ana Garcia");
  bruno = await world.member("bruno@acme.example", "bruno lima");
  carla = await world.member("carla@acme.example", "Álvaro Carla");
  david = await world.member("david@acme.example", "David Ortiz");
  robot = await world.member("robot@acme.example", "Acme Robot", world.orgs.acme.id, "system");
  await world.member("zoe@acme.example", "Zoe Zhang");
  await world.member("num@acme.example", "42 Club");
  outsider = await world.member("joao@vizinhos.example", "João Silva", world.orgs.vizinhos.id);
  const quietOrg = await createOrg({ id: "org-quiet", slug: "quiet", community: { features: { chat: false } } });
  quiet = await world.member("q@quiet.example", "Quiet Member", quietOrg.id);
});

describe("GET /api/{org}/chat/users", () => {
  it("lists the other members, not me nor role system, grouped by initial and sorted", async () => {
    const res = await get("/users", ana);
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(page).toMatchObject({ next_cursor: null });
    expect(res.headers.get("link")).toBeNull();
    expect(page.groups.map((g: { letter: string; users: { name: string }[] }) => [g.letter, g.users.map((u) => u.name)])).toEqual([
      ["A", ["Álvaro Carla"]],
      ["B", ["bruno lima"]],
      ["D", ["David Ortiz"]],
      ["Z", ["Zoe Zhang"]],
      ["#", ["42 Club"]],
    ]);
    expect(page.groups[1].users[0]).toEqual({ id: bruno.id, name: "bruno lima", avatar: null });
  });

  it("pages by cursor and limit (500 a page when absent) with a Link to the next page, and refuses a bad one", async () => {
    const names: string[] = [];
    let path: string | null = "/users?limit=2";
    while (path) {
      const res = await get(path, ana);
      expect(res.status).toBe(200);
      const page = await json(res);
      names.push(...page.groups.flatMap((g: { users: { name: string }[] }) => g.users.map((u) => u.name)));
      const link = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      expect(link ? new URL(link).searchParams.get("cursor") : null).toBe(page.next_cursor);
      path = link ? new URL(link).pathname.replace("/api/acme/chat", "") + new URL(link).search : null;
    }
    // Pages of two, each member once (pages in the membership's sort key, groups by initial within a page).
    expect([...names].sort()).toEqual(["42 Club", "Zoe Zhang", "bruno lima", "David Ortiz", "Álvaro Carla"].sort());
    for (const query of ["page=2", "limit=0", "limit=501", "cursor=nope"]) expect((await get(`/users?${query}`, ana)).status, query).toBe(400);
  });
});

describe("conversations", () => {
  let withBruno: string;
  let withCarla: string;
  let withDavid: string;

  it("starts a private conversation once and reuses it from either side", async () => {
    const res = await post("/conversations", ana, { member_id: bruno.id });
    expect(res.status).toBe(201);
    const { conversation } = await json(res);
    expect(conversation).toMatchObject({ type: "private", occupant_ids: [bruno.id], unread_count: 0, last_message: null });
    expect(conversation.participants.map((p: { id: string }) => p.id).sort()).toEqual([ana.id, bruno.id].sort());
    withBruno = conversation.id;
    const again = await post("/conversations", bruno, { member_id: ana.id });
    expect(again.status).toBe(200);
    expect((await json(again)).conversation.id).toBe(withBruno);
  });

  it("refuses myself, role system, unknown members and members of another organisation", async () => {
    expect(await json(await post("/conversations", ana, { member_id: ana.id }))).toMatchObject({ error: "validation_error", fields: { member_id: "chat_error_self" } });
    expect((await post("/conversations", ana, { member_id: robot.id })).status).toBe(404);
    expect((await post("/conversations", ana, { member_id: outsider.id })).status).toBe(404);
    expect((await post("/conversations", ana, { member_id: "nobody" })).status).toBe(404);
    expect((await post("/conversations", ana, {})).status).toBe(400);
  });

  it("lists mine by last message, newest first, empty ones last, with unread counts", async () => {
    withCarla = await openConversation(ana, carla);
    withDavid = await openConversation(ana, david);
    await say(bruno, withBruno, "one");
    await say(bruno, withBruno, "two");
    await say(carla, withCarla, "hi Ana");
    const { conversations } = await json(await get("/conversations", ana));
    expect(conversations.map((c: { id: string }) => c.id)).toEqual([withCarla, withBruno, withDavid]);
    expect(conversations.map((c: { unread_count: number }) => c.unread_count)).toEqual([1, 2, 0]);
    expect(conversations[0]).toMatchObject({
      last_message: { content: "hi Ana", sender_id: carla.id },
      last_message_user_id: carla.id,
      occupant_ids: [carla.id],
    });
    expect(conversations[0].last_message_timestamp).toBeGreaterThan(0);
    // Times in ISO 8601 beside the milliseconds the live clients keep using (docs/api/chat.md "Times").
    const [first] = conversations;
    expect(first.last_message_at).toBe(new Date(first.last_message_timestamp).toISOString());
    expect(first.last_message.sent_at).toBe(new Date(first.last_message.created_at).toISOString());
    expect(first.started_at).toBe(new Date(first.created_at).toISOString());
    expect(conversations[2]).toMatchObject({ last_message_at: null, started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
    // Bruno sees his own messages as read.
    const mine = (await json(await get("/conversations", bruno))).conversations;
    expect(mine).toHaveLength(1);
    expect(mine[0].unread_count).toBe(0);
  });

  it("answers messages newest first with a before cursor, and read receipts", async () => {
    const third = await say(ana, withBruno, "three");
    const res = await get(`/conversations/${withBruno}/messages`, ana);
    const body = await json(res);
    expect(body.messages.map((m: { content: string }) => m.content)).toEqual(["three", "two", "one"]);
    expect(body.has_more).toBe(false);
    expect(body.messages[0].sent_at).toBe(new Date(body.messages[0].created_at).toISOString());
    expect(body.read_up_to[ana.id]).toBe(third.id);
    const older = await json(await get(`/conversations/${withBruno}/messages?before=${third.id}`, ana));
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(["two", "one"]);
    expect((await get(`/conversations/${withBruno}/messages?before=-1`, ana)).status).toBe(400);
    // The same history by cursor and limit, the next page in next_cursor and the Link header.
    const paged = await get(`/conversations/${withBruno}/messages?limit=2`, ana);
    const newest = await json(paged);
    expect(newest.messages.map((m: { content: string }) => m.content)).toEqual(["three", "two"]);
    expect(newest).toMatchObject({ has_more: true, next_cursor: String(newest.messages[1].id) });
    expect(paged.headers.get("link")).toBe(`<http://localhost/api/acme/chat/conversations/${withBruno}/messages?limit=2&cursor=${newest.next_cursor}>; rel="next"`);
    const rest = await json(await get(`/conversations/${withBruno}/messages?limit=2&cursor=${newest.next_cursor}`, ana));
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.messages.map((m: { content: string }) => m.content)).toEqual(["one"]);
    expect((await get(`/conversations/${withBruno}/messages?limit=1001`, ana)).status).toBe(400);
  });

  it("PUT read clears the unread count, never moves backwards, and tells the other side", async () => {
    const b = await connect(bruno);
    const res = await call("PUT", `/api/acme/chat/conversations/${withCarla}/read`, { token: ana.token });
    const read = await json(res);
    expect(read).toMatchObject({ conversation_id: withCarla, unread_count: 0 });
    const last = read.last_read_message_id;
    expect(last).toBeGreaterThan(0);
    const back = await call("PUT", `/api/acme/chat/conversations/${withCarla}/read`, { token: ana.token, body: { message_id: 0 } });
    expect((await json(back)).last_read_message_id).toBe(last);
    const conversations = (await json(await get("/conversations", ana))).conversations;
    expect(conversations.find((c: { id: string }) => c.id === withCarla).unread_count).toBe(0);
    // Bruno is not in that conversation: he hears nothing of it.
    await call("PUT", `/api/acme/chat/conversations/${withBruno}/read`, { token: bruno.token });
    expect(await b.ofType("read", (f) => f.conversation_id === withBruno)).toMatchObject({ member_id: bruno.id });
    expect(b.frames.some((f) => f.conversation_id === withCarla)).toBe(false);
    b.close();
  });

  it("validates messages: empty after trimming, too long, not JSON", async () => {
    const empty = await json(await post(`/conversations/${withBruno}/messages`, ana, { content: " \n " }));
    expect(empty).toMatchObject({ error: "validation_error", fields: { content: "chat_error_message_empty" } });
    const long = await json(await post(`/conversations/${withBruno}/messages`, ana, { content: "é".repeat(2001) }));
    expect(long.fields).toEqual({ content: "chat_error_message_too_long" });
    expect((await post(`/conversations/${withBruno}/messages`, ana, { content: "é".repeat(2000) })).status).toBe(201);
    const notJson = await call("POST", `/api/acme/chat/conversations/${withBruno}/messages`, { token: ana.token, rawBody: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
  });

  it("a message posted over the API reaches the other member's socket", async () => {
    const b = await connect(bruno);
    const sent = await say(ana, withBruno, "via REST");
    expect((await b.ofType("message", (f) => f.message.id === sent.id)).message.content).toBe("via REST");
    b.close();
  });

  it("hides other people's conversations: 404 for a non-participant and for another organisation", async () => {
    expect((await get(`/conversations/${withBruno}/messages`, david)).status).toBe(404);
    expect((await post(`/conversations/${withBruno}/messages`, david, { content: "hi" })).status).toBe(404);
    expect((await call("PUT", `/api/acme/chat/conversations/${withBruno}/read`, { token: david.token })).status).toBe(404);
    expect((await call("GET", `/api/acme/chat/conversations`, { token: outsider.token })).status).toBe(404);
    expect((await call("GET", `/api/vizinhos/chat/conversations/${withBruno}/messages`, { token: outsider.token })).status).toBe(404);
    expect((await get("/conversations/not-a-uuid/messages", ana)).status).toBe(404);
  });
});

describe("who gets chat", () => {
  it("answers 404 chat_disabled when the organisation has chat off, on the API and the socket", async () => {
    const res = await call("GET", "/api/quiet/chat/conversations", { token: quiet.token });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toBe("chat_disabled");
    expect((await upgrade("?org=quiet", { token: quiet.token })).status).toBe(404);
  });

  it("answers 403 chat_forbidden to role system", async () => {
    const res = await get("/users", robot);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe("chat_forbidden");
    expect((await upgrade("?org=acme", { token: robot.token })).status).toBe(403);
  });

  it("needs a token: 401", async () => {
    expect((await call("GET", "/api/acme/chat/conversations")).status).toBe(401);
  });
});

describe("the socket and the web session cookie", () => {
  it("opens with the commons_session cookie from a page of this host, and not once the session is revoked", async () => {
    const tokens = (await login("david@acme.example", "Correct-Horse-9")).body;
    const setCookie = await createWebSession({ cloudflare: { env } }, tokens);
    const cookie = setCookie.split(";")[0];
    const res = await upgrade("?org=acme", { cookie, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(101);
    const client = new SocketClient(res.webSocket!);
    expect((await client.ofType("ready")).member_id).toBe(david.id);
    client.close();
    // Logging out ends the API session; the cookie no longer opens chat.
    // The session these tokens belong to (its id is the token's sid): "the newest" could be another
    // login of the same second, as created_at counts whole seconds.
    const sid = JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(Date.now(), sid).run();
    // A browser cannot read a refused upgrade's status: the upgrade is closed at once with 4401, on which the widget stops.
    const refused = await upgrade("?org=acme", { cookie, headers: { origin: "http://localhost" } });
    expect(refused.status).toBe(101);
    const closed = new Promise<number>((resolve) => refused.webSocket!.addEventListener("close", (event) => resolve(event.code)));
    refused.webSocket!.accept();
    expect(await closed).toBe(CHAT_CLOSE.unauthenticated);
  });

  it("uses the organisation of the host when no org parameter is given", async () => {
    const res = await call("GET", "/chat/socket", { token: ana.token, host: "acme.localhost", headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const client = new SocketClient(res.webSocket!);
    await client.ofType("ready");
    client.close();
  });
});
