import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SsoError } from "../../workers/auth/sso-flow";
import { linkIdentity, memberForIdentity } from "../../workers/auth/sso-identities";
import { setFakeTxt } from "../../workers/dns/fake";
import { call, createMember, json, login, seedOrganizations } from "./support";

// The provider flow itself runs end to end against oidc-provider in tests/e2e/sso.test.mjs (the
// attack of issue 25 included); these are the rules deciding which account an identity signs into
// (decision 029): a link made before (issuer + sub), a new account, an account its owner linked,
// or an account on a domain the organisation proved by DNS. Nothing else.
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
  await createMember({ email: "worker@acme.example", orgId: acme.id, role: "admin" });
  // A member of Acme on an address of its own (invited and accepted): Acme's provider has no say on it.
  await createMember({ email: "invited@gmail.example", orgId: acme.id });
  await env.DB.prepare("INSERT INTO memberships (org_id, member_id) SELECT 'org-commons', id FROM members WHERE email = 'invited@gmail.example'").run();
});

const links = (subject: string) => env.DB.prepare("SELECT member_id, issuer FROM sso_identities WHERE subject = ?").bind(subject).all();

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

  it("stores the issuer with the sub, and a provider whose issuer changed no longer matches its old links", async () => {
    const member = await memberForIdentity(env, provider, { sub: "s-moved", email: "moved@acme.example" });
    expect((await links("s-moved")).results).toEqual([{ member_id: member.id, issuer: "http://127.0.0.1:1" }]);
    // The administrator points the provider at another issuer: its `sub` values are another namespace.
    const moved = { ...provider, issuer: "http://127.0.0.1:2" };
    expect(await codeOf(memberForIdentity(env, moved, { sub: "s-moved", email: "moved@acme.example" }))).toBe("email_in_use");
  });

  it("never links an existing account on an unproven domain, even a member of the organisation", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-worker", email: "worker@acme.example", email_verified: true }))).toBe("email_in_use");
    expect((await links("s-worker")).results).toEqual([]);
  });

  it("never links an existing account because the provider says the address is verified and the account is a member", async () => {
    // The attack of issue 25: invited into Acme, then Acme's own provider asserts the address.
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-attack", email: "invited@gmail.example", email_verified: true }))).toBe("email_in_use");
    expect((await links("s-attack")).results).toEqual([]);
  });

  it("links an existing account on a domain the organisation proved by DNS", async () => {
    const admin = (await login("worker@acme.example", "Correct-Horse-9")).body.access_token;
    const listed = await json(await call("GET", "/api/acme/admin/email_domains", { token: admin }));
    const [domain] = listed.email_domains;
    expect(domain).toMatchObject({ domain: "acme.example", status: "pending", record: { type: "TXT", name: "_commons-challenge.acme.example" } });
    await setFakeTxt(env.ORG_CACHE, domain.record.name, [domain.record.value]);
    expect((await call("POST", "/api/acme/admin/email_domains/acme.example/verify", { token: admin })).status).toBe(200);
    const member = await memberForIdentity(env, provider, { sub: "s-worker", email: "worker@acme.example" });
    expect(member.email).toBe("worker@acme.example");
    expect((await links("s-worker")).results).toEqual([{ member_id: member.id, issuer: "http://127.0.0.1:1" }]);
  });

  it("links the account whose owner, signed in, asked for it, and no other", async () => {
    const owner = await env.DB.prepare("SELECT id FROM members WHERE email = 'outsider@commons.example'").first<{ id: string }>();
    const linked = await linkIdentity(env, provider, { sub: "s-owner", email: "someone.else@gmail.example" }, owner!.id);
    expect(linked.id).toBe(owner!.id);
    expect(await memberForIdentity(env, provider, { sub: "s-owner" })).toMatchObject({ id: owner!.id });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND member_id = ?").bind(owner!.id).first("n")).toBe(1);
    // An identity linked to one account is not moved to another by a second link.
    const other = await env.DB.prepare("SELECT id FROM members WHERE email = 'invited@gmail.example'").first<{ id: string }>();
    expect(await codeOf(linkIdentity(env, provider, { sub: "s-owner" }, other!.id))).toBe("identity_in_use");
  });

  it("refuses an unverified address outside the organisation's domains", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-x", email: "someone@gmail.example" }))).toBe("email_not_verified");
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-x", email: "someone@gmail.example", email_verified: false }))).toBe("email_not_verified");
  });

  it("never takes over an account of another organisation, even with a verified address", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-evil", email: "invited@gmail.example", email_verified: true }))).toBe("email_in_use");
    expect(await env.DB.prepare("SELECT * FROM sso_identities WHERE subject = 's-evil'").first()).toBeNull();
  });

  it("needs an e-mail address", async () => {
    expect(await codeOf(memberForIdentity(env, provider, { sub: "s-none" }))).toBe("email_missing");
  });
});

describe("proving an e-mail domain", () => {
  it("is for administrators; a missing record is said, a wrong one too", async () => {
    await createMember({ email: "olga@acme.example", orgId: "org-acme", role: "organiser" });
    const organiser = (await login("olga@acme.example", "Correct-Horse-9")).body.access_token;
    expect((await call("GET", "/api/acme/admin/email_domains", { token: organiser })).status).toBe(403);
    expect((await call("POST", "/api/acme/admin/email_domains/acme.example/verify", { token: organiser })).status).toBe(403);
    await env.DB.prepare("INSERT INTO organization_email_domains (domain, org_id) VALUES ('staff.acme.example', 'org-acme')").run();
    const admin = (await login("worker@acme.example", "Correct-Horse-9")).body.access_token;
    const missing = await call("POST", "/api/acme/admin/email_domains/staff.acme.example/verify", { token: admin });
    expect(missing.status).toBe(409);
    expect(await json(missing)).toMatchObject({ error: "email_domain_not_verified", fields: { domain: "email_domain_check_record_missing" } });
    await setFakeTxt(env.ORG_CACHE, "_commons-challenge.staff.acme.example", ["commons-verification=not-it"]);
    expect(await json(await call("POST", "/api/acme/admin/email_domains/staff.acme.example/verify", { token: admin }))).toMatchObject({ fields: { domain: "email_domain_check_record_wrong" } });
    // Another organisation's domain, or none: 404.
    expect((await call("POST", "/api/acme/admin/email_domains/commons.example/verify", { token: admin })).status).toBe(404);
    const listed = (await json(await call("GET", "/api/acme/admin/email_domains", { token: admin }))).email_domains;
    expect(listed.find((row: { domain: string }) => row.domain === "staff.acme.example")).toMatchObject({ status: "pending", last_error: "record_wrong" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'organization.email_domain_verified'").first("n")).toBe(1);
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
