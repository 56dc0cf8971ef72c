/**
 * The edge in front of an upstream (issue 16, points 1 and 6): an edge Worker (UPSTREAM_URL with
 * a base path) proxies /auth and /api to an upstream Worker (this repo's embedded API, handed in
 * as the edge's fetch). The tenant and public origin travel upstream, trusted only with the
 * shared secret; faults are 502/504, never 500, reads retried once; the base path is kept; bodies
 * go back decoded; a refresh the upstream cannot answer does not sign a member out.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { memberCall } from "../../app/lib/server/api.server";
import { action as renewAction, loader as renewLoader } from "../../app/routes/session.renew";
import { createApp } from "../../workers/app";
import { createWebSession, getWebSession } from "../../workers/auth/web-session";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { SocketClient } from "./chat-support";
import { watchedEnv } from "./counting-env";
import { createMember, json, login, mailbox, seedOrganizations, testEnv, testLoadContext } from "./support";

const SECRET = "edge-and-upstream-share-this-secret-0123456789";
const upstreamEnv = { ...testEnv, EDGE_SECRET: SECRET } as Env;
const edgeEnv = { ...testEnv, UPSTREAM_URL: "http://upstream.internal/base/", EDGE_SECRET: SECRET, PUBLIC_URL: "https://commons.example" } as Env;
const upstream = createApp();

/** What the upstream received, and how it answers (the embedded API unless a test says otherwise). */
let seen: Request[] = [];
let behaviour: ((request: Request) => Promise<Response>) | null = null;

const edge = createApp({
  upstreamFetch: async (request) => {
    seen.push(request.clone() as Request);
    if (behaviour) return behaviour(request);
    // What a reverse proxy in front of the upstream does with the base path.
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/base/, "");
    const ctx = createExecutionContext();
    const answer = await upstream.fetch(new Request(url, request), upstreamEnv, ctx);
    await waitOnExecutionContext(ctx);
    return answer;
  },
});

async function through(app: ReturnType<typeof createApp>, appEnv: Env, method: string, url: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }), appEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
const viaEdge = (method: string, url: string, init?: { body?: unknown; headers?: Record<string, string> }) => through(edge, edgeEnv, method, url, init);
const direct = (method: string, url: string, init?: { body?: unknown; headers?: Record<string, string> }) => through(upstream, upstreamEnv, method, url, init);

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await createMember({ email: "ana@acme.example", orgId: acme.id, name: "Ana" });
  await createMember({ email: "cora@commons.example", orgId: commons.id, name: "Cora" });
});

describe("the tenant and the public origin travel upstream", () => {
  it("with the public host, protocol, address and the secret; under UPSTREAM_URL's path", async () => {
    seen = [];
    const answer = await viaEdge("GET", "https://acme.localhost/api/organization/current?x=1", { headers: { "x-forwarded-host": "evil.example", "x-commons-public-url": "https://evil.example" } });
    expect(answer.status).toBe(200);
    expect((await json(answer)).organization_slug).toBe("acme");
    expect(seen).toHaveLength(1);
    const sent = seen[0];
    expect(new URL(sent.url).toString()).toBe("http://upstream.internal/base/api/organization/current?x=1");
    // The client's own claims were replaced by the edge's.
    expect(sent.headers.get("x-forwarded-host")).toBe("acme.localhost");
    expect(sent.headers.get("x-forwarded-proto")).toBe("https");
    expect(sent.headers.get("x-commons-public-url")).toBe("https://commons.example");
    expect(sent.headers.get("x-commons-edge")).toBe(SECRET);
    expect(sent.headers.get("x-request-id")).toBeTruthy();
    expect((await json(await viaEdge("GET", "https://commons.example/api/organization/current"))).organization_slug).toBe("commons");
    // A client claiming to be an edge, at the edge, is refused there.
    expect((await viaEdge("GET", "https://acme.localhost/api/organization/current", { headers: { "x-commons-edge": "guess" } })).status).toBe(403);
  });

  it("with the client's address, which the upstream's rate limits count, not the edge's", async () => {
    await viaEdge("POST", "https://commons.example/auth/login", { body: { email: "cora@commons.example", password: "wrong-password-1" }, headers: { origin: "https://commons.example", "cf-connecting-ip": "198.51.100.7" } });
    const keys = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'login:%'").all<{ key: string }>();
    expect(keys.results.map((row) => row.key).some((key) => key.includes("198.51.100.7"))).toBe(true);
    // A client's own x-forwarded-for means nothing at the upstream without the secret.
    await direct("POST", "http://upstream.internal/auth/login", { body: { email: "cora@commons.example", password: "wrong-password-2" }, headers: { "x-forwarded-for": "203.0.113.99", "cf-connecting-ip": "192.0.2.1" } });
    const after = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'login:%'").all<{ key: string }>();
    expect(after.results.some((row) => row.key.includes("203.0.113.99"))).toBe(false);
  });

  it("so e-mailed links use the public address, not the upstream's", async () => {
    for (const [email, origin] of [["cora@commons.example", "https://commons.example"], ["ana@acme.example", "https://acme.localhost"]]) {
      const host = new URL(origin).host;
      const answer = await viaEdge("POST", `${origin}/auth/recover_password`, { body: { email, app: "mobile" }, headers: { origin } });
      expect(answer.status, email).toBeLessThan(300);
      const [mail] = await mailbox(email);
      const link = mail.links.find((href) => href.includes("/recover_password/"));
      expect(new URL(link!).host, email).toBe(host);
      expect(new URL(link!).protocol).toBe("https:");
    }
  });

  it("and the upstream refuses forwarded headers without the shared secret", async () => {
    // Without any claim to be the edge, a forwarded host means nothing.
    expect((await json(await direct("GET", "http://upstream.internal/api/organization/current", { headers: { "x-forwarded-host": "acme.localhost" } }))).organization_slug).toBe("commons");
    const claims: Record<string, string>[] = [
      { "x-commons-edge": "not-the-secret", "x-forwarded-host": "acme.localhost" },
      { "x-commons-edge": "", "x-forwarded-host": "acme.localhost" },
      { "x-commons-edge": SECRET, "x-forwarded-host": "acme.localhost/evil" },
      { "x-commons-edge": SECRET, "x-forwarded-host": "acme.localhost", "x-forwarded-proto": "gopher" },
      { "x-commons-edge": SECRET, "x-forwarded-host": "acme.localhost", "x-commons-public-url": "not a url" },
    ];
    for (const headers of claims) {
      const answer = await direct("GET", "http://upstream.internal/api/organization/current", { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect((await json(answer)).error).toBe("edge_secret_invalid");
    }
    // An upstream without a secret of its own trusts no edge at all.
    const bare = await through(upstream, testEnv, "GET", "http://upstream.internal/api/organization/current", { headers: { "x-commons-edge": SECRET, "x-forwarded-host": "acme.localhost" } });
    expect(bare.status).toBe(403);
    expect((await json(await direct("GET", "http://upstream.internal/api/organization/current", { headers: { "x-commons-edge": SECRET, "x-forwarded-host": "acme.localhost" } }))).organization_slug).toBe("acme");
  });
});

describe("the edge keeps no copy of the organisations", () => {
  it("asks the upstream whose a host is, caches the answer briefly, and drops it when told", async () => {
    await env.ORG_CACHE.delete("org:v1:upstream-host:acme.localhost");
    const watched = watchedEnv(edgeEnv);
    const page = async () => {
      const ctx = createExecutionContext();
      const answer = await edge.fetch(new Request("https://acme.localhost/no-such-page"), watched.env, ctx);
      await waitOnExecutionContext(ctx);
      return answer;
    };
    seen = [];
    expect((await page()).status).toBe(404);
    expect(seen.map((request) => [new URL(request.url).pathname, request.headers.get("x-forwarded-host")])).toEqual([["/base/api/organization/current", "acme.localhost"]]);
    const cached = await env.ORG_CACHE.get<{ slug: string; hostnames: string[]; community: { theme: Record<string, string> } }>("org:v1:upstream-host:acme.localhost", "json");
    expect(cached).toMatchObject({ slug: "acme", hostnames: ["acme.localhost"] });
    // Cached: the next page asks nobody.
    seen = [];
    await page();
    expect(seen).toHaveLength(0);
    // The edge's own D1 was never asked about organisations.
    expect(watched.reads("organizations")).toBe(0);
    expect(watched.reads("organization_hostnames")).toBe(0);
    // The upstream says something changed: dropped, asked again.
    expect((await through(edge, edgeEnv, "POST", "https://commons.example/edge/invalidate", { body: {} })).status).toBe(403);
    const told = await through(edge, edgeEnv, "POST", "https://commons.example/edge/invalidate", { body: { hosts: ["acme.localhost"] }, headers: { authorization: `Bearer ${SECRET}` } });
    expect(await json(told)).toEqual({ dropped: 1 });
    seen = [];
    await page();
    expect(seen).toHaveLength(1);
    // A body that is not a JSON object is the caller's mistake: 400, never a 500.
    for (const body of [null, [], "hosts"]) {
      const refused = await through(edge, edgeEnv, "POST", "https://commons.example/edge/invalidate", { body, headers: { authorization: `Bearer ${SECRET}` } });
      expect([refused.status, (await json(refused)).error], JSON.stringify(body)).toEqual([400, "bad_request"]);
    }
  });

  it("is told by the upstream (EDGE_URL) when an organisation changes", async () => {
    const calls: Request[] = [];
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(new Request(input as RequestInfo, init));
      return Response.json({ dropped: 1 });
    });
    try {
      await invalidateOrganization({ ...upstreamEnv, EDGE_URL: "https://edge.example" } as Env, { slug: "acme", hostnames: ["acme.localhost"] });
    } finally {
      spy.mockRestore();
    }
    expect(calls.map((call) => [call.method, call.url, call.headers.get("authorization")])).toEqual([["POST", "https://edge.example/edge/invalidate", `Bearer ${SECRET}`]]);
  });

  it("serves the upstream's files through it", async () => {
    seen = [];
    await viaEdge("GET", "https://acme.localhost/media/logos/00000000-0000-0000-0000-000000000000.png");
    expect(new URL(seen[0].url).pathname).toBe("/base/media/logos/00000000-0000-0000-0000-000000000000.png");
  });
});

describe("faults of the upstream", () => {
  const fails = (make: () => Promise<Response>) => {
    behaviour = make;
  };

  it("unreachable: 502, never 500; a read is retried once, a write never", async () => {
    fails(async () => {
      throw new TypeError("Network connection lost.");
    });
    seen = [];
    const read = await viaEdge("GET", "https://commons.example/api/organization/current");
    expect(read.status).toBe(502);
    expect(await json(read)).toMatchObject({ error: "upstream_unavailable" });
    expect(seen).toHaveLength(2);
    seen = [];
    const write = await viaEdge("POST", "https://commons.example/auth/login", { body: { email: "cora@commons.example", password: "x" }, headers: { origin: "https://commons.example" } });
    expect(write.status).toBe(502);
    expect(seen).toHaveLength(1);
    behaviour = null;
  });

  it("unreachable: a page is a translated HTML page saying so (503), a static file the edge's own, the API JSON", async () => {
    fails(async () => {
      throw new TypeError("Network connection lost.");
    });
    // No organisation cached for this host: the edge must ask the upstream whose it is, and cannot.
    const host = "https://stopped.example";
    const assets = { fetch: async (request: Request) => (new URL(request.url).pathname === "/favicon.svg" ? new Response("<svg/>", { headers: { "content-type": "image/svg+xml" } }) : new Response("Not found", { status: 404 })) } as unknown as Fetcher;
    const stoppedEnv = { ...edgeEnv, ASSETS: assets } as Env;
    const page = await through(edge, stoppedEnv, "GET", `${host}/wall`, { headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate", "accept-language": "es-ES,es;q=0.9" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("retry-after")).toBe("30");
    const html = await page.text();
    expect(html).toContain('<html lang="es-ES">');
    expect(html).toContain("El servicio no está disponible");
    const file = await through(edge, stoppedEnv, "GET", `${host}/favicon.svg`);
    expect([file.status, await file.text()]).toEqual([200, "<svg/>"]);
    // A script's request for a page, and the API, keep the JSON answer.
    const fetched = await through(edge, stoppedEnv, "GET", `${host}/wall`, { headers: { accept: "application/json" } });
    expect([fetched.status, (await json(fetched)).error]).toEqual([502, "upstream_unavailable"]);
    const api = await through(edge, stoppedEnv, "GET", `${host}/api/organization/current`, { headers: { accept: "text/html" } });
    expect([api.status, (await json(api)).error]).toEqual([502, "upstream_unavailable"]);
    behaviour = null;
  });

  it("too slow: 504 (sign-in's missing answer)", async () => {
    fails(async () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    });
    const answer = await viaEdge("POST", "https://commons.example/auth/login", { body: { email: "cora@commons.example", password: "x" }, headers: { origin: "https://commons.example" } });
    expect(answer.status).toBe(504);
    expect(await json(answer)).toMatchObject({ error: "upstream_timeout" });
    behaviour = null;
  });

  it("failing: its 5xx become 502 (504 stays 504), with the edge's own message", async () => {
    for (const [status, expected] of [
      [500, 502],
      [503, 502],
      [502, 502],
      [504, 504],
    ]) {
      fails(async () => new Response("<html>stack trace</html>", { status, headers: { "content-type": "text/html" } }));
      const answer = await viaEdge("GET", "https://commons.example/api/organization/current");
      expect(answer.status, String(status)).toBe(expected);
      expect(answer.headers.get("content-type")).toMatch(/application\/json/);
      expect(await answer.text()).not.toContain("stack trace");
    }
    behaviour = null;
  });

  it("passes bodies on decoded, so the client gets only the encoding it asks for", async () => {
    fails(async () => new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json", "content-encoding": "br", "content-length": "999", connection: "keep-alive" } }));
    const answer = await viaEdge("GET", "https://commons.example/api/organization/current");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.headers.get("content-length")).toBeNull();
    expect(await json(answer)).toEqual({ ok: true });
    behaviour = null;
  });
});

describe("chat through the edge", () => {
  it("swaps the web session cookie for the upstream's token and hands the upstream's socket over", async () => {
    const context = await testLoadContext("acme");
    const { body } = await login("ana@acme.example", "Correct-Horse-9");
    const cookie = (await createWebSession(context, body)).split(";")[0];
    seen = [];
    const response = await viaEdge("GET", "https://acme.localhost/chat/socket?org=acme", { headers: { upgrade: "websocket", cookie, origin: "https://acme.localhost" } });
    expect(response.status).toBe(101);
    expect(seen[0].headers.get("authorization")).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(seen[0].headers.get("cookie")).toBeNull();
    expect(new URL(seen[0].url).pathname).toBe("/base/chat/socket");
    const client = new SocketClient(response.webSocket!);
    expect((await client.ofType("ready")).type).toBe("ready");
    client.close();
    // Without a session, or from another site's page: no socket.
    expect((await viaEdge("GET", "https://acme.localhost/chat/socket?org=acme", { headers: { upgrade: "websocket" } })).status).toBe(401);
    expect((await viaEdge("GET", "https://acme.localhost/chat/socket?org=acme", { headers: { upgrade: "websocket", cookie, origin: "https://evil.example" } })).status).toBe(401);
  });
});

describe("a refresh the upstream answers with 202 and a URL to follow", () => {
  it("sends the page to /session/renew, which frames only the auth origin and keeps the tokens it brings back", async () => {
    const context: AppLoadContext = await testLoadContext();
    const { body } = await login("cora@commons.example", "Correct-Horse-9");
    const cookie = (await createWebSession(context, body)).split(";")[0];
    const request = new Request("http://localhost/settings?tab=1", { headers: { cookie } });
    const session = (await getWebSession(context, request))!;
    await env.DB.prepare("UPDATE web_sessions SET access_expires_at = 0 WHERE id = ?").bind(session.id).run();
    const renewing: AppLoadContext = { ...context, api: async (call: Request) => (new URL(call.url).pathname === "/auth/refresh" ? Response.json({ url: "http://upstream.internal/renew?s=1" }, { status: 202 }) : context.api(call)) };
    const thrown = await memberCall({ context: renewing, request }, (api) => api.api[":org"].profile.$get({ param: { org: "commons" } })).catch((error) => error);
    expect(thrown.status).toBe(302);
    const location = new URL(thrown.headers.get("location"), "http://localhost");
    expect(location.pathname).toBe("/session/renew");
    expect(Object.fromEntries(location.searchParams)).toEqual({ url: "http://upstream.internal/renew?s=1", redirect: "/settings?tab=1" });
    expect(await getWebSession(context, request)).not.toBeNull();

    // The page, at the edge: the upstream's origin only.
    const atEdge: AppLoadContext = { ...context, cloudflare: { ...context.cloudflare, env: edgeEnv } };
    const page = (await renewLoader({ request: new Request(`http://localhost${location.pathname}${location.search}`, { headers: { cookie } }), context: atEdge, params: {} })) as { url: string; authOrigin: string; redirect: string };
    expect(page).toMatchObject({ url: "http://upstream.internal/renew?s=1", authOrigin: "http://upstream.internal", redirect: "/settings?tab=1" });
    const foreign = new Request(`http://localhost/session/renew?${new URLSearchParams({ url: "https://evil.example/renew", redirect: "/wall" })}`, { headers: { cookie } });
    expect(((await renewLoader({ request: foreign, context: atEdge, params: {} }).catch((error) => error)) as Response).status).toBe(400);

    // The frame's tokens, posted back: the session uses them from now on.
    const fresh = (await login("cora@commons.example", "Correct-Horse-9")).body;
    const posted = (await renewAction({
      request: new Request("http://localhost/session/renew", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ access_token: fresh.access_token, refresh_token: fresh.refresh_token, expires_in: 900 }) }),
      context: atEdge,
      params: {},
    })) as Response;
    expect(posted.status).toBe(200);
    expect((await getWebSession(context, request))!.accessExpiresAt).toBeGreaterThan(Date.now());
    expect((await memberCall({ context, request }, (api) => api.api[":org"].profile.$get({ param: { org: "commons" } }))).ok).toBe(true);
    const junk = (await renewAction({ request: new Request("http://localhost/session/renew", { method: "POST", headers: { cookie }, body: "{}" }), context: atEdge, params: {} })) as Response;
    expect(junk.status).toBe(400);
  });
});

describe("a refresh the upstream cannot answer", () => {
  it("keeps the member signed in and answers the page with the upstream's fault", async () => {
    const context: AppLoadContext = await testLoadContext();
    const { body } = await login("cora@commons.example", "Correct-Horse-9");
    const cookie = (await createWebSession(context, body)).split(";")[0];
    const request = new Request("http://localhost/settings", { headers: { cookie } });
    const session = (await getWebSession(context, request))!;
    await env.DB.prepare("UPDATE web_sessions SET access_expires_at = 0 WHERE id = ?").bind(session.id).run();
    // The API answers the refresh with a 502, as the edge does with its upstream down.
    const down: AppLoadContext = { ...context, api: async (call: Request) => (new URL(call.url).pathname === "/auth/refresh" ? Response.json({ error: "upstream_unavailable", message: "down" }, { status: 502 }) : context.api(call)) };
    const thrown = await memberCall({ context: down, request }, (api) => api.api[":org"].profile.$get({ param: { org: "commons" } })).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(502);
    expect(thrown.headers.get("set-cookie")).toBeNull();
    // Still signed in: the next request, with the upstream back, refreshes and answers.
    expect(await getWebSession(context, request)).not.toBeNull();
    expect((await memberCall({ context, request }, (api) => api.api[":org"].profile.$get({ param: { org: "commons" } }))).ok).toBe(true);
  });
});
