/**
 * /accept-terms goes back to the page the terms modal was on (its Referer) only when that is a
 * page of this site; a malformed or foreign Referer goes to /wall, never a 500 or off the site.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";

vi.mock("~/lib/server/settings.server", () => ({ saveProfile: async () => ({ ok: true }) }));
// Unit files share a module cache (vitest.unit.config.ts): load the route afresh, so it takes the mock.
vi.resetModules();
const { action } = await import("../../app/routes/accept-terms");

async function accept(referer: string | null) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (referer !== null) headers.set("referer", referer);
  const request = new Request("https://acme.commons.example/accept-terms", { method: "POST", headers, body: "kind=platform" });
  const response = await action({ request, context: {} as AppLoadContext, params: {} });
  return { status: response.status, location: response.headers.get("location") };
}

describe("/accept-terms", () => {
  it("goes back to the Referer when it is a page of this site", async () => {
    expect(await accept("https://acme.commons.example/initiative/beach?tab=docs")).toEqual({ status: 302, location: "/initiative/beach?tab=docs" });
  });

  it("goes to /wall for a missing, malformed or foreign Referer", async () => {
    for (const referer of [null, "not a url", "http://[::1", "https://evil.example/wall", "https://acme.commons.example//evil.example", "javascript:alert(1)"]) {
      expect(await accept(referer), String(referer)).toEqual({ status: 302, location: "/wall" });
    }
  });
});
