/**
 * What the impact report reads (issue 30; docs/impact-reporting.md "Scale"): D1's meta.rows_read of
 * its statements (the period's sums, the previous period's, the counts and a breakdown) as records
 * are added.
 * - A period of whole months in the organisation's zone (a calendar or fiscal year, a quarter, the
 *   form's months) is read from the rollups (decision 058): ten times the records inside the period
 *   read the same rows (the rollups hold groups × months, not records).
 * - Any other period is summed from the rows (decision 048): records outside the two periods, of any
 *   year, add nothing (the status index's range on the date); each record inside adds a few rows
 *   (the record, its participation, initiative and membership by key, the rate among the
 *   organisation's few). This test says how many, so that a change that reads more is seen.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerCounts, ledgerSums, type LedgerPeriod } from "../../workers/impact/ledger";
import { withMonths } from "../../workers/impact/periods";
import { createInitiative } from "./initiatives-fixtures";
import { seedOrganizations } from "./support";

const MEMBERS = 200;
/** 2025 and 2024 in Acme's zone (Madrid, an hour ahead of UTC at New Year): the days of a period not whole months are read from the rows. */
const MADRID_NEW_YEAR = (year: number) => Date.UTC(year, 0, 1) - 3_600_000;
const PERIOD: LedgerPeriod = { from: MADRID_NEW_YEAR(2025) + 86_400_000, to: MADRID_NEW_YEAR(2026) };
const PREVIOUS: LedgerPeriod = { from: MADRID_NEW_YEAR(2024), to: MADRID_NEW_YEAR(2025) };
/** The same years as whole months of the zone: read from the rollups. */
const YEAR = withMonths("Europe/Madrid", { from: MADRID_NEW_YEAR(2025), to: MADRID_NEW_YEAR(2026), year_offset: 3_600_000 });
const YEAR_BEFORE = withMonths("Europe/Madrid", { ...PREVIOUS, year_offset: 3_600_000 });
/**
 * Rows the report reads per counted record of its period: about 8 in each of its three passes over
 * the period (the sums, the counts, the breakdown): the record by the index and by its row, its
 * participation, initiative and membership by key, the rate in force among the organisation's and
 * the rate by id. Measured: 23.
 */
const PER_RECORD = 25;
/** Rows read from the rollups may differ by a few as months gain their first rows of a key; not by records. */
const ROLLUP_SLACK = 10;

let initiativeId = "";
let batch = 0;

/** `count` validated hours records of the seeded members, created from `at` on, `step` ms apart (a minute); the rows the insert wrote. */
async function addRecords(count: number, at: number, step = 60_000) {
  batch += 1;
  const numbers = `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;
  const { meta } = await env.DB.prepare(
    `${numbers} INSERT INTO participation_records (id, participation_id, type, hours, status, created_at)
     SELECT 'isc-r-${batch}-' || x, 'isc-p-' || (x % ${MEMBERS}), 'hours', 2, 'validated', ?1 + x * ?2 FROM n`,
  )
    .bind(at, step)
    .run();
  return meta.rows_written;
}

/** The rows the report's statements read, as impactReport batches them (with a breakdown by country). */
async function rowsRead(period = PERIOD, previous = PREVIOUS) {
  const statements = [ledgerSums(env.DB, "org-acme", period, true, null), ledgerSums(env.DB, "org-acme", previous, true, null), ledgerCounts(env.DB, "org-acme", period, true), ledgerSums(env.DB, "org-acme", period, true, "country")];
  const results = await env.DB.batch(statements);
  return results.reduce((sum, result) => sum + result.meta.rows_read, 0);
}

beforeAll(async () => {
  await seedOrganizations();
  initiativeId = (await createInitiative({ orgId: "org-acme", slug: "isc-beach", title: "Beach", isWorkingHours: true })).id;
  const numbers = `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${MEMBERS - 1})`;
  await env.DB.batch([
    env.DB.prepare(`${numbers} INSERT INTO members (id, email) SELECT 'isc-m-' || x, 'isc' || x || '@acme.example' FROM n`),
    env.DB.prepare(`${numbers} INSERT INTO memberships (org_id, member_id, role, country) SELECT 'org-acme', 'isc-m-' || x, 'member', 'ES' FROM n`),
    env.DB.prepare(
      `${numbers} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status, manager_approval_status)
       SELECT 'isc-p-' || x, 'org-acme', ?1, 'isc-m-' || x, 'isc-u-' || x, 'accepted', 'not_needed' FROM n`,
    ).bind(initiativeId),
    env.DB.prepare("INSERT INTO impact_rates (id, org_id, key_type, key_value, amount, currency, source, from_year, created_at) VALUES ('isc-rate', 'org-acme', 'default', '', 2000, 'EUR', 'Payroll', 2020, 0)"),
  ]);
});

describe("the impact report's reads", () => {
  it("read nothing more for records outside its periods, and a bounded number per record inside, for days that are not whole months", async () => {
    await addRecords(400, Date.UTC(2025, 2, 1));
    const before = await rowsRead();
    // Two years before the previous period, and the year after: as many records again, and more.
    await addRecords(800, Date.UTC(2022, 5, 1));
    await addRecords(800, Date.UTC(2026, 5, 1));
    const outside = await rowsRead();
    await addRecords(400, Date.UTC(2025, 8, 1));
    const inside = await rowsRead();
    console.info(`impact report rows read: ${before} with 400 records in the period, ${outside} with 1,600 more outside it, ${inside} with 400 more inside`);
    expect(outside - before).toBeLessThan(50);
    expect(inside - outside).toBeLessThanOrEqual(400 * PER_RECORD);
    expect(inside - outside).toBeGreaterThan(400);
  });

  it("read the same rows for ten times the records inside a period of whole months (the rollups)", async () => {
    expect(YEAR.months).toEqual([2025 * 12, 2026 * 12]);
    // Every month of the year already has records (those of the test before, and these).
    const year = MADRID_NEW_YEAR(2026) - MADRID_NEW_YEAR(2025);
    await addRecords(400, MADRID_NEW_YEAR(2025) + 60_000, Math.floor(year / 400));
    const before = await rowsRead(YEAR, YEAR_BEFORE);
    const written = await addRecords(4_000, MADRID_NEW_YEAR(2025) + 120_000, Math.floor(year / 4_000));
    const tenTimes = await rowsRead(YEAR, YEAR_BEFORE);
    await addRecords(800, Date.UTC(2022, 5, 1));
    await addRecords(800, Date.UTC(2026, 5, 1));
    const outside = await rowsRead(YEAR, YEAR_BEFORE);
    console.info(`impact report rows read from the rollups: ${before} with 1,200 records in the year, ${tenTimes} with 4,000 more, ${outside} with 1,600 more outside it; ${Math.round(written / 4_000)} rows written per record inserted`);
    expect(Math.abs(tenTimes - before)).toBeLessThanOrEqual(ROLLUP_SLACK);
    expect(Math.abs(outside - tenTimes)).toBeLessThanOrEqual(ROLLUP_SLACK);
    // Far below the rows the same year reads from the records.
    expect(before).toBeLessThan(1_000);
  });
});
