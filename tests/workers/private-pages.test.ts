/**
 * A signed-in page is never kept by a cache (issue 28, point 3): after a sign-out the browser's Back
 * button must not show the member's social CV again from its cache.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../workers/app";
import { SESSION_COOKIE } from "../../workers/auth/web-session";
import { seedOrganizations, testEnv } from "./support";

let answer: () => Response = () => new Response("page");
const app = createApp({ renderPage: async () => answer() });

async function page(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://acme.localhost${path}`, { headers }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await seedOrganizations();
});

describe("pages and the caches", () => {
  it("a page read with a web session is private and never stored", async () => {
    answer = () => new Response("<p>Marta's social CV</p>", { headers: { "content-type": "text/html" } });
    const res = await page("/responsible_profile", { cookie: `${SESSION_COOKIE}=abc` });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe("<p>Marta's social CV</p>");
  });

  it("so is the page that signs in or out (it sets the cookie), and its data requests", async () => {
    answer = () => new Response(null, { status: 302, headers: { location: "/signin", "set-cookie": `${SESSION_COOKIE}=; Max-Age=0` } });
    expect((await page("/logout")).headers.get("cache-control")).toBe("private, no-store");
    answer = () => new Response("data", { headers: { "content-type": "text/x-script" } });
    expect((await page("/responsible_profile.data", { cookie: `other=1; ${SESSION_COOKIE}=abc` })).headers.get("cache-control")).toBe("private, no-store");
  });

  it("a signed-out visitor's public page and a page's own caching are left as they are", async () => {
    answer = () => new Response("<p>Welcome</p>", { headers: { "content-type": "text/html" } });
    expect((await page("/welcome")).headers.get("cache-control")).toBeNull();
    answer = () => new Response("file", { headers: { "cache-control": "private, max-age=300" } });
    expect((await page("/files/x", { cookie: `${SESSION_COOKIE}=abc` })).headers.get("cache-control")).toBe("private, max-age=300");
  });
});
