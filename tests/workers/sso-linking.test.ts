import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { memberForIdentity, SsoError } from "../../workers/auth/sso-flow";
import { call, createMember, json, seedOrganizations } from "./support";

// The provider flow itself runs end to end against oidc-provider in tests/e2e/sso.test.mjs; these are
// the rules deciding which account an identity signs into.
const provider = {
  id: "sso-acme",
  orgId: "org-acme",
  provider: "acme-idp",
  issuer: "http://127.0.0.1:1",
  clientId: "c",
  clientSecret: null,
  scopes: "openid email",
  enforced: true,
  createdAt: 0,
};

beforeAll(async () => {
  const { commons, acme } = await seedOrganizations();
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'http://127.0.0.1:1', 'c')").run();
  await createMember({ email: "outsider@commons.example", orgId: commons.id });
  await createMember({ email: "worker@acme.example", orgId: acme.id });
});

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof SsoError ? error.code : String(error);
  }
}

describe("which member an SSO identity signs into", () => {
  it("creates a confirmed member of the provider's organisation for a new address on its domain", async () => {
    const member = await memberForIdentity(env, provider, { sub: "s-new", email: "New.Person@acme.example", name: "New Person" });
    expect(member.email).toBe("new.person@acme.example");
    expect(member.emailConfirmedAt).not.toBeNull();
    expect(member.passwordHash).toBeNull();
    const again = await memberForIdentity(env, provider, { sub: "s-new", email: "changed@acme.example" });
    expect(again.id).toBe(member.id);
  });

  it("links an existing account on the organisation's domain", async () => {
    const member = await memberForIdentity(env, provider, { sub: "s-worker", email: "worker@acme.example" });
    expect(member.email).toBe("worker@acme.example");
    const link = await env.DB.prepare("SELECT member_id FROM sso_identities WHERE subject = 's-worker'").first();
    expect(link).toMatchObject({ member_id: member.id });
  });

  it("refuses an unverified address outside the organisation's domains", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-x", email: "someone@gmail.example" }))).toBe("email_not_verified");
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-x", email: "someone@gmail.example", email_verified: false }))).toBe("email_not_verified");
  });

  it("never takes over an account of another organisation, even with a verified address", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-evil", email: "outsider@commons.example", email_verified: true }))).toBe("email_in_use");
    expect(await env.DB.prepare("SELECT * FROM sso_identities WHERE subject = 's-evil'").first()).toBeNull();
  });

  it("needs an e-mail address", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-none" }))).toBe("email_missing");
  });
});

describe("organisations that sign in with SSO", () => {
  it("lookup answers sso_popup with the start URL for members of an enforcing organisation", async () => {
    const res = await call("POST", "/auth/lookup", { body: { email: "worker@acme.example" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.nextStage).toBe("sso_popup");
    expect(body.url).toBe("/sso/initiate/acme-idp/wall?organization=acme&login_hint=worker%40acme.example");
    // Members of other organisations still use their password.
    expect((await json(await call("POST", "/auth/lookup", { body: { email: "outsider@commons.example" } }))).nextStage).toBe("password");
  });

  it("sign-up on the organisation's domain asks for the SSO confirmation instead of a password", async () => {
    const res = await call("POST", "/api/signup", { body: { name: "Newcomer", email: "newcomer@acme.example", agreeTC: true } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ missing: "sso_confirmation", url: expect.stringContaining("/sso/initiate/acme-idp/") });
  });

  it("initiate answers 404 for a provider the organisation does not have, or an unknown organisation", async () => {
    const unknown = await call("POST", "/auth/sso/other-idp/initiate", { body: { organization: "acme" } });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: "sso_provider_not_found" });
    expect((await call("POST", "/auth/sso/acme-idp/initiate", { body: { organization: "nowhere" } })).status).toBe(404);
    expect((await call("POST", "/auth/sso/acme-idp/initiate", { body: { organization: 42 } })).status).toBe(400);
  });

  it("the browser start page sends errors to /sso/error/{code}", async () => {
    const res = await call("GET", "/sso/initiate/other-idp/wall?organization=acme");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sso/error/sso_provider_not_found");
  });

  it("a callback without a known state goes to /sso/error/invalid_state", async () => {
    const res = await call("GET", "/auth/sso/acme-idp/callback?state=forged&code=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sso/error/invalid_state");
  });
});
