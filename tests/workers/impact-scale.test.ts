/**
 * What the impact report reads (issue 30; docs/impact-reporting.md "Scale"): D1's meta.rows_read of
 * its statements (the period's sums, the previous period's, the counts and a breakdown) as records
 * are added. Records outside the two periods, of any year, add nothing: the ledger reads the
 * counted records by the status index's range on the date. Records inside the period add a few rows
 * each (the record, its participation, initiative and membership by key, the rate among the
 * organisation's few): the report is live (decision 048), so a year's report reads that year's
 * records; this test says how many per record, so that a change to the statement that reads more is seen.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerCounts, ledgerSums, type LedgerPeriod } from "../../workers/impact/ledger";
import { createInitiative } from "./initiatives-fixtures";
import { seedOrganizations } from "./support";

const MEMBERS = 200;
const PERIOD: LedgerPeriod = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) };
const PREVIOUS: LedgerPeriod = { from: Date.UTC(2024, 0, 1), to: Date.UTC(2025, 0, 1) };
/**
 * Rows the report reads per counted record of its period: about 8 in each of its three passes over
 * the period (the sums, the counts, the breakdown): the record by the index and by its row, its
 * participation, initiative and membership by key, the rate in force among the organisation's and
 * the rate by id. Measured: 23.
 */
const PER_RECORD = 25;

let initiativeId = "";
let batch = 0;

/** `count` validated hours records of the seeded members, created from `at` on, a minute apart. */
async function addRecords(count: number, at: number) {
  batch += 1;
  const numbers = `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;
  await env.DB.prepare(
    `${numbers} INSERT INTO participation_records (id, participation_id, type, hours, status, created_at)
     SELECT 'isc-r-${batch}-' || x, 'isc-p-' || (x % ${MEMBERS}), 'hours', 2, 'validated', ?1 + x * 60000 FROM n`,
  )
    .bind(at)
    .run();
}

/** The rows the report's statements read, as impactReport batches them (with a breakdown by country). */
async function rowsRead() {
  const statements = [ledgerSums(env.DB, "org-acme", PERIOD, true, null), ledgerSums(env.DB, "org-acme", PREVIOUS, true, null), ledgerCounts(env.DB, "org-acme", PERIOD, true), ledgerSums(env.DB, "org-acme", PERIOD, true, "country")];
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
  it("read nothing more for records outside its periods, and a bounded number per record inside", async () => {
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
});
