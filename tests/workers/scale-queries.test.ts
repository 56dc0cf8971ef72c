/**
 * Issue 26: statements that must read what they answer, not the organisation. An organisation of
 * 5,000 members, 2,000 initiatives, 20,000 participations and 20,000 pledges, of which a handful
 * wait for staff: the staff summary's counts, "my initiatives" and an initiative's page read a few
 * hundred rows (D1's meta.rows_read), where they read every initiative and every pledge or participation.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { myInitiativesQueries } from "../../workers/initiatives/lists";
import { initiativeStatements } from "../../workers/initiatives/queries";
import { staffSummaryQueries } from "../../workers/manage/summary";
import { getOrganizationBySlug, type Tenant } from "../../workers/tenant/organizations";
import { call, createMember, json, login, seedOrganizations } from "./support";

const MEMBERS = 5_000;
const INITIATIVES = 2_000;
const PARTICIPATIONS = 20_000;
const PLEDGES = 20_000;
/** A few hundred rows: what waits (20 of each) and the member's own, with their lookups. */
const BOUND = 1_000;

let org: Tenant;
let memberId: string;
let token: string;

type Query = { toSQL(): { sql: string; params: unknown[] } };
async function read(query: Query, explain = false) {
  const { sql, params } = query.toSQL();
  const result = await env.DB.prepare(`${explain ? "EXPLAIN QUERY PLAN " : ""}${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return { rowsRead: result.meta.rows_read, plan: result.results.map((row) => row.detail).join("\n") };
}

beforeAll(async () => {
  await seedOrganizations();
  org = (await getOrganizationBySlug(env, "commons"))!;
  const member = await createMember({ email: "scale@commons.example", orgId: "org-commons" });
  memberId = member.id;
  const numbers = (count: number) => `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(`${numbers(MEMBERS)} INSERT INTO members (id, email) SELECT 'sq-m-' || x, 'sq' || x || '@commons.example' FROM n`),
    env.DB.prepare(`${numbers(MEMBERS)} INSERT INTO memberships (org_id, member_id, role) SELECT 'org-commons', 'sq-m-' || x, 'member' FROM n`),
    env.DB.prepare(
      `${numbers(INITIATIVES)} INSERT INTO initiatives (id, org_id, slug, title, type, start_time, end_time)
       SELECT 'sq-i-' || x, 'org-commons', 'sq-' || x, 'Initiative ' || x, CASE WHEN x % 2 = 0 THEN 'donation' ELSE 'volunteering' END, ?1 - x * 3600000, ?1 - x * 3600000 + 7200000 FROM n`,
    ).bind(now),
    // Participant j of initiative i is member (10 i + j) * 37 + 101 i (mod 5,000): distinct within an initiative.
    env.DB.prepare(
      `${numbers(PARTICIPATIONS)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status, manager_approval_status)
       SELECT 'sq-p-' || x, 'org-commons', 'sq-i-' || (x / 10), 'sq-m-' || ((x * 37 + (x / 10) * 101) % ${MEMBERS}), 'sq-u-' || x, 'accepted',
         CASE WHEN x % 1000 = 0 THEN 'pending' ELSE 'not_needed' END FROM n`,
    ),
    env.DB.prepare(
      `${numbers(PLEDGES)} INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status)
       SELECT 'sq-c-' || x, 'org-commons', 'sq-i-' || ((x % ${INITIATIVES / 2}) * 2), 'sq-m-' || (x % ${MEMBERS}), 1000, 'EUR', 'transfer',
         CASE WHEN x % 1000 = 0 THEN 'pending' ELSE 'confirmed' END FROM n`,
    ),
    // The member's own: 20 initiatives joined, 5 pledges.
    env.DB.prepare(
      `${numbers(20)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status) SELECT 'sq-me-p-' || x, 'org-commons', 'sq-i-' || (x * 97 + 1), ?1, 'sq-me-u-' || x, 'accepted' FROM n`,
    ).bind(memberId),
    env.DB.prepare(
      `${numbers(5)} INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status) SELECT 'sq-me-c-' || x, 'org-commons', 'sq-i-' || (x * 2), ?1, 500, 'EUR', 'transfer', 'confirmed' FROM n`,
    ).bind(memberId),
  ]);
  token = (await login("scale@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("the staff summary on a large organisation", () => {
  it("counts what waits through the rows' own org_id, reading what waits only", async () => {
    for (const role of ["admin", "organiser", "manager"] as const) {
      const queries = staffSummaryQueries(getDb(env), org, { memberId, role });
      const [, , pledges, approvals] = queries;
      for (const [index, query] of queries.entries()) {
        expect((await read(query)).rowsRead, `${role}: statement ${index}`).toBeLessThan(BOUND);
      }
      // An administrator's from the organisation's waiting pledges; an organiser's or a manager's from their initiatives (decision 043).
      const pledgesIndex = role === "admin" ? /SEARCH contributions USING INDEX contributions_org_status_idx \(org_id=\? AND status=\?\)/ : /SEARCH contributions USING INDEX contributions_initiative_idx \(initiative_id=\?\)/;
      expect((await read(pledges, true)).plan, role).toMatch(pledgesIndex);
      expect((await read(approvals, true)).plan, role).toMatch(/USING INDEX participations_org_approval_idx \(org_id=\? AND manager_approval_status=\? AND status=\?\)/);
    }
    // The same counts as before: 20 pledges and 20 attendances waiting, 1 in 1,000.
    const [, , pledges, approvals] = staffSummaryQueries(getDb(env), org, { memberId, role: "admin" });
    const count = async (query: Query) => {
      const { sql, params } = query.toSQL();
      return Number(Object.values((await env.DB.prepare(sql).bind(...params).first())!)[0]);
    };
    expect(await count(pledges)).toBe(PLEDGES / 1000);
    expect(await count(approvals)).toBe(PARTICIPATIONS / 1000);
  });
});

describe("my initiatives on a large organisation", () => {
  it("reads the member's own initiatives by id, not the organisation's", async () => {
    for (const [index, query] of myInitiativesQueries(getDb(env), org, memberId).entries()) {
      expect((await read(query)).rowsRead, `statement ${index}`).toBeLessThan(BOUND);
    }
    const [activity, rows] = myInitiativesQueries(getDb(env), org, memberId);
    expect((await read(activity, true)).plan).toMatch(/SEARCH contributions USING INDEX contributions_org_member_idx \(org_id=\? AND member_id=\?\)/);
    expect((await read(rows, true)).plan).not.toMatch(/initiatives USING INDEX initiatives_org/);
  });

  it("still lists them all, and only this organisation's", async () => {
    const mine = await json(await call("GET", "/api/commons/initiative", { token }));
    // 20 joined (1, 98, 195...) and 5 pledged to (0, 2, 4, 6, 8): 25.
    expect(mine.initiatives).toHaveLength(25);
  });
});

describe("an initiative's page on a large organisation", () => {
  it("sums the initiative's own pledges, not the organisation's", async () => {
    const statements = initiativeStatements(getDb(env), org, memberId, { slug: "sq-2" });
    for (const [index, query] of statements.entries()) {
      expect((await read(query)).rowsRead, `statement ${index}`).toBeLessThan(BOUND);
    }
    const res = await call("GET", "/api/commons/initiative/sq-2", { token });
    expect(res.status).toBe(200);
    // 20 of the 20,000 pledges are to this one (1,000 minor units each, confirmed, from 5 members), and the member's 500.
    expect(await json(res)).toMatchObject({ contribution_total: 205, contributor_count: 6 });
  });
});
