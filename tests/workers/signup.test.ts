import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, createOrg, json, mailbox, seedOrganizations } from "./support";

const base = { name: "  Nuno Costa ", agreeTC: true };

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createOrg({ id: "org-closed", slug: "closed", isPublic: true, community: { disable_create_new_account: true } });
  await createMember({ email: "taken@commons.example", orgId: commons.id });
  await createMember({ email: "unconfirmed@commons.example", orgId: commons.id, confirmed: false });
  await createOrg({ id: "org-sso", slug: "ssocorp", signupToken: "ssocorp-signup-token", hostnames: ["sso.localhost"] });
  await env.DB.prepare(
    "INSERT INTO sso_providers (id, org_id, provider, issuer, client_id) VALUES ('sso-ssocorp', 'org-sso', 'corp-idp', 'https://idp.ssocorp.example', 'c')",
  ).run();
});

describe("POST /api/signup: a non-public organisation is closed", () => {
  it("refuses a sign-up on its hostname with no token and another e-mail: 403 invitation_required, nothing written", async () => {
    const res = await call("POST", "/api/signup", {
      body: { ...base, email: "stranger@example.org", password: "Sol-e-mar-77" },
      host: "acme.localhost",
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "invitation_required" });
    expect(await env.DB.prepare("SELECT id FROM members WHERE email = 'stranger@example.org'").first()).toBeNull();
  });

  it("admits through its token, its e-mail domains or its SSO", async () => {
    const byToken = await call("POST", "/api/signup", { body: { ...base, email: "guest@example.org", signup_token: "acme-signup-token" }, host: "acme.localhost" });
    expect(await json(byToken)).toMatchObject({ missing: "password", corporate: { slug: "acme" } });
    const byDomain = await call("POST", "/api/signup", { body: { ...base, email: "staff@acme.example" }, host: "acme.localhost" });
    expect(await json(byDomain)).toMatchObject({ missing: "password", corporate: { slug: "acme" } });
    const bySso = await call("POST", "/api/signup", { body: { ...base, email: "someone@example.org", password: "Sol-e-mar-77" }, host: "sso.localhost" });
    expect(bySso.status).toBe(200);
    const sso = await json(bySso);
    expect(sso).toMatchObject({ missing: "sso_confirmation", corporate: { slug: "ssocorp" } });
    expect(sso.url).toMatch(/^\/sso\/initiate\/corp-idp\//);
    expect(await env.DB.prepare("SELECT id FROM members WHERE email = 'someone@example.org'").first()).toBeNull();
  });

  it("shows its token in no answer reachable without it", async () => {
    const answers = await Promise.all([
      call("POST", "/api/signup", { body: { ...base, email: "staff@acme.example" }, host: "acme.localhost" }),
      call("POST", "/api/signup", { body: { ...base, email: "nosy@example.org" }, host: "acme.localhost" }),
      call("GET", "/api/organization/current", { host: "acme.localhost" }),
      call("GET", "/api/organization/profile/acme"),
      call("POST", "/auth/lookup", { body: { email: "taken@commons.example" }, host: "acme.localhost" }),
    ]);
    for (const res of answers) expect(await res.text()).not.toContain("acme-signup-token");
  });
});

describe("POST /api/signup: what is missing", () => {
  it("asks for an organisation on the default host, listing public organisations", async () => {
    const res = await call("POST", "/api/signup", { body: { ...base, email: "nuno@example.org" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.missing).toBe("organization");
    expect(body.auth).toBeNull();
    expect(body.user).toEqual({ email: "nuno@example.org", name: "Nuno Costa" });
    expect(body.public_organizations.map((o: any) => o.slug).sort()).toEqual(["closed", "commons", "vizinhos"]);
    expect(body.public_organizations.find((o: any) => o.slug === "vizinhos").region).toBe("BR");
  });

  it("asks for a password once the organisation is known, with its password policy", async () => {
    const res = await call("POST", "/api/signup", { body: { ...base, email: "nuno@example.org", public_organization_slug: "vizinhos" } });
    const body = await json(res);
    expect(body.missing).toBe("password");
    expect(body.corporate).toBeNull();
    expect(body.password_policy).toMatchObject({ minLength: 6, maxLength: 80, forbidEmail: true });
    expect(body.defaults).toEqual({ language: "pt-BR", organization_slug: "vizinhos" });
  });

  it("puts a corporate e-mail domain in its organisation and says it is corporate", async () => {
    const body = await json(await call("POST", "/api/signup", { body: { ...base, email: "nuno@acme.example" } }));
    expect(body.missing).toBe("password");
    expect(body.corporate).toMatchObject({ slug: "acme", name: "Acme" });
    expect(body.password_policy.minLength).toBe(8);
  });

  it("joins the organisation of a sign-up token", async () => {
    const body = await json(await call("POST", "/api/signup", { body: { ...base, email: "guest@example.org", signup_token: "acme-signup-token" } }));
    expect(body.corporate.slug).toBe("acme");
  });

  it("answers 404 for an unknown sign-up token or a private organisation slug", async () => {
    expect((await call("POST", "/api/signup", { body: { ...base, email: "a@example.org", signup_token: "nope" } })).status).toBe(404);
    expect((await call("POST", "/api/signup", { body: { ...base, email: "a@example.org", public_organization_slug: "acme" } })).status).toBe(404);
  });

  it("refuses accounts where the organisation disabled them", async () => {
    const res = await call("POST", "/api/signup", { body: { ...base, email: "x@example.org", public_organization_slug: "closed" } });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "signup_disabled" });
  });
});

describe("POST /api/signup: creating the account", () => {
  it("creates an unconfirmed member and mails the confirmation link in their language", async () => {
    const res = await call("POST", "/api/signup", {
      body: { ...base, email: "Joana@Example.org ", password: "Sol-e-mar-77", language: "pt-PT", public_organization_slug: "commons", agreeComms: true },
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ missing: "email_confirmation", auth: null });
    const member = await env.DB.prepare("SELECT * FROM members WHERE email = 'joana@example.org'").first<any>();
    expect(member).toMatchObject({ email_confirmed_at: null, language: "pt-PT", last_terms_accepted_version: 1 });
    expect(member.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const profile = await env.DB.prepare("SELECT * FROM profiles WHERE member_id = ?").bind(member.id).first<any>();
    expect(profile).toMatchObject({ name: "Nuno Costa", commercial_comms_accepted: 1 });
    const [mail] = await mailbox("joana@example.org");
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:8787\/confirm_email\/[A-Za-z0-9_-]{40,}$/);
    expect(mail.subject).toMatch(/Commons/);
    expect(mail.text).toMatch(/Nuno Costa/);
  });

  it("answers 400 with the password policy's key and writes nothing", async () => {
    const res = await call("POST", "/api/signup", { body: { ...base, email: "weak@acme.example", password: "short" } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: "invalid_password", fields: { password: "password_policy_minLength" } });
    const forbidden = await call("POST", "/api/signup", { body: { ...base, email: "weak@acme.example", password: "I-love-ACME-1" } });
    expect((await json(forbidden)).fields.password).toBe("password_policy_forbiddenWords");
    const common = await call("POST", "/api/signup", { body: { ...base, email: "weak@acme.example", password: "password1" } });
    expect((await json(common)).fields.password).toBe("password_policy_common");
    expect(await env.DB.prepare("SELECT id FROM members WHERE email = 'weak@acme.example'").first()).toBeNull();
  });

  it("answers 409 for an existing confirmed account and 412 for an unconfirmed one", async () => {
    const taken = await call("POST", "/api/signup", { body: { ...base, email: "taken@commons.example", password: "Sol-e-mar-77" } });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ error: "account_exists" });
    const pending = await call("POST", "/api/signup", { body: { ...base, email: "unconfirmed@commons.example" } });
    expect(pending.status).toBe(412);
    expect(await json(pending)).toMatchObject({ error: "email_not_confirmed" });
  });

  it("validates the payload with the spec's message keys", async () => {
    const res = await call("POST", "/api/signup", { body: { name: "   ", email: "bad@", agreeTC: false } });
    expect(res.status).toBe(400);
    expect((await json(res)).fields).toEqual({
      name: "form_error_required",
      email: "form_error_invalid_email",
      agreeTC: "form_error_terms_required",
    });
    const missing = await call("POST", "/api/signup", { body: {} });
    expect((await json(missing)).fields).toMatchObject({ name: "form_error_required", email: "form_error_required", agreeTC: "form_error_required" });
  });
});
