/**
 * The dashboard's rollups (issue 26 section 2; docs/decisions/041): after every kind of write
 * (validate, reject, bulk decisions, correct, a type changed, delete, participations cancelled and
 * deleted, donations confirmed, refused and deleted, members joining, removed, disabled and erased,
 * groups joined, left and deleted, SDGs and indicators edited, initiatives deleted, records on either
 * side of a month's end) the dashboard read from the rollups answers exactly what it answers summed
 * from the records, which the test keeps as its oracle (organizationMetrics with source "records"),
 * for the whole organisation and each group, over periods of one to 36 months; and a rebuild finds
 * the rollups as the triggers kept them. Then the rows a view reads: flat however many members.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "../../workers/account/deletion";
import { rollupFigures, wholeMonths } from "../../workers/admin/dashboard-rollups";
import { defaultPeriod, organizationMetrics, type MetricsPeriod } from "../../workers/admin/metrics";
import { COUNTED_HOURS, COUNTED_INDICATORS } from "../../workers/reports/counted-hours";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { REBUILD_DASHBOARD_ROLLUPS } from "../../scripts/dashboard-rollups-sql.mjs";
import { addContribution, addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const parts: Record<string, string> = {};
const NOW = Date.now();
const month = (back: number) => {
  const now = new Date(NOW);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
};

const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

/** Whole months: the default (last 12), this month, last month, the longest (36 months), and next month. */
const PERIODS: MetricsPeriod[] = [defaultPeriod(NOW), { from: month(0), to: month(-1) }, { from: month(1), to: month(0) }, { from: month(35), to: month(-1) }, { from: month(-1), to: month(-2) }];

/** The dashboard from the rollups equals the dashboard summed from the records, for everyone and each group. */
async function expectDashboardAsBefore() {
  const org = (await getOrganizationBySlug(env, "acme"))!;
  const actor = { memberId: ids.alma, role: "admin" as const };
  const groups = await all<{ slug: string }>("select slug from public_user_groups where org_id = ?", org.id);
  for (const period of PERIODS) {
    expect(wholeMonths(period)).not.toBeNull();
    for (const group of [null, ...groups.map((g) => g.slug)]) {
      const asked = { ...period, group };
      const label = `${new Date(period.from).toISOString().slice(0, 7)} to ${new Date(period.to).toISOString().slice(0, 7)} ${group ?? "everyone"}`;
      expect(await organizationMetrics(env, org, actor, asked), label).toEqual(await organizationMetrics(env, org, actor, asked, "records"));
    }
  }
}

/** The rollups as they are, cells of no member left out (a rebuild does not write them). */
const snapshot = async () => ({
  figures: await all("select * from dashboard_month_figures order by org_id, figure, month, scope, item"),
  months: await all("select * from dashboard_member_months order by org_id, member_id, dim, month"),
  cells: await all("select * from dashboard_participant_cells where members != 0 order by org_id, since, dim, scope, month"),
});

/** The rollups are what a rebuild from the records makes of them. */
async function expectRebuildEqual() {
  const kept = await snapshot();
  await env.DB.batch(REBUILD_DASHBOARD_ROLLUPS.map((sql) => env.DB.prepare(sql)));
  expect(await snapshot()).toEqual(kept);
}

async function expectInStep() {
  await expectDashboardAsBefore();
  await expectRebuildEqual();
}

async function insertRecord(participation: string, hours: number, status: string, createdAt = NOW) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into participation_records (id, participation_id, type, hours, status, created_at) values (?, ?, 'hours', ?, ?, ?)").bind(id, participation, hours, status, createdAt).run();
  return id;
}

async function insertIndicator(participation: string, value: number, unit: string | null, status: string, indicatorId: string | null = null) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into participation_records (id, participation_id, type, value, unit, indicator_id, status) values (?, ?, 'indicator', ?, ?, ?, ?)")
    .bind(id, participation, value, unit, indicatorId, status)
    .run();
  return id;
}

const manage = (path: string, body: unknown, method = "PUT") => call(method, `/api/acme/manage${path}`, { token: tokens.alma, body });
const admin = (path: string, body?: unknown, method = "PUT") => call(method, `/api/acme/admin${path}`, { token: tokens.alma, body });
const run = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).run();

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  ids.alma = (await createMember({ email: "alma@acme.example", orgId: acme.id, name: "Alma", role: "admin" })).id;
  tokens.alma = (await login("alma@acme.example", "Correct-Horse-9")).body.access_token;
  for (const name of ["ana", "ben", "cris", "dani", "eli"]) ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name })).id;
  // Gil is in two organisations: his figures in each stay in each.
  ids.gil = (await createMember({ email: "gil@acme.example", orgId: acme.id, name: "Gil" })).id;
  await run("insert into memberships (org_id, member_id) values ('org-commons', ?)", ids.gil);
  ids.beach = (await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [13, 14], indicators: [{ id: "ind-kg", name: "Litter", unit: "kilogram" }] })).id;
  ids.school = (await createInitiative({ orgId: acme.id, slug: "school", title: "School", sdgs: [4] })).id;
  ids.food = (await createInitiative({ orgId: acme.id, slug: "food", title: "Food", type: "donation" })).id;
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere", sdgs: [13] });
  for (const name of ["ana", "ben", "cris", "dani", "eli", "gil"]) parts[name] = (await addParticipation(ids.beach, acme.id, ids[name])).id;
  parts.benSchool = (await addParticipation(ids.school, acme.id, ids.ben)).id;
  parts.criSchool = (await addParticipation(ids.school, acme.id, ids.cris, "pending")).id;
  parts.gilElsewhere = (await addParticipation(elsewhere.id, commons.id, ids.gil)).id;
  for (const [id, orgId, slug, name, members] of [
    ["g-madrid", acme.id, "madrid-office", "Madrid office", [ids.ana, ids.ben]],
    ["g-it", acme.id, "it-team", "IT team", [ids.ben, ids.gil]],
    ["g-outside", commons.id, "outside", "Outside", [ids.gil]],
  ] as [string, string, string, string, string[]][]) {
    await run("insert into public_user_groups (id, org_id, slug, name) values (?, ?, ?, ?)", id, orgId, slug, name);
    for (const member of members) await run("insert into member_user_groups (group_id, member_id) values (?, ?)", id, member);
  }
});

describe("dashboard rollups after every kind of write", () => {
  it("hold from the start, with records of every status, months apart", async () => {
    ids.anaPending = await insertRecord(parts.ana, 5, "pending");
    ids.benPending = await insertRecord(parts.ben, 8, "pending");
    ids.crisPending = await insertRecord(parts.cris, 3, "pending");
    ids.daniPending = await insertRecord(parts.dani, 4, "pending");
    await insertRecord(parts.eli, 6, "granted", month(2) + 5_000);
    await insertRecord(parts.eli, 2, "validated", month(30));
    await insertRecord(parts.benSchool, 1, "validated", month(14));
    await insertRecord(parts.ana, 0, "validated", month(1));
    await insertRecord(parts.gilElsewhere, 100, "validated");
    ids.kilos = await insertIndicator(parts.ana, 12, null, "validated", "ind-kg");
    await insertIndicator(parts.ben, 7, "kilogram", "validated");
    await insertIndicator(parts.ben, 100, "kilogram", "pending");
    await addContribution(ids.food, "org-acme", ids.ana, 2500);
    await addContribution(ids.food, "org-acme", ids.ben, 1000, "pending");
    await expectInStep();
  });

  it("after a validation, a rejection and a bulk decision", async () => {
    expect((await manage(`/records/${ids.anaPending}`, { status: "validated" })).status).toBe(200);
    expect((await manage(`/records/${ids.daniPending}`, { status: "rejected", reason: "No sheet" })).status).toBe(200);
    await expectInStep();
    expect((await manage("/records", { ids: [ids.benPending, ids.crisPending], status: "validated" })).status).toBe(200);
    await expectInStep();
  });

  it("after hours corrected, a record taken back, a type changed, and records on either side of a month's end", async () => {
    await run("update participation_records set hours = 7 where id = ?", ids.benPending);
    await run("update participation_records set status = 'pending' where id = ?", ids.crisPending);
    await expectInStep();
    await run("update participation_records set status = 'validated' where id = ?", ids.crisPending);
    await run("update participation_records set type = 'indicator', value = hours, unit = 'hour', hours = null where id = ?", ids.crisPending);
    await insertRecord(parts.dani, 2, "validated", month(0) - 1);
    await insertRecord(parts.dani, 3, "validated", month(0));
    await run("update participation_records set created_at = ? where id = ?", month(3), ids.benPending);
    await expectInStep();
  });

  it("after a record deleted, a participation cancelled and one deleted", async () => {
    await run("delete from participation_records where id = ?", ids.anaPending);
    await run("update participations set status = 'cancelled' where id = ?", parts.eli);
    await run("update participations set status = 'accepted' where id = ?", parts.criSchool);
    await expectInStep();
    await run("delete from participations where id = ?", parts.dani);
    await expectInStep();
  });

  it("after donations confirmed, refused and deleted", async () => {
    const pending = (await all<{ id: string }>("select id from contributions where status = 'pending'"))[0].id;
    expect((await manage(`/contributions/${pending}`, { status: "confirmed" })).status).toBe(200);
    await expectInStep();
    await run("update contributions set status = 'rejected' where id = ?", pending);
    await run("update contributions set amount = 3000, currency = 'USD' where member_id = ? and status = 'confirmed'", ids.ana);
    await addContribution(ids.food, "org-acme", ids.cris, 400);
    await expectInStep();
    await run("delete from contributions where member_id = ?", ids.cris);
    await expectInStep();
  });

  it("after an initiative's SDGs and indicators edited", async () => {
    await run("insert into initiative_sdgs (initiative_id, sdg_id) values (?, 3)", ids.school);
    await run("delete from initiative_sdgs where initiative_id = ? and sdg_id = 13", ids.beach);
    await expectInStep();
    await run("update indicators set unit = 'litre' where id = 'ind-kg'");
    await expectInStep();
    await run("delete from indicators where id = 'ind-kg'");
    await expectInStep();
  });

  it("after members joining and leaving groups, and a group deleted", async () => {
    await run("insert into member_user_groups (group_id, member_id) values ('g-madrid', ?)", ids.eli);
    await run("delete from member_user_groups where group_id = 'g-madrid' and member_id = ?", ids.ana);
    await expectInStep();
    await run("delete from public_user_groups where id = 'g-it'");
    await expectInStep();
  });

  it("after a member joining, disabled and enabled, removed, and an account erased", async () => {
    ids.fede = (await createMember({ email: "fede@acme.example", orgId: "org-acme", name: "Fede" })).id;
    await run("insert into member_user_groups (group_id, member_id) values ('g-madrid', ?)", ids.fede);
    await expectInStep();
    expect((await admin(`/members/${ids.ben}`, { disabled: true })).status).toBe(200);
    await expectInStep();
    expect((await admin(`/members/${ids.ben}`, { disabled: false })).status).toBe(200);
    expect((await admin(`/members/${ids.gil}`, undefined, "DELETE")).status).toBe(204);
    await expectInStep();
    await run("update members set deletion_requested_at = 1 where id = ?", ids.eli);
    expect(await eraseAccount(env, ids.eli)).toBe(true);
    await expectInStep();
  });

  it("after a participation moved to another member, and an initiative deleted", async () => {
    await run("update participations set member_id = ? where id = ?", ids.fede, parts.cris);
    await expectInStep();
    await run("delete from initiatives where id = ?", ids.beach);
    await expectInStep();
  });

  it("a rebuild puts spoilt rollups right", async () => {
    const before = await snapshot();
    expect(before.figures.length).toBeGreaterThan(10);
    expect(before.cells.length).toBeGreaterThan(10);
    await run("update dashboard_month_figures set value = value + 1");
    await run("delete from dashboard_participant_cells where rowid % 2 = 0");
    await run("delete from dashboard_member_months where rowid % 3 = 0");
    await env.DB.batch(REBUILD_DASHBOARD_ROLLUPS.map((sql) => env.DB.prepare(sql)));
    expect(await snapshot()).toEqual(before);
    await expectDashboardAsBefore();
  });
});

describe("the rule the rollups count by", () => {
  it("is COUNTED_HOURS and COUNTED_INDICATORS, written out in the view; the records' triggers by the same statuses", async () => {
    const sqlOf = async (where: string) => (await all<{ name: string; sql: string }>(`select name, sql from sqlite_master where ${where}`)).map((row) => ({ ...row, sql: row.sql.toLowerCase().replace(/\s+/g, " ") }));
    const [view] = await sqlOf("name = 'dashboard_figure_rows'");
    for (const rule of [COUNTED_HOURS, COUNTED_INDICATORS]) expect(view.sql).toContain(rule.toLowerCase());
    const triggers = await sqlOf("type = 'trigger' and tbl_name = 'participation_records' and name like 'dashboard%'");
    expect(triggers.length).toBe(4);
    const statuses = COUNTED_HOURS.toLowerCase().replace(/^.* and r\./, "");
    for (const { name, sql } of triggers) expect(sql, name).toContain(statuses);
  });
});

describe("rows a dashboard view reads", () => {
  /** Rows read by the figures' statements from the rollups, over the last 12 months, for everyone. */
  async function rowsRead() {
    const months = wholeMonths(defaultPeriod(NOW))!;
    const statements = Object.values(rollupFigures(env.DB, "org-vizinhos", months, null));
    const results = await env.DB.batch(statements);
    return results.reduce((sum, result) => sum + result.meta.rows_read, 0);
  }

  /** `members` more members of Vizinhos, each with a counted record in one of the last 14 months, in one of two SDGs. */
  async function grow(members: number, start: number) {
    const initiative = ids.vizinhos ?? (ids.vizinhos = (await createInitiative({ orgId: "org-vizinhos", slug: "bairro", title: "Bairro", sdgs: [1, 2] })).id);
    const statements: D1PreparedStatement[] = [];
    for (let i = start; i < start + members; i++) {
      const member = `viz-${i}`;
      statements.push(
        env.DB.prepare("insert into members (id, email) values (?, ?)").bind(member, `${member}@vizinhos.example`),
        env.DB.prepare("insert into memberships (org_id, member_id, created_at) values ('org-vizinhos', ?, ?)").bind(member, month(i % 14)),
        env.DB.prepare("insert into participations (id, org_id, initiative_id, member_id, uuid, status, created_at) values (?, 'org-vizinhos', ?, ?, ?, 'accepted', ?)").bind(
          `p-${member}`,
          initiative,
          member,
          `u-${member}`,
          month(i % 14),
        ),
        env.DB.prepare("insert into participation_records (id, participation_id, type, hours, status, created_at) values (?, ?, 'hours', ?, 'validated', ?)").bind(
          `r-${member}`,
          `p-${member}`,
          1 + (i % 5),
          month(i % 14) + 1_000,
        ),
      );
    }
    for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  }

  it("stays flat from 300 to 900 members", async () => {
    await grow(300, 0);
    const small = await rowsRead();
    await grow(600, 300);
    const large = await rowsRead();
    expect(large).toBeLessThan(500);
    expect(large).toBeLessThanOrEqual(small + 20);
    // The same figures as the records give.
    const org = (await getOrganizationBySlug(env, "vizinhos"))!;
    const asked = defaultPeriod(NOW);
    const actor = { memberId: ids.alma, role: "admin" as const };
    await run("insert into memberships (org_id, member_id, role) values ('org-vizinhos', ?, 'admin')", ids.alma);
    const answer = await organizationMetrics(env, org, actor, asked);
    expect(answer).toEqual(await organizationMetrics(env, org, actor, asked, "records"));
    expect(answer.participants).toBeGreaterThan(700);
  });
});
