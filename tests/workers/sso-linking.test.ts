import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { memberForIdentity, SsoError } from "../../workers/auth/sso";
import { createMember, seedOrganizations } from "./support";

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
