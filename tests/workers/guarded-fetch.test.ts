/**
 * The guarded fetch behind every administrator-supplied URL (issue 25, point 4), seen through the
 * SSO provider calls: an issuer that does not answer is given up after the timeout, a redirect or
 * an oversized answer is refused, a private address is never fetched, the endpoints discovery
 * names pass the same rule, and no remote body ever comes back in an answer. The global fetch is
 * replaced by a fake remote server for each case.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { guardedFetch, OUTBOUND_TIMEOUT_MS, OutboundRefused } from "../../workers/lib/guarded-fetch";
import { call, createMember, json, login, seedOrganizations } from "./support";

const ISSUER = "https://idp.example.com";
const MARKER = "REMOTE-BODY-7f3a9";
let token = "";
const api = (method: string, path: string, body?: unknown) => call(method, `/api/acme/admin${path}`, { token, body });
const add = (issuer = ISSUER, provider = `p-${crypto.randomUUID().slice(0, 8)}`) => api("POST", "/sso", { provider, issuer, client_id: "commons", client_secret: "s3cret" });

const discovery = (overrides: Record<string, unknown> = {}) => ({
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  userinfo_endpoint: `${ISSUER}/me`,
  jwks_uri: `${ISSUER}/jwks`,
  response_types_supported: ["code"],
  ...overrides,
});
const jsonAnswer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Replaces the Worker's fetch by `remote`, recording every URL asked for. */
function remote(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return answer(url, init);
  });
  return asked;
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "alma@x.example", orgId: acme.id, name: "Alma", role: "admin" });
  token = (await login("alma@x.example", "Correct-Horse-9")).body.access_token;
});

afterEach(() => vi.unstubAllGlobals());

describe("the guarded fetch behind SSO providers", () => {
  it("gives up on an issuer that does not answer after the timeout", async () => {
    remote((_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason))));
    const started = Date.now();
    const answer = await add();
    const took = Date.now() - started;
    expect(answer.status).toBe(502);
    expect(await json(answer)).toMatchObject({ error: "discovery_unreachable", fields: { issuer: "sso_error_discovery_unreachable" } });
    expect(took).toBeGreaterThanOrEqual(OUTBOUND_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(OUTBOUND_TIMEOUT_MS + 3000);
  });

  it("never shows the remote body back", async () => {
    remote(() => new Response(`<h1>${MARKER}</h1> internal stack trace`, { status: 500, headers: { "content-type": "text/html" } }));
    const failed = await add();
    expect(failed.status).toBe(502);
    const text = await failed.text();
    expect(JSON.parse(text)).toMatchObject({ error: "discovery_invalid" });
    expect(text).not.toContain(MARKER);
    // A document that is JSON but not for this issuer: the same, the code only.
    remote(() => jsonAnswer(discovery({ issuer: `https://${MARKER}.example` })));
    const wrongIssuer = await (await add()).text();
    expect(JSON.parse(wrongIssuer)).toMatchObject({ error: "discovery_invalid" });
    expect(wrongIssuer).not.toContain(MARKER);
  });

  it("refuses a redirect instead of following it", async () => {
    const asked = remote(() => new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }));
    const answer = await add();
    expect(answer.status).toBe(502);
    expect(await json(answer)).toMatchObject({ error: "discovery_invalid" });
    expect(asked).toEqual([`${ISSUER}/.well-known/openid-configuration`]);
  });

  it("refuses an answer over the size cap", async () => {
    remote(() => jsonAnswer(discovery({ padding: "x".repeat(300 * 1024) })));
    expect(await json(await add())).toMatchObject({ error: "discovery_invalid" });
  });

  it("never fetches a private, link-local or metadata issuer", async () => {
    const asked = remote(() => jsonAnswer(discovery()));
    for (const issuer of ["http://10.0.0.1", "https://169.254.169.254", "http://metadata.google.internal", "https://[fd00:ec2::254]", "https://0xa9fea9fe", "https://192.168.1.1."]) {
      const answer = await add(issuer);
      expect(answer.status, issuer).toBe(400);
      expect(await json(answer), issuer).toMatchObject({ error: "validation_error", fields: { issuer: "sso_error_address" } });
    }
    expect(asked).toEqual([]);
  });

  it("refuses a discovery document that names a private endpoint", async () => {
    remote(() => jsonAnswer(discovery({ token_endpoint: "http://169.254.169.254/latest/meta-data/" })));
    expect(await json(await add())).toMatchObject({ error: "discovery_invalid" });
    remote(() => jsonAnswer(discovery({ userinfo_endpoint: "https://10.1.2.3/me" })));
    expect(await json(await add())).toMatchObject({ error: "discovery_invalid" });
  });

  it("records a failed test sign-in with a code only, never the provider's error text", async () => {
    remote((url) => (url.endsWith("/token") ? jsonAnswer({ error: "invalid_client", error_description: MARKER }, 401) : jsonAnswer(discovery())));
    const added = await add(ISSUER, "echo-test");
    expect(added.status).toBe(201);
    const { id } = await json(added);
    const { test, url } = await json(await api("POST", `/sso/${id}/test`));
    const state = new URL(url).searchParams.get("state")!;
    const back = await call("GET", `/auth/sso/echo-test/callback?code=abc&state=${state}&iss=${encodeURIComponent(ISSUER)}`);
    expect(back.status).toBe(302);
    const result = await api("GET", `/sso/tests/${test.id}`);
    const text = await result.text();
    expect(JSON.parse(text)).toMatchObject({ status: "failed", code: "token_refused", detail: { error: "invalid_client" } });
    expect(text).not.toContain(MARKER);
  });

  it("outside development, refuses http and loopback before any request", async () => {
    const asked = remote(() => jsonAnswer(discovery()));
    const production = { ...env, ENVIRONMENT: "production" } as Env;
    await expect(guardedFetch(production)("http://127.0.0.1:9/.well-known/openid-configuration")).rejects.toEqual(new OutboundRefused("address_not_allowed"));
    await expect(guardedFetch(production)("http://idp.example.com/")).rejects.toEqual(new OutboundRefused("https_required"));
    expect(asked).toEqual([]);
    // Development keeps loopback for local test providers.
    await expect(guardedFetch(env)("http://127.0.0.1:9/")).resolves.toBeInstanceOf(Response);
  });
});
