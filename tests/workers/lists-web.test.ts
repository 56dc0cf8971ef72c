/**
 * The loaders of /wall and /initiative, and the chat widget's resource routes, with a real load
 * context against the real API: what each screen gets, how the wall's filters are read from the URL,
 * and what the widget gets without a session or with a bad body.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as wallLoader } from "../../app/routes/_app.wall._index";
import { loader as mineLoader } from "../../app/routes/_app.initiative._index";
import { action as conversationsAction, loader as conversationsLoader } from "../../app/routes/chat.conversations";
import { action as messagesAction, loader as messagesLoader } from "../../app/routes/chat.conversations_.$id.messages";
import { action as readAction } from "../../app/routes/chat.conversations_.$id.read";
import { loader as usersLoader } from "../../app/routes/chat.users";
import { createWebSession } from "../../workers/auth/web-session";
import { pageHref, type WallFilters } from "../../app/domain/initiatives/wall-filters";
import { addParticipation, createInitiative, DAY, HOUR } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;
let otherId: string;
let acmeId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  acmeId = acme.id;
  const me = await createMember({ email: "wall@acme.example", orgId: acme.id });
  otherId = (await createMember({ email: "chat-partner@acme.example", orgId: acme.id, name: "Chat Partner" })).id;
  const now = Date.now();
  await createInitiative({ orgId: acme.id, slug: "lists-soon", title: "Beach clean-up", startTime: now + 2 * DAY, endTime: now + 3 * DAY });
  await createInitiative({ orgId: acme.id, slug: "lists-later", title: "Forest walk", startTime: now + 20 * DAY, endTime: now + 21 * DAY });
  const joined = await createInitiative({ orgId: acme.id, slug: "lists-joined", title: "Food bank", startTime: now + 4 * DAY, endTime: now + 5 * DAY });
  await addParticipation(joined.id, acme.id, me.id);
  context = await testLoadContext("acme");
  cookie = (await createWebSession(context, (await login("wall@acme.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
});

const get = (path: string, as = cookie) => new Request(`http://acme.localhost${path}`, { headers: { cookie: as } });

/** A loader's data and status (Remix's data() or a plain object), or the Response it threw. */
async function load(loader: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown, request: Request) {
  try {
    const answer = (await loader({ request, context, params: {} })) as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

type Card = { slug: string };
const slugs = (list: unknown) => (list as Card[]).map((card) => card.slug);

describe("the wall", () => {
  it("lists what the member may still join, not what they joined", async () => {
    const { status, data } = await load(wallLoader, get("/wall"));
    expect(status).toBe(200);
    const wall = data!.wall as { initiatives: Card[] };
    expect(slugs(wall.initiatives)).toEqual(expect.arrayContaining(["lists-soon", "lists-later"]));
    expect(slugs(wall.initiatives)).not.toContain("lists-joined");
  });

  it("applies the URL's filters: a search, and a date range given the wrong way round", async () => {
    const search = await load(wallLoader, get("/wall?search=forest"));
    expect(slugs((search.data!.wall as { initiatives: Card[] }).initiatives)).toEqual(["lists-later"]);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const reversed = await load(wallLoader, get(`/wall?from=${day(10)}&to=${day(1)}`));
    expect(reversed.status).toBe(200);
    expect(slugs((reversed.data!.wall as { initiatives: Card[] }).initiatives)).toEqual(["lists-soon"]);
  });

  it("pages by cursor: the next page's link carries it with the filters, and a later page links back to the first", async () => {
    const now = Date.now();
    for (let n = 0; n < 51; n++) {
      await createInitiative({ orgId: acmeId, slug: `lists-walk-${n}`, title: `Walk ${n}`, startTime: now + 30 * DAY + n * HOUR, endTime: now + 31 * DAY + n * HOUR });
    }
    type Wall = { initiatives: Card[]; cursor: string | null; next_cursor: string | null };
    const first = await load(wallLoader, get("/wall?search=walk&type=volunteering"));
    const firstWall = first.data!.wall as Wall;
    expect(firstWall.initiatives).toHaveLength(50);
    expect(firstWall.cursor).toBeNull();
    const next = pageHref(first.data!.filters as WallFilters, firstWall.next_cursor);
    expect(new URL(next, "http://acme.localhost").searchParams.toString()).toBe(`search=walk&type=volunteering&cursor=${encodeURIComponent(firstWall.next_cursor!)}`);
    const second = await load(wallLoader, get(next));
    const secondWall = second.data!.wall as Wall;
    expect(second.status).toBe(200);
    expect(secondWall.cursor).toBe(firstWall.next_cursor);
    expect(secondWall.next_cursor).toBeNull();
    // "Forest walk" and the 51 walks, each once.
    const shown = [...slugs(firstWall.initiatives), ...slugs(secondWall.initiatives)];
    expect(new Set(shown).size).toBe(52);
    expect(shown).toContain("lists-later");
    // A later page whose rows have all gone since its link was made: empty, with the cursor to say so (the screen links to the first page).
    const past = await load(wallLoader, get("/wall?search=walk&cursor=0.9999999999999999.zz"));
    expect(past.status).toBe(200);
    expect(past.data!.wall).toMatchObject({ initiatives: [], cursor: "0.9999999999999999.zz", next_cursor: null });
  });

  it("sends an old page number, or a cursor it cannot read, to the same search's first page", async () => {
    for (const query of ["search=walk&page=3", "search=walk&page=x", "search=walk&cursor=bogus", "search=walk&cursor="]) {
      expect(await load(wallLoader, get(`/wall?${query}`)), query).toEqual({ status: 301, location: "/wall?search=walk" });
    }
    expect(await load(wallLoader, get("/wall?page=2&cursor=1.17.abc"))).toEqual({ status: 301, location: "/wall?cursor=1.17.abc" });
  });

  it("sends a visitor without a session to sign in, keeping where they were going", async () => {
    const answer = await load(wallLoader, get("/wall?search=forest", ""));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/signin\?redirect=%2Fwall/);
  });
});

describe("my initiatives", () => {
  it("lists what the member joined", async () => {
    const { status, data } = await load(mineLoader, get("/initiative"));
    expect(status).toBe(200);
    expect(slugs(data!.initiatives)).toEqual(["lists-joined"]);
    expect(data!.tab).toBe("active");
  });
});

describe("the chat widget's conversations", () => {
  const postJson = (body: string, headers: Record<string, string> = { "content-type": "application/json" }, as = cookie) =>
    new Request("http://acme.localhost/chat/conversations", { method: "POST", headers: { cookie: as, ...headers }, body });

  it("starts a private conversation and then counts its unread messages", async () => {
    const started = (await conversationsAction({ request: postJson(JSON.stringify({ member_id: otherId })), context, params: {} })) as Response;
    expect([200, 201]).toContain(started.status);
    expect(started.headers.get("cache-control")).toBe("private, no-store");
    const summary = (await conversationsLoader({ request: get("/chat/conversations?summary=unread"), context, params: {} })) as Response;
    expect(await summary.json()).toEqual({ unread: 0 });
  });

  it("refuses a body that is not JSON, and a form (no cross-site form can write)", async () => {
    const broken = (await conversationsAction({ request: postJson("{"), context, params: {} })) as Response;
    expect(broken.status).toBe(400);
    const form = (await conversationsAction({ request: postJson("member_id=x", { "content-type": "application/x-www-form-urlencoded" }), context, params: {} })) as Response;
    expect(form.status).toBe(415);
  });

  it("answers 401 JSON without a session, not a redirect", async () => {
    const answer = (await conversationsLoader({ request: get("/chat/conversations", ""), context, params: {} })) as Response;
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: "unauthenticated" });
  });
});

describe("the chat widget's messages, read marks and member list", () => {
  const send = (method: string, path: string, body: unknown) =>
    new Request(`http://acme.localhost${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("sends, lists, marks read and finds members through the member's session", async () => {
    const started = (await conversationsAction({ request: send("POST", "/chat/conversations", { member_id: otherId }), context, params: {} })) as Response;
    const { conversation } = await started.json<{ conversation: { id: string } }>();
    const params = { id: conversation.id };
    const sent = (await messagesAction({ request: send("POST", `/chat/conversations/${conversation.id}/messages`, { content: "See you at ten", client_id: "web-1" }), context, params })) as Response;
    expect(sent.status).toBe(201);
    const history = (await messagesLoader({ request: get(`/chat/conversations/${conversation.id}/messages?before=999999&ignored=1`), context, params })) as Response;
    expect((await history.json<{ messages: { content: string }[] }>()).messages.map((m) => m.content)).toEqual(["See you at ten"]);
    const read = (await readAction({ request: send("PUT", `/chat/conversations/${conversation.id}/read`, {}), context, params })) as Response;
    expect(read.status).toBe(200);
    const users = (await usersLoader({ request: get("/chat/users?limit=500"), context, params: {} })) as Response;
    const groups = (await users.json<{ groups: { users: { name: string }[] }[] }>()).groups;
    expect(groups.flatMap((group) => group.users.map((user) => user.name))).toContain("Chat Partner");
  });

  it("refuses the wrong method, and a conversation that is not the member's", async () => {
    expect(((await readAction({ request: send("POST", "/chat/conversations/x/read", {}), context, params: { id: "x" } })) as Response).status).toBe(405);
    const unknown = (await messagesLoader({ request: get("/chat/conversations/c4a7d3e0-0000-4000-8000-999999999999/messages"), context, params: { id: "c4a7d3e0-0000-4000-8000-999999999999" } })) as Response;
    expect(unknown.status).toBe(404);
  });
});
