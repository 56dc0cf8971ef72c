/**
 * The volunteering policy (issue 15, point 3): an administrator publishes a new version; the cached
 * organisation shows it at once, every member is asked to accept it again (SPEC.md section 4), the
 * audit log has it; others get 403, bad addresses 400.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["mia", "member"]] as const) {
    await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role });
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  // Mia accepted the policy in force.
  await call("PUT", "/api/acme/profile", { token: tokens.mia, body: { org_last_terms_accepted: true } });
});

const publish = (who: string, url: unknown) => call("POST", "/api/acme/admin/terms", { token: tokens[who], body: { url } });

describe("the volunteering policy", () => {
  it("publishes a new version that every member must accept again", async () => {
    const before = await json(await call("GET", "/api/acme/admin/terms", { token: tokens.alma }));
    expect((await json(await call("GET", "/api/acme/profile", { token: tokens.mia }))).org_last_terms_accepted).toBe(true);
    const answer = await publish("alma", "https://acme.example/volunteering-policy-2027.pdf");
    expect(answer.status).toBe(201);
    expect(await json(answer)).toEqual({ version: before.version + 1, url: "https://acme.example/volunteering-policy-2027.pdf" });
    // The cached organisation was dropped: the new version shows at once.
    expect(await json(await call("GET", "/api/organization/profile/acme"))).toMatchObject({ org_terms_version: before.version + 1 });
    expect((await json(await call("GET", "/api/acme/profile", { token: tokens.mia }))).org_last_terms_accepted).toBe(false);
    await call("PUT", "/api/acme/profile", { token: tokens.mia, body: { org_last_terms_accepted: true } });
    expect((await json(await call("GET", "/api/acme/profile", { token: tokens.mia }))).org_last_terms_accepted).toBe(true);
    const row = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'organization.policy_published'").first<{ detail: string }>();
    expect(JSON.parse(row!.detail)).toEqual({ before: { version: before.version, url: before.url }, after: { version: before.version + 1, url: "https://acme.example/volunteering-policy-2027.pdf" } });
    expect((await publish("alma", "/policies/acme-2027.pdf")).status).toBe(201);
  });

  it("refuses addresses that are not a web page or a path of this app, and everyone but administrators", async () => {
    for (const url of ["", "javascript:alert(1)", "http://acme.example/p.pdf", "//evil.example/p", "ftp://x.example/p", 42, "x".repeat(501)]) {
      expect((await publish("alma", url)).status, String(url)).toBe(400);
    }
    expect((await publish("olga", "https://acme.example/p.pdf")).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/terms", { token: tokens.mia })).status).toBe(403);
  });
});
