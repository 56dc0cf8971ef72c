/**
 * Members' impact attributes from a spreadsheet (issue 30, section 1): POST
 * /api/{org}/admin/impact/members/import checks each row on its own, writes the good ones and
 * reports the others by line and field (a bad address, a country that is not a code, a site too
 * long, an address named twice, someone who is not a member here); more rows than one D1 statement
 * can bind go through in chunks; administrators only.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const as = (who: string) => ({ token: tokens[who] });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["ana", "member"], ["ben", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@imp.example`, orgId: acme.id, name, role })).id;
    tokens[name] = (await login(`${name}@imp.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@imp.example", orgId: commons.id, name: "Cid", role: "member" });
  // Enough members that their addresses take more than one IN list of 100 parameters, and more than one batch.
  for (let n = 0; n < 130; n += 1) await createMember({ email: `m${n}@imp.example`, orgId: acme.id, name: `m${n}`, role: "member" });
});

const attributes = (memberId: string) =>
  env.DB.prepare("SELECT country, site, grade FROM memberships WHERE member_id = ? AND org_id = (SELECT id FROM organizations WHERE slug = 'acme')").bind(memberId).first();

describe("importing members' country, site and grade", () => {
  it("writes the good rows and reports each bad one by its line and field", async () => {
    const rows = [
      { email: "ANA@imp.example", country: "es", site: "Madrid", grade: "A" },
      { email: "not-an-address", country: "ES" },
      { email: "ben@imp.example", country: "Portugal" },
      { email: "ben@imp.example", site: "x".repeat(101) },
      { email: "cid@imp.example", country: "BR" },
      { email: "ana@imp.example", grade: "B" },
      { email: "ben@imp.example", site: "Lisboa" },
      { email: "ben@imp.example" },
    ];
    const response = await call("POST", "/api/acme/admin/impact/members/import", { ...as("alma"), body: { rows } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      updated: 2,
      rejected: [
        { row: 2, email: "not-an-address", fields: { email: "form_error_invalid_email" } },
        { row: 3, email: "ben@imp.example", fields: { country: "impact_error_unknown_country" } },
        { row: 4, email: "ben@imp.example", fields: { site: "form_error_max_length" } },
        { row: 5, email: "cid@imp.example", fields: { email: "impact_error_not_a_member" } },
        { row: 6, email: "ana@imp.example", fields: { email: "impact_error_duplicate_email" } },
        { row: 8, email: "ben@imp.example", fields: { email: "form_error_empty_update" } },
      ],
    });
    expect(await attributes(ids.ana)).toEqual({ country: "ES", site: "Madrid", grade: "A" });
    // An empty cell leaves the attribute as it was.
    expect(await attributes(ids.ben)).toEqual({ country: null, site: "Lisboa", grade: null });
  });

  it("takes more rows than one statement can bind, in chunks, with an audit entry per member", async () => {
    const rows = Array.from({ length: 130 }, (_, n) => ({ email: `m${n}@imp.example`, country: "PT", site: `Site ${n % 3}` }));
    const response = await call("POST", "/api/acme/admin/impact/members/import", { ...as("alma"), body: { rows } });
    expect(await json(response)).toEqual({ updated: 130, rejected: [] });
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE country = 'PT' AND site LIKE 'Site %'").first<{ n: number }>();
    expect(counted!.n).toBe(130);
    const audited = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'member.impact_attributes' AND detail LIKE '%\"import\":true%'").first<{ n: number }>();
    expect(audited!.n).toBe(132);
  });

  it("refuses a member before reading the body, and a body that is not rows", async () => {
    expect((await call("POST", "/api/acme/admin/impact/members/import", { ...as("ana"), body: { nonsense: true } })).status).toBe(403);
    const empty = await call("POST", "/api/acme/admin/impact/members/import", { ...as("alma"), body: { rows: [] } });
    expect(empty.status).toBe(400);
    const unknown = await call("POST", "/api/acme/admin/impact/members/import", { ...as("alma"), body: { rows: [{ email: "ana@imp.example", salary: "1" }] } });
    expect(unknown.status).toBe(400);
  });
});
