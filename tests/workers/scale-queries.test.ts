/**
 * Issue 26: statements that must read what they answer, not the organisation. An organisation of
 * 5,000 members, 2,000 initiatives (nearly all of them over), 20,000 participations and 20,000
 * pledges, of which a handful wait for staff: the staff summary's counts, "my initiatives", an
 * initiative's page, the wall and the staff list of initiatives read a few hundred rows (D1's
 * meta.rows_read), where they read every initiative and every pledge or participation.
 */
import { env } from "cloudflare:workers";
import { and, eq, gte, isNull, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { belongsOnWall, isHistory } from "../../app/domain/initiatives";
import { getDb, schema } from "../../workers/db/client";
import { listManagedInitiatives, managedInitiativesQueries } from "../../workers/manage/initiatives";
import { decodeWallCursor, myInitiativesQueries, wallOrder, wallPage, wallPartQueries, type WallFilters } from "../../workers/initiatives/lists";
import { initiativeStatements, loadCards } from "../../workers/initiatives/queries";
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
    const [rows, participationRows, , contributionRows] = myInitiativesQueries(getDb(env), org, memberId);
    const plan = (await read(rows, true)).plan;
    // The member's activity is read once, in the rows' statement, and the rows by id.
    expect(plan).toMatch(/SEARCH contributions USING INDEX contributions_org_member_idx \(org_id=\? AND member_id=\?\)/);
    expect(plan).toMatch(/SEARCH initiatives USING INDEX sqlite_autoindex_initiatives_1 \(id=\?\)/);
    expect(plan).not.toMatch(/initiatives USING INDEX initiatives_org/);
    // The member's own rows, read once each, not through the list of ids.
    expect((await read(participationRows, true)).plan).toMatch(/SEARCH participations USING INDEX participations_member_idx \(org_id=\? AND member_id=\?\)/);
    expect((await read(contributionRows, true)).plan).toMatch(/SEARCH contributions USING INDEX contributions_org_member_idx \(org_id=\? AND member_id=\?\)/);
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

describe("the wall on a large organisation", () => {
  /**
   * Besides the 2,000 initiatives above (all started, nearly all ended): 300 upcoming, 30 that
   * started two months ago and run for weeks more, 5 without an end and 5 without dates, some
   * pinned, some full, some suspended; and upcoming ones of another organisation.
   */
  beforeAll(async () => {
    const numbers = (count: number) => `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;
    const now = Date.now();
    const insert = (count: number, prefix: string, orgId: string, start: string, end: string) => {
      const statement = env.DB.prepare(
        `${numbers(count)} INSERT INTO initiatives (id, org_id, slug, title, type, status, pinned, start_time, end_time, max_participants, participant_count)
         SELECT '${prefix}' || x, '${orgId}', '${prefix}' || x, 'Wall ' || x, 'volunteering', CASE WHEN x % 9 = 0 THEN 'suspended' ELSE 'open' END,
           x % 7 = 0, ${start}, ${end}, CASE WHEN x % 11 = 0 THEN 3 ELSE -1 END, CASE WHEN x % 22 = 0 THEN 3 ELSE 0 END FROM n`,
      );
      return `${start}${end}`.includes("?1") ? statement.bind(now) : statement;
    };
    await env.DB.batch([
      // Upcoming, some starting at the same time (ordered by id then).
      insert(300, "sq-up-", "org-commons", "?1 + 3600000 + (x / 2) * 7200000", "?1 + 3600000 + (x / 2) * 7200000 + 3600000"),
      insert(30, "sq-long-", "org-commons", "?1 - 60 * 86400000 - x * 3600000", "?1 + (x + 1) * 86400000"),
      insert(5, "sq-open-", "org-commons", "?1 - 400 * 86400000 + x", "NULL"),
      insert(5, "sq-nodate-", "org-commons", "NULL", "NULL"),
      insert(50, "sq-elsewhere-", "org-acme", "?1 + 3600000 + x * 60000", "?1 + 7200000 + x * 60000"),
    ]);
    // The member joined some upcoming ones: never on their wall.
    await env.DB.prepare(
      "INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status) SELECT 'sq-wall-p-' || id, 'org-commons', id, ?1, 'sq-wall-u-' || id, 'accepted' FROM initiatives WHERE id LIKE 'sq-up-%' AND rowid % 13 = 0",
    )
      .bind(memberId)
      .run();
  });

  it("reads what it shows, never the initiatives that have ended", async () => {
    const now = Date.now();
    const f: WallFilters = { from: 0, to: Number.MAX_SAFE_INTEGER, page: 1 };
    for (const [index, query] of wallPartQueries(getDb(env), org, memberId, f, now, 51).entries()) {
      expect((await read(query)).rowsRead, `statement ${index}`).toBeLessThan(BOUND);
    }
  });

  it("pages through exactly the initiatives the rules put on the wall, in the wall's order, each once", async () => {
    const now = Date.now();
    // What the rules say, from every initiative of the organisation that has not ended.
    const live = await getDb(env)
      .select()
      .from(schema.initiatives)
      .where(and(eq(schema.initiatives.orgId, org.id), or(isNull(schema.initiatives.endTime), gte(schema.initiatives.endTime, now))));
    const cards = await loadCards(getDb(env), org, memberId, live);
    const onWall = new Set(cards.filter((card) => belongsOnWall(card) && !isHistory(card, now)).map((card) => card.id));
    const expected = live.filter((row) => onWall.has(row.id)).sort(wallOrder(org.community.can_pin_initiatives)).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(250);
    const shown: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await wallPage(env, org, memberId, { from: 0, to: Number.MAX_SAFE_INTEGER, page }, now);
      shown.push(...answer.initiatives.map((card) => card.id));
      if (!answer.has_more) break;
    }
    expect(shown).toEqual(expected);
    // The same wall by cursor (keyset): every part seeks to the cursor, so a deep page reads its own rows.
    const byCursor: string[] = [];
    const f: WallFilters = { from: 0, to: Number.MAX_SAFE_INTEGER, page: 1 };
    for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages++) {
      const answer = await wallPage(env, org, memberId, { ...f, cursor: cursor ? decodeWallCursor(cursor)! : undefined }, now);
      byCursor.push(...answer.initiatives.map((card) => card.id));
      cursor = answer.next_cursor;
      if (cursor && pages === 3) {
        // Page 5 by cursor reads far fewer rows than page 5 by number (its 251 first rows of every part).
        let keyset = 0;
        for (const [index, query] of wallPartQueries(getDb(env), org, memberId, { ...f, cursor: decodeWallCursor(cursor)! }, now, 51).entries()) {
          const { rowsRead } = await read(query);
          expect(rowsRead, `statement ${index} after page 4`).toBeLessThan(BOUND);
          keyset += rowsRead;
        }
        let numbered = 0;
        for (const query of wallPartQueries(getDb(env), org, memberId, f, now, 5 * 50 + 1)) numbered += (await read(query)).rowsRead;
        expect(keyset).toBeLessThan(numbered / 2);
      }
    }
    expect(byCursor).toEqual(expected);
    expect(shown.some((id) => id.startsWith("sq-elsewhere-"))).toBe(false);
    expect(shown.filter((id) => id.startsWith("sq-long-")).length).toBeGreaterThan(0);
    expect(shown.filter((id) => id.startsWith("sq-open-") || id.startsWith("sq-nodate-")).length).toBeGreaterThan(0);
  });
});

describe("the staff list of initiatives on a large organisation", () => {
  it("reads an organiser's own initiatives by id and an administrator's pages from their cursor on initiatives_org_start_idx", async () => {
    const organiser = await createMember({ email: "sq-organiser@commons.example", orgId: "org-commons", role: "organiser" });
    // Named organiser of 3 of the 2,000, submitter of 2 others.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO initiative_organisers (initiative_id, org_id, member_id) VALUES ('sq-i-10', 'org-commons', ?1), ('sq-i-20', 'org-commons', ?1), ('sq-i-30', 'org-commons', ?1)").bind(organiser.id),
      env.DB.prepare("UPDATE initiatives SET submitter_member_id = ?1 WHERE id IN ('sq-i-40', 'sq-i-50')").bind(organiser.id),
      // Without dates: listed last.
      env.DB.prepare("INSERT INTO initiatives (id, org_id, slug, title, type) VALUES ('sq-staff-a', 'org-commons', 'sq-staff-a', 'A', 'informative'), ('sq-staff-b', 'org-commons', 'sq-staff-b', 'B', 'informative')"),
    ]);
    const [asOrganiser] = managedInitiativesQueries(getDb(env), org, { memberId: organiser.id, role: "organiser" }, {});
    expect((await read(asOrganiser)).rowsRead).toBeLessThan(100);
    expect((await read(asOrganiser, true)).plan).toMatch(/SEARCH initiatives USING INDEX sqlite_autoindex_initiatives_1 \(id=\?\)/);
    const mine = await listManagedInitiatives(env, org, { memberId: organiser.id, role: "organiser" }, {});
    // Newest start first (sq-i-N starts N hours ago).
    expect(mine.initiatives.map((row) => [row.id, row.mine])).toEqual(["sq-i-10", "sq-i-20", "sq-i-30", "sq-i-40", "sq-i-50"].map((id) => [id, true]));

    // An administrator's pages, far down the list too, on initiatives_org_start_idx from the cursor.
    const admin = { memberId: organiser.id, role: "admin" as const };
    const deep = await listManagedInitiatives(env, org, admin, { cursor: `${Date.now() - 1500 * 3600000}.sq-i-1500` });
    for (const [index, query] of [...managedInitiativesQueries(getDb(env), org, admin, {}), ...managedInitiativesQueries(getDb(env), org, admin, { cursor: `${Date.now() - 1500 * 3600000}.sq-i-1500` })].entries()) {
      expect((await read(query)).rowsRead, `statement ${index}`).toBeLessThan(BOUND);
    }
    expect(deep.initiatives).toHaveLength(50);
    const [dated, undated] = managedInitiativesQueries(getDb(env), org, admin, { cursor: "1000.sq-i-1500" });
    const plan = (await read(dated, true)).plan;
    expect(plan).toMatch(/SEARCH initiatives USING INDEX initiatives_org_start_idx \(org_id=\? AND start_time>\? AND \(start_time,id\)<\(\?,\?\)\)/);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    // What waits per initiative is counted on the partial index of the records that wait.
    expect(plan).toMatch(/SEARCH participation_records USING COVERING INDEX participation_records_pending_idx \(participation_id=\?\)/);
    expect((await read(undated, true)).plan).toMatch(/SEARCH initiatives USING INDEX initiatives_org_start_idx \(org_id=\? AND start_time=\?\)/);

    // Every initiative of the organisation once, newest start first, those without one last, none of another's.
    const ids: string[] = [];
    const starts: (number | null)[] = [];
    let cursor: string | undefined;
    do {
      const page = await listManagedInitiatives(env, org, admin, cursor ? { cursor } : {});
      ids.push(...page.initiatives.map((row) => row.id));
      starts.push(...page.initiatives.map((row) => (row.start_time ? Date.parse(row.start_time) : null)));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const all = await env.DB.prepare("SELECT id FROM initiatives WHERE org_id = 'org-commons' ORDER BY start_time IS NULL, start_time DESC, id DESC").all<{ id: string }>();
    expect(ids).toEqual(all.results.map((row) => row.id));
    expect(starts.filter((start) => start === null).length).toBeGreaterThanOrEqual(2);
    expect(ids.some((id) => id.startsWith("sq-elsewhere-"))).toBe(false);
  });
});
