/**
 * `npm run org:create` (issue 15, point 7): its SQL, run on a real D1, makes an organisation with
 * the defaults, its hostname and its first administrator, whose invitation link sets a password and
 * signs them in as the organisation's administrator; run again, it changes nothing; an address that
 * already has an account becomes the administrator with no link.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOrgSql, problemsOf } from "../../scripts/org-create-sql.mjs";
import { call, createMember, json, seedOrganizations } from "./support";

const runSql = (statements: string[]) => env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));

beforeAll(async () => {
  await seedOrganizations();
  await createMember({ email: "existing@x.example", orgId: "org-commons", name: "Existing" });
});

describe("org:create", () => {
  it("checks its options", () => {
    expect(problemsOf({ slug: "green-city", name: "Green City", adminEmail: "ana@green.example" })).toEqual([]);
    expect(problemsOf({ slug: "Green City", name: "", hostname: "not a host", adminEmail: "nope" })).toHaveLength(4);
  });

  it("creates the organisation, its hostname and its first administrator, who accepts by the link", async () => {
    const { statements, token } = buildOrgSql({ slug: "green-city", name: "Green City", hostname: "volunteer.green.example", adminEmail: "Ana@Green.example" });
    await runSql(statements);
    const profile = await call("GET", "/api/organization/profile/green-city");
    expect(profile.status).toBe(200);
    expect(await json(profile)).toMatchObject({ organization_slug: "green-city", organization_name: "Green City" });
    expect((await json(await call("GET", "/api/organization/current", { host: "volunteer.green.example" }))).organization_slug).toBe("green-city");
    const accepted = await call("PUT", `/auth/invitation/${token}`, { body: { password: "Solar-panel-4242", agreements: { agreeTC: true } } });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const { user, access_token } = await json(accepted);
    expect(user.organizations).toEqual([expect.objectContaining({ slug: "green-city", role: "admin" })]);
    expect((await call("GET", "/api/green-city/admin/members", { token: access_token })).status).toBe(200);
    // Again: nothing new, and no second link.
    const again = buildOrgSql({ slug: "green-city", name: "Green City", hostname: "volunteer.green.example", adminEmail: "ana@green.example" });
    await runSql(again.statements);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM members WHERE email = 'ana@green.example'").first("n")).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM organizations WHERE slug = 'green-city'").first("n")).toBe(1);
    expect((await call("PUT", `/auth/invitation/${again.token}`, { body: { password: "Solar-panel-4242", agreements: { agreeTC: true } } })).status).toBe(401);
  });

  it("makes an existing account the administrator, without a link", async () => {
    const { statements, token } = buildOrgSql({ slug: "blue-town", name: "Blue Town", adminEmail: "existing@x.example" });
    await runSql(statements);
    const role = await env.DB.prepare("SELECT ms.role FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.email = 'existing@x.example' AND ms.org_id = 'org-blue-town'").first("role");
    expect(role).toBe("admin");
    expect((await call("PUT", `/auth/invitation/${token}`, { body: { password: "Solar-panel-4242", agreements: { agreeTC: true } } })).status).toBe(401);
  });
});
