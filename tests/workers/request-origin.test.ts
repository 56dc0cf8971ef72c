/**
 * Requests from elsewhere (workers/lib/request-origin.ts): the edge refuses a state-changing
 * request another site could have sent, with a 403 in the one error shape, before Remix runs. The
 * page here is rendered by Remix's real server runtime with a one-route build, so its own
 * cross-origin check (a 500 when it trips) is what the edge answer replaces.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/server-runtime";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../workers/app";
import { call, json, login, createMember, seedOrganizations, testEnv } from "./support";

let actionsRun = 0;

const build = {
  mode: "production",
  basename: "/",
  publicPath: "/build/",
  assetsBuildDirectory: "build/client",
  isSpaMode: false,
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_fetcherPersist: true },
  entry: { module: { default: (_request: Request, status: number) => new Response("page", { status }) } },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: () => null,
        action: () => {
          actionsRun += 1;
          return { done: true };
        },
      },
    },
  },
  assets: { version: "1", url: "/build/manifest.js", entry: { module: "/build/entry.js", imports: [] }, routes: { root: { id: "root", path: "", module: "/build/root.js", hasAction: true, hasLoader: false } } },
} as unknown as ServerBuild;

const handleRemix = createRequestHandler(build, "production");
const app = createApp({ renderPage: (request) => handleRemix(request, {} as AppLoadContext) });

async function page(method: string, path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`http://acme.localhost${path}`, { method, headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: method === "GET" ? undefined : "a=1" });
  const response = await app.fetch(request, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "marta@acme.example", orgId: acme.id });
});

describe("page actions and resource routes", () => {
  it("a post from another site is a 403 cross_origin_request, not Remix's 500, and the action never runs", async () => {
    const before = actionsRun;
    for (const origin of ["https://evil.example", "http://acme.localhost.evil.example", "null", "not a url", "javascript:alert(1)"]) {
      const res = await page("POST", "/?index", { origin });
      expect(res.status, origin).toBe(403);
      expect(await json(res), origin).toEqual({ error: "cross_origin_request", message: expect.any(String) });
    }
    expect(actionsRun).toBe(before);
  });

  it("every state-changing method of any page path is checked: files, accept-terms, chat relays", async () => {
    for (const [method, path] of [["POST", "/accept-terms"], ["POST", "/files/beach/document"], ["DELETE", "/files/beach/document/x"], ["PUT", "/chat/conversations/c/read"], ["POST", "/chat/conversations"]]) {
      expect((await page(method, path, { origin: "https://evil.example" })).status, `${method} ${path}`).toBe(403);
    }
  });

  it("a post from this site reaches the action", async () => {
    const before = actionsRun;
    const res = await page("POST", "/?index", { origin: "http://acme.localhost" });
    expect(res.status).toBe(200);
    expect(actionsRun).toBe(before + 1);
  });

  it("a client-sent X-Forwarded-Host does not turn Remix's check into a 500", async () => {
    const res = await page("POST", "/?index", { origin: "http://acme.localhost", "x-forwarded-host": "evil.example" });
    expect(res.status).toBe(200);
  });

  it("without Origin, Sec-Fetch-Site decides; with neither header (curl) the request passes", async () => {
    expect((await page("POST", "/?index", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await page("POST", "/?index", { "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await page("POST", "/?index", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await page("POST", "/?index", { "sec-fetch-site": "none" })).status).toBe(200);
    expect((await page("POST", "/?index")).status).toBe(200);
  });

  it("reads are never refused", async () => {
    expect((await page("GET", "/", { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(200);
  });
});

describe("the API of Bearer clients", () => {
  it("keeps working without Origin, and with a foreign Origin when no cookie is sent", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "marta@acme.example", password: "Correct-Horse-9" }, headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(200);
  });

  it("refuses a cookie-carrying call from another site (the refresh cookie on /auth)", async () => {
    const { cookie } = await login("marta@acme.example", "Correct-Horse-9");
    const foreign = await call("PUT", "/auth/refresh", { cookie, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await json(foreign)).toMatchObject({ error: "cross_origin_request" });
    const own = await call("PUT", "/auth/refresh", { cookie, headers: { origin: "http://localhost" } });
    expect(own.status).toBe(200);
  });
});
