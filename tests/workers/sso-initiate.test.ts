/**
 * GET /sso/initiate/{provider}/{path*}, the browser's start of SSO: whatever the path and query,
 * an answer the popup can show (a redirect to the provider or to /sso/error/{code}), never a 500,
 * and never a landing path off this site.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, seedOrganizations } from "./support";

beforeAll(async () => {
  await seedOrganizations();
  // Nothing listens on port 1: discovery fails, so a well-formed start ends at sso_provider_unavailable.
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'http://127.0.0.1:1', 'c')").run();
});

const start = async (path: string) => {
  const res = await call("GET", path);
  return { status: res.status, location: res.headers.get("location") };
};

describe("GET /sso/initiate/{provider}/{path*}", () => {
  it("goes on to the provider with a well-formed landing path", async () => {
    expect(await start("/sso/initiate/acme-idp/initiative/caf%C3%A9?organization=acme")).toEqual({
      status: 302,
      location: "/sso/error/sso_provider_unavailable",
    });
  });

  it("answers /sso/error/invalid_request for malformed %-encoding and encoded lone surrogates", async () => {
    for (const path of ["/sso/initiate/acme-idp/wall%E0%A4%A?organization=acme", "/sso/initiate/acme-idp/%ED%A0%80?organization=acme", "/sso/initiate/acme-idp/%?organization=acme"]) {
      expect(await start(path), path).toEqual({ status: 302, location: "/sso/error/invalid_request" });
    }
  });

  it("answers /sso/error/invalid_request for a landing path off this site", async () => {
    for (const path of ["/sso/initiate/acme-idp///evil.example?organization=acme", "/sso/initiate/acme-idp/%2F%2Fevil.example?organization=acme", "/sso/initiate/acme-idp/%5Cevil.example?organization=acme"]) {
      expect(await start(path), path).toEqual({ status: 302, location: "/sso/error/invalid_request" });
    }
  });

  it("never a 500 for odd query parameters or provider names", async () => {
    for (const path of ["/sso/initiate/acme-idp/wall?organization=%ED%A0%80", "/sso/initiate/acme-idp/wall?login_hint=%ED%A0%80&organization=acme", "/sso/initiate/%ED%A0%80/wall", "/sso/initiate/%E0%A4%A/wall%ZZ"]) {
      const answer = await start(path);
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/sso\/error\/[a-z_]+$/);
    }
  });
});
