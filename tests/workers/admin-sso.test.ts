/**
 * SSO providers as administrators manage them (issue 15, point 4): the fields' rules, discovery
 * that must answer (an issuer nobody answers for is refused at its field), changes and removal with
 * their audit rows (never the secret), a test that fails at once when discovery does, and
 * administrators only. The successful round trip against a real provider is tests/e2e/sso.test.mjs.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SSO_PROVIDERS_MAX } from "../../app/domain/sso-providers";
import { storeProvider } from "../../workers/admin/sso-providers";
import { DomainError } from "../../workers/lib/domain-errors";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const api = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme/admin${path}`, { token: tokens[who], body });
/** Nothing listens there: discovery cannot be reached. */
const DEAD_ISSUER = "http://127.0.0.1:9";
const valid = { provider: "acme-idp", issuer: DEAD_ISSUER, client_id: "commons", client_secret: "s3cret" };

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  // A provider as the operator set it up before (discovery is not asked for a row written directly).
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, client_secret, scopes, enforced) VALUES ('sso-1', 'org-acme', 'okta', ?, 'cid', 'operator-secret-value', 'openid email', 1)")
    .bind(DEAD_ISSUER)
    .run();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"]] as const) {
    await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role });
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@commons.example", orgId: commons.id, name: "Cid", role: "admin" });
  tokens.cid = (await login("cid@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("SSO providers", () => {
  it("lists them without their secrets", async () => {
    const { providers } = await json(await api("alma", "GET", "/sso"));
    expect(providers).toEqual([expect.objectContaining({ id: "sso-1", provider: "okta", issuer: DEAD_ISSUER, client_id: "cid", has_secret: true, scopes: "openid email", enforced: true })]);
    expect(JSON.stringify(providers)).not.toContain("operator-secret-value");
  });

  it("checks every field", async () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ ...valid, provider: "Acme IdP!" }, "provider", "sso_error_slug"],
      [{ ...valid, issuer: "not a url" }, "issuer", "form_error_invalid_url"],
      [{ ...valid, issuer: "ftp://idp.example" }, "issuer", "form_error_invalid_url"],
      [{ ...valid, issuer: "https://idp.example/?x=1" }, "issuer", "form_error_invalid_url"],
      [{ ...valid, client_id: " " }, "client_id", "form_error_required"],
      [{ ...valid, scopes: "email profile" }, "scopes", "sso_error_scopes"],
      [{ ...valid, enforced: "yes" }, "enforced", "form_error_invalid"],
      [{ ...valid, colour: "red" }, "colour", "form_error_unknown_field"],
    ];
    for (const [body, field, key] of bad) {
      const answer = await api("alma", "POST", "/sso", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await json(answer)).fields, JSON.stringify(body)).toMatchObject({ [field]: key });
    }
    expect(await json(await api("alma", "POST", "/sso", { ...valid, provider: "okta" }))).toMatchObject({ error: "sso_provider_exists", fields: { provider: "sso_error_taken" } });
  });

  it("refuses an issuer whose discovery does not answer, at its field", async () => {
    const answer = await api("alma", "POST", "/sso", valid);
    expect(answer.status).toBe(502);
    expect(await json(answer)).toMatchObject({ error: "discovery_unreachable", fields: { issuer: "sso_error_discovery_unreachable" } });
    expect((await json(await api("alma", "GET", "/sso"))).providers).toHaveLength(1);
    // A change is checked the same way; nothing is written.
    expect((await api("alma", "PUT", "/sso/sso-1", { enforced: false })).status).toBe(502);
    expect((await env.DB.prepare("SELECT enforced FROM sso_providers WHERE id = 'sso-1'").first<{ enforced: number }>())!.enforced).toBe(1);
  });

  it("reports a test whose discovery fails as failed, with the reason", async () => {
    const started = await api("alma", "POST", "/sso/sso-1/test");
    expect(started.status).toBe(201);
    const { test, url } = await json(started);
    expect(url).toBeNull();
    expect(test).toMatchObject({ provider: "okta", status: "failed", code: "discovery_unreachable" });
    expect(await json(await api("alma", "GET", `/sso/tests/${test.id}`))).toMatchObject({ id: test.id, status: "failed" });
    // Another organisation's administrator cannot read it.
    expect((await call("GET", `/api/commons/admin/sso/tests/${test.id}`, { token: tokens.cid })).status).toBe(404);
  });

  it("removes one, with its audit row (never the secret), and stops members' sign-in through it", async () => {
    const lookup = async () => (await json(await call("POST", "/auth/lookup", { body: { email: "olga@x.example" } }))).nextStage;
    expect(await lookup()).toBe("sso_popup");
    expect((await api("alma", "DELETE", "/sso/sso-1")).status).toBe(204);
    expect((await api("alma", "DELETE", "/sso/sso-1")).status).toBe(404);
    expect((await json(await api("alma", "GET", "/sso"))).providers).toEqual([]);
    const row = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'organization.sso_removed'").first<{ detail: string }>();
    expect(JSON.parse(row!.detail)).toEqual({ before: { provider: "okta", issuer: DEAD_ISSUER, client_id: "cid", scopes: "openid email", enforced: true } });
    expect(row!.detail).not.toContain("operator-secret-value");
    // Sign-in no longer sends members to it (the cached organisation was dropped).
    expect(await lookup()).toBe("password");
  });

  it("is the administrators' only", async () => {
    expect((await api("olga", "GET", "/sso")).status).toBe(403);
    expect((await api("olga", "POST", "/sso", valid)).status).toBe(403);
    expect((await api("olga", "POST", "/sso/sso-1/test")).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/sso", { token: tokens.cid })).status).toBe(404);
  });
});

describe("SSO providers stored at the same moment", () => {
  // Discovery needs a provider that answers (tests/e2e/sso.test.mjs); the store after it is what races.
  const store = async (provider: string) => {
    const org = (await getOrganizationBySlug(env, "acme"))!;
    const row = { id: crypto.randomUUID(), orgId: org.id, provider, issuer: "https://idp.example", clientId: "c", clientSecret: null, scopes: "openid email", enforced: false, createdAt: Date.now() };
    try {
      await storeProvider(env, org, { memberId: "someone", role: "admin" }, row, Date.now());
      return "stored";
    } catch (error) {
      return error instanceof DomainError ? error.code : String(error);
    }
  };

  it("one name twice: one stored, the other 409 sso_provider_exists; never more than the limit, one audit row each", async () => {
    expect((await Promise.all([store("race"), store("race"), store("race")])).sort()).toEqual(["sso_provider_exists", "sso_provider_exists", "stored"]);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM sso_providers WHERE org_id = 'org-acme'").first<{ n: number }>();
    const room = SSO_PROVIDERS_MAX - before!.n;
    const outcomes = await Promise.all(Array.from({ length: room + 3 }, (_, i) => store(`race-${i}`)));
    expect(outcomes.sort()).toEqual([...Array(room).fill("stored"), ...Array(3).fill("too_many_sso_providers")]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM sso_providers WHERE org_id = 'org-acme'").first<{ n: number }>();
    expect(after!.n).toBe(SSO_PROVIDERS_MAX);
    const audited = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'organization.sso_added' AND actor_member_id = 'someone'").first<{ n: number }>();
    expect(audited!.n).toBe(1 + room);
  });
});
