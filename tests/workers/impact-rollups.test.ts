/**
 * The impact ledger's rollups (issue 30 section 2, "computed live or from rollups kept in step";
 * docs/decisions/058): after every kind of write (records validated, rejected, corrected, taken back
 * and deleted, a time basis set by staff, members given another grade, site or country, removed and
 * erased, the rate card changed, initiatives given another country, motivation, working hours, SDGs
 * or causes, participations and initiatives deleted, donations confirmed, refused and deleted,
 * management hours added and deleted, the organisation's region changed) the report's sums and
 * counts read from the rollups equal the same statements summed from the ledger's rows (the
 * evidence), for whole months of the organisation's zone (records on either side of a month's and a
 * year's end there), every breakdown, and periods of one to 36 months; and a rebuild finds the
 * rollups as the triggers kept them. The month table of the zones agrees with zoneOffset.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "../../workers/account/deletion";
import { GROUP_BYS, ledgerCounts, ledgerRows, ledgerSums, readSums, type LedgerPeriod, type LedgerRow } from "../../workers/impact/ledger";
import { withMonths, zonedDays } from "../../workers/impact/periods";
import { totalsOf } from "../../workers/impact/report";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { REGIONS, fromLocal, regionZone, zoneOffset } from "../../app/domain/zoned-time";
import { REBUILD_IMPACT_ROLLUPS } from "../../scripts/impact-rollups-sql.mjs";
import { periodOf } from "../../workers/api/impact";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const as = (who: string) => ({ token: tokens[who] });
const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const run = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .run()
    .catch((error: Error) => {
      throw new Error(`${sql}: ${error.message}`);
    });

/** Whole months given as [year, month (1-12), months]: a year, a quarter, one month each side of the summer time change, New Year, 24 and 36 months. */
const PERIODS: [number, number, number][] = [[2025, 1, 12], [2025, 1, 3], [2025, 3, 1], [2025, 4, 1], [2024, 12, 2], [2024, 1, 24], [2023, 1, 36], [2025, 10, 3]];

/** Acme, with its region as stored now (the tenant may be cached from before a region change). */
async function acme() {
  const org = (await getOrganizationBySlug(env, "acme"))!;
  const { region } = (await env.DB.prepare("select region from organizations where id = ?").bind(org.id).first<{ region: string }>())!;
  return { ...org, region };
}

/** The months [year-month, + months) as days in the organisation's zone, with and without the whole months that send it to the rollups. */
function monthsOf(zone: string, [year, month, months]: [number, number, number]) {
  const { period } = zonedDays(zone, Date.UTC(year, month - 1, 1), Date.UTC(year, month - 1 + months, 1));
  const rolled = withMonths(zone, period);
  expect(rolled.months, `${year}-${month} + ${months}`).toBeDefined();
  const live: LedgerPeriod = { ...period, months: undefined };
  return { rolled, live };
}

/** Every figure of the report from the rollups equals the same figure summed from the ledger's rows, and the totals their evidence. */
async function expectRollupsAsRows(label: string) {
  const org = await acme();
  const zone = regionZone(org.region);
  for (const months of PERIODS) {
    const { rolled, live } = monthsOf(zone, months);
    for (const groupBy of [null, ...GROUP_BYS, "motivation_country"] as const) {
      const [fromRollups, fromRows] = await env.DB.batch<Record<string, unknown>>([ledgerSums(env.DB, org.id, rolled, true, groupBy), ledgerSums(env.DB, org.id, live, true, groupBy)]);
      expect(readSums(fromRollups.results), `${label}: ${months.join("-")} by ${groupBy}`).toEqual(readSums(fromRows.results));
    }
    // Own time when the organisation does not consider working hours: applied when read.
    const [own, ownRows] = await env.DB.batch<Record<string, unknown>>([ledgerSums(env.DB, org.id, rolled, false, null), ledgerSums(env.DB, org.id, live, false, null)]);
    expect(readSums(own.results), `${label}: ${months.join("-")} without working hours`).toEqual(readSums(ownRows.results));
    const [counts, countedRows] = await env.DB.batch([ledgerCounts(env.DB, org.id, rolled, true), ledgerCounts(env.DB, org.id, live, true)]);
    expect(counts.results, `${label}: ${months.join("-")} participants and initiatives`).toEqual(countedRows.results);
  }
  // The year's figures are its evidence's rows summed (a figure and its rows always agree).
  const { rolled, live } = monthsOf(zone, [2025, 1, 12]);
  const totals = totalsOf(readSums((await ledgerSums(env.DB, org.id, rolled, true, null).all()).results));
  const { results: rows } = await ledgerRows(env.DB, org.id, live, true).all<LedgerRow>();
  const sum = (keep: (row: LedgerRow) => boolean) => rows.filter(keep).reduce((total, row) => total + (row.hours ?? 0), 0);
  expect(totals.hours.paid, label).toBe(sum((row) => row.kind === "time" && row.time_basis === "paid"));
  expect(totals.hours.own, label).toBe(sum((row) => row.kind === "time" && row.time_basis === "own"));
  expect(totals.hours.management, label).toBe(sum((row) => row.kind === "management"));
  const cash = rows.filter((row) => row.kind === "cash").reduce((total, row) => total + (row.amount ?? 0), 0);
  expect(totals.cash.reduce((total, given) => total + given.amount * 100, 0), label).toBe(cash);
}

const ROLLUP_TABLES = {
  impact_month_sums: "select * from impact_month_sums order by org_id, month, dim, item, kind, basis, grade, site, member_country, country, motivation, unit, currency",
  impact_subject_months: "select * from impact_subject_months order by org_id, dim, subject, month",
  // Cells a subject left keep 0 (as the dashboard's): the same counts either way.
  impact_subject_cells: "select * from impact_subject_cells where subjects <> 0 order by org_id, dim, since, month",
};

/** The rollups as the triggers kept them equal a rebuild from the rows (npm run rollups:rebuild's statements). */
async function expectRebuildUnchanged() {
  const kept = await Promise.all(Object.values(ROLLUP_TABLES).map((sql) => all(sql)));
  await env.DB.batch(REBUILD_IMPACT_ROLLUPS.map((sql) => env.DB.prepare(sql)));
  const rebuilt = await Promise.all(Object.values(ROLLUP_TABLES).map((sql) => all(sql)));
  expect(rebuilt).toEqual(kept);
  expect(kept[0].length).toBeGreaterThan(0);
}

/** An instant given as a local wall-clock time in Madrid (the organisation's zone at first). */
const madrid = (local: string) => fromLocal(Date.parse(`${local}Z`), "Europe/Madrid");

async function record(participation: string, createdAt: number, hours: number | null, status = "validated", extra: { type?: string; value?: number; unit?: string } = {}) {
  const id = crypto.randomUUID();
  await run(
    "insert into participation_records (id, participation_id, type, hours, value, unit, status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    id, participation, extra.type ?? "hours", hours, extra.value ?? null, extra.unit ?? null, status, createdAt,
  );
  return id;
}

async function donation(initiative: string, member: string, amount: number, createdAt: number, status = "confirmed", currency = "EUR") {
  const id = crypto.randomUUID();
  await run("insert into contributions (id, org_id, initiative_id, member_id, amount, currency, source, status, created_at) values (?, 'org-acme', ?, ?, ?, ?, 'inhand', ?, ?)", id, initiative, member, amount, currency, status, createdAt);
  return id;
}

beforeAll(async () => {
  const { acme: org, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"], ["ben", "member"], ["dora", "member"], ["eli", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@r.example`, orgId: org.id, name, role })).id;
    tokens[name] = (await login(`${name}@r.example`, "Correct-Horse-9")).body.access_token;
  }
  for (const [name, body] of [["ana", { country: "ES", site: "Madrid", grade: "A" }], ["ben", { country: "PT", site: "Lisboa" }], ["dora", { country: "BR", site: "São Paulo" }], ["eli", { country: "ES", site: "Bilbao", grade: "B" }]] as const) {
    expect((await call("PUT", `/api/acme/admin/impact/members/${ids[name]}`, { ...as("alma"), body })).status).toBe(200);
  }
  const rates = [
    { key_type: "default", amount: 20, currency: "EUR", source: "Payroll", from_year: 2023 },
    { key_type: "country", key_value: "PT", amount: 15, currency: "EUR", source: "Portugal", from_year: 2023, to_year: 2024 },
    { key_type: "country", key_value: "PT", amount: 18, currency: "EUR", source: "Portugal", from_year: 2025 },
    { key_type: "country", key_value: "BR", amount: 60, currency: "BRL", source: "IBGE", from_year: 2025 },
    { key_type: "grade", key_value: "A", amount: 40, currency: "EUR", source: "Grade A", from_year: 2025 },
    { key_type: "site", key_value: "Bilbao", amount: 25, currency: "EUR", source: "Bilbao", from_year: 2024 },
  ];
  expect((await call("PUT", "/api/acme/admin/rates", { ...as("alma"), body: { rates } })).status).toBe(200);

  const beach = await createInitiative({ orgId: org.id, slug: "beach", title: "Beach", sdgs: [13, 14], categories: [], isWorkingHours: true });
  const remote = await createInitiative({ orgId: org.id, slug: "remote", title: "Remote", sdgs: [4], isWorkingHours: false, isRemote: true });
  const coats = await createInitiative({ orgId: org.id, slug: "coats", title: "Coats", type: "collection" });
  const food = await createInitiative({ orgId: org.id, slug: "food", title: "Food", type: "donation" });
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere" });
  Object.assign(ids, { beach: beach.id, remote: remote.id, coats: coats.id, food: food.id });
  expect((await call("PUT", "/api/acme/admin/impact/initiatives/beach", { ...as("alma"), body: { country: "ES", motivation: "community_investment" } })).status).toBe(200);

  const part = async (key: string, initiative: string, member: string, orgId = org.id) => (ids[key] = (await addParticipation(initiative, orgId, member)).id);
  await part("anaBeach", beach.id, ids.ana);
  await part("benRemote", remote.id, ids.ben);
  await part("doraRemote", remote.id, ids.dora);
  await part("eliBeach", beach.id, ids.eli);
  await part("anaCoats", coats.id, ids.ana);
  await part("benCoats", coats.id, ids.ben);
  // Records on each side of the months' ends in Madrid: 00:30 on 1 April (22:30 UTC the day before,
  // summer time) and on 1 January (23:30 UTC on New Year's Eve), 23:30 on 31 March.
  ids.anaApril = await record(ids.anaBeach, madrid("2025-04-01T00:30:00"), 3);
  ids.anaMarch = await record(ids.anaBeach, madrid("2025-03-31T23:30:00"), 2);
  ids.anaNewYear = await record(ids.anaBeach, madrid("2025-01-01T00:30:00"), 4);
  ids.anaOldYear = await record(ids.anaBeach, madrid("2024-12-31T23:30:00"), 1);
  ids.anaGranted = await record(ids.anaBeach, madrid("2025-06-10T10:00:00"), 6, "granted");
  ids.anaPending = await record(ids.anaBeach, madrid("2025-05-10T10:00:00"), 9, "pending");
  ids.eliPending = await record(ids.eliBeach, madrid("2025-05-11T10:00:00"), 5, "pending");
  ids.eliOctober = await record(ids.eliBeach, madrid("2025-10-26T01:30:00"), 2);
  ids.benOwn = await record(ids.benRemote, madrid("2025-02-14T18:00:00"), 4);
  ids.benOld = await record(ids.benRemote, madrid("2024-03-14T18:00:00"), 1);
  ids.doraOwn = await record(ids.doraRemote, madrid("2025-05-01T12:00:00"), 5);
  ids.doraLater = await record(ids.doraRemote, madrid("2026-11-01T12:00:00"), 7);
  await record(ids.anaBeach, madrid("2025-08-02T10:00:00"), 7, "rejected");
  await record(ids.anaBeach, madrid("2025-08-03T10:00:00"), 0);
  ids.kilos = await record(ids.anaCoats, madrid("2025-09-01T10:00:00"), null, "validated", { type: "indicator", value: 12, unit: "kilogram" });
  ids.reached = await record(ids.benCoats, madrid("2025-09-02T10:00:00"), null, "validated", { type: "indicator", value: 30, unit: "beneficiary" });
  ids.gift = await donation(food.id, ids.ben, 5000, madrid("2025-07-01T10:00:00"));
  ids.pledge = await donation(food.id, ids.dora, 7000, madrid("2025-07-02T10:00:00"), "pending");
  ids.reais = await donation(food.id, ids.dora, 9000, madrid("2025-07-03T10:00:00"), "confirmed", "BRL");
  const management = await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "beach", member_id: ids.olga, hours: 5, day: "2025-06-10", note: "Logistics" } });
  expect(management.status).toBe(201);
  ids.management = ((await management.json()) as { id: string }).id;
  // Another organisation's hours count nowhere here.
  const far = await addParticipation(elsewhere.id, commons.id, ids.ana);
  await record(far.id, madrid("2025-03-01T10:00:00"), 8);
});

describe("the impact rollups", () => {
  it("answer the named periods and the report's default: they are whole months of the zone", async () => {
    const org = await acme();
    for (const query of [{}, { period: "this_year" as const }, { period: "last_year" as const }]) {
      const { period, previous } = periodOf(org, query);
      expect(withMonths(regionZone(org.region), period).months, JSON.stringify(query)).toBeDefined();
      expect(withMonths(regionZone(org.region), previous).months, JSON.stringify(query)).toBeDefined();
    }
  });

  it("find the rows a trigger moves on their indexes: a member's, an initiative's, an organisation's", async () => {
    for (const where of ["s.org_id = ?1 and s.member_id = ?2", "s.initiative_id = ?1", "s.org_id = ?1"]) {
      const { results } = await env.DB.prepare(`explain query plan select s.source, s.source_id from impact_sources s where ${where}`).bind(...(where.includes("?2") ? ["a", "b"] : ["a"])).all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      // No table read whole (the view's own rows, SCAN s, are the result).
      expect(plan.filter((detail) => /^SCAN [rphc]\b/.test(detail)), `${where}: ${plan.join("; ")}`).toEqual([]);
      expect(plan.filter((detail) => detail.startsWith("SEARCH")), where).toHaveLength(4);
    }
    // What one source adds: found by its id in each arm of the ledger's view.
    const { results } = await env.DB.prepare("explain query plan select * from impact_figure_rows f where f.source = ?1 and f.source_id = ?2").bind("r", "x").all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan.filter((detail) => /^SCAN (r|p|h|c|i|o|ms|z)\b/.test(detail)), plan.join("; ")).toEqual([]);
  });

  it("agree with the zones' offsets, month by month", async () => {
    const rows = await all<{ region: string; since: number; offset_ms: number }>("select region, since, offset_ms from region_zone_offsets order by region, since");
    for (const region of REGIONS) {
      const zone = regionZone(region);
      const changes = rows.filter((row) => row.region === region);
      const offsetAt = (at: number) => changes.filter((row) => row.since <= at).at(-1)!.offset_ms;
      for (let year = 2010; year <= 2035; year += 1) {
        for (let day = year % 17; day < 366; day += 17) {
          const at = Date.UTC(year, 0, 1 + day, 12 * (day % 2));
          expect(offsetAt(at), `${region} ${new Date(at).toISOString()}`).toBe(zoneOffset(at, zone));
        }
      }
      // Either side of each change.
      for (const change of changes.slice(1)) {
        expect(offsetAt(change.since - 1)).toBe(zoneOffset(change.since - 1, zone));
        expect(offsetAt(change.since)).toBe(zoneOffset(change.since, zone));
      }
    }
  });

  it("sum what the rows sum, after records are validated, rejected, corrected, taken back, rebased and deleted", async () => {
    await expectRollupsAsRows("seeded");
    await expectRebuildUnchanged();
    expect((await call("PUT", `/api/acme/manage/records/${ids.anaPending}`, { ...as("alma"), body: { status: "validated" } })).status).toBe(200);
    await expectRollupsAsRows("validated");
    expect((await call("PUT", `/api/acme/manage/records/${ids.eliPending}`, { ...as("alma"), body: { status: "rejected", reason: "Not there" } })).status).toBe(200);
    await expectRollupsAsRows("rejected");
    expect((await call("POST", `/api/acme/manage/records/${ids.anaApril}/correction`, { ...as("alma"), body: { status: "corrected", hours: 1, reason: "Left early" } })).status).toBe(200);
    await expectRollupsAsRows("corrected");
    expect((await call("POST", `/api/acme/manage/records/${ids.benOwn}/correction`, { ...as("alma"), body: { status: "rejected", reason: "Not there" } })).status).toBe(200);
    await expectRollupsAsRows("taken back");
    expect((await call("PUT", `/api/acme/admin/impact/records/${ids.anaNewYear}`, { ...as("alma"), body: { time_basis: "own" } })).status).toBe(200);
    await expectRollupsAsRows("time basis");
    await run("update participation_records set created_at = ? where id = ?", madrid("2025-02-28T23:59:00"), ids.anaMarch);
    await run("update participation_records set value = 20 where id = ?", ids.kilos);
    await run("delete from participation_records where id = ?", ids.anaOldYear);
    await expectRollupsAsRows("moved, revalued, deleted");
    await expectRebuildUnchanged();
  });

  it("move a member's rows when their grade, site or country changes, and read a changed rate card at once", async () => {
    expect((await call("PUT", `/api/acme/admin/impact/members/${ids.ana}`, { ...as("alma"), body: { country: "PT", site: "Porto", grade: null } })).status).toBe(200);
    await expectRollupsAsRows("attributes");
    const before = readSums((await ledgerSums(env.DB, "org-acme", withMonths("Europe/Madrid", zonedDays("Europe/Madrid", Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)).period), true, null).all()).results);
    const kept = await all(ROLLUP_TABLES.impact_month_sums);
    const rates = [
      { key_type: "default", amount: 22, currency: "EUR", source: "Payroll", from_year: 2023 },
      { key_type: "country", key_value: "PT", amount: 30, currency: "EUR", source: "Portugal", from_year: 2025 },
    ];
    expect((await call("PUT", "/api/acme/admin/rates", { ...as("alma"), body: { rates } })).status).toBe(200);
    // A rate is applied when the report is read: the rollups do not move, the values do.
    expect(await all(ROLLUP_TABLES.impact_month_sums)).toEqual(kept);
    const after = readSums((await ledgerSums(env.DB, "org-acme", withMonths("Europe/Madrid", zonedDays("Europe/Madrid", Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)).period), true, null).all()).results);
    expect(after).not.toEqual(before);
    await expectRollupsAsRows("rates");
  });

  it("move an initiative's rows when its country, motivation, working hours, SDGs or causes change", async () => {
    expect((await call("PUT", "/api/acme/admin/impact/initiatives/beach", { ...as("alma"), body: { country: "PT", motivation: "charitable_gift" } })).status).toBe(200);
    await expectRollupsAsRows("initiative attributes");
    await run("update initiatives set is_working_hours = 0 where id = ?", ids.beach);
    await run("update initiatives set type = 'volunteering' where id = ?", ids.coats);
    await expectRollupsAsRows("working hours and type");
    await run("delete from initiative_sdgs where initiative_id = ? and sdg_id = 13", ids.beach);
    await run("insert into initiative_sdgs (initiative_id, sdg_id) values (?, 4), (?, 13)", ids.beach, ids.coats);
    await run("update initiative_sdgs set sdg_id = 14 where initiative_id = ? and sdg_id = 4", ids.remote);
    const category = (await all<{ slug: string }>("select slug from categories order by slug limit 2")).map((row) => row.slug);
    expect(category).toHaveLength(2);
    await run("insert into initiative_categories (initiative_id, category_slug) values (?, ?), (?, ?)", ids.beach, category[0], ids.remote, category[0]);
    await run("insert into initiative_categories (initiative_id, category_slug) values (?, ?)", ids.remote, category[1]);
    await expectRollupsAsRows("causes added");
    await run("delete from initiative_categories where initiative_id = ? and category_slug = ?", ids.remote, category[0]);
    await expectRollupsAsRows("SDGs and causes");
    // Inserts that find their row there (the sign-in's and the invitation's memberships) move nothing.
    await run("insert into initiative_sdgs (initiative_id, sdg_id) values (?, 4) on conflict do nothing", ids.beach);
    await run("insert or ignore into initiative_categories (initiative_id, category_slug) values (?, ?)", ids.beach, category[0]);
    await run("insert into memberships (org_id, member_id, role) values ('org-acme', ?, 'member') on conflict do nothing", ids.ana);
    await expectRollupsAsRows("inserts that found their rows");
    await expectRebuildUnchanged();
  });

  it("follow donations, management hours, participations and initiatives deleted", async () => {
    await run("update contributions set status = 'confirmed' where id = ?", ids.pledge);
    await run("update contributions set status = 'rejected' where id = ?", ids.gift);
    await run("update contributions set amount = 100 where id = ?", ids.reais);
    await expectRollupsAsRows("donations");
    await run("delete from contributions where id = ?", ids.reais);
    expect((await call("DELETE", `/api/acme/admin/impact/management/${ids.management}`, as("alma"))).status).toBe(204);
    const again = await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "remote", member_id: ids.ana, hours: 3, day: "2025-01-01" } });
    expect(again.status).toBe(201);
    await expectRollupsAsRows("management");
    await run("delete from participations where id = ?", ids.benCoats);
    await expectRollupsAsRows("participation deleted");
    await run("update participations set member_id = ? where id = ?", ids.eli, ids.doraRemote);
    await expectRollupsAsRows("participation moved");
    await run("delete from initiatives where id = ?", ids.coats);
    await expectRollupsAsRows("initiative deleted");
    await expectRebuildUnchanged();
  });

  it("follow members removed and erased, and the organisation's region", async () => {
    expect((await call("DELETE", `/api/acme/admin/members/${ids.ben}`, as("alma"))).status).toBe(204);
    await expectRollupsAsRows("removed");
    await run("update members set deletion_requested_at = 1 where id = ?", ids.eli);
    expect(await eraseAccount(env, ids.eli)).toBe(true);
    await expectRollupsAsRows("erased");
    await run("update organizations set region = 'BR' where id = 'org-acme'");
    await expectRollupsAsRows("region");
    await expectRebuildUnchanged();
  });
});
