/**
 * "Beneficiaries reached" (issue 30, section 1): an indicator in the unit `beneficiary` is an
 * output of any initiative. Its validated values count in the report's `beneficiaries` (pending
 * ones never), sit in the B4SI grid's output section and the ESRS annex, and are rows of the
 * evidence; on a collection they are not goods collected in kind.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../app/domain/csv-import";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { ledgerRows, type LedgerCursor, type LedgerRow } from "../../workers/impact/ledger";
import { exportThroughQueue } from "./export-support";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
let acmeId = "";
const PERIOD = "from=2025-01-01&to=2025-12-31";

async function indicatorRecord(participationId: string, indicatorId: string, unit: string, value: number, status = "validated") {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, indicator_id, value, unit, status, created_at) VALUES (?, ?, 'indicator', ?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), participationId, indicatorId, value, unit, status, Date.parse("2025-05-05T10:00:00Z"))
    .run();
}

async function csv(path: string) {
  const response = await call("GET", path, { token: tokens.alma });
  expect(response.status).toBe(200);
  const [header, ...rows] = parseCsv(await response.text());
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  acmeId = acme.id;
  await createMember({ email: "alma@out.example", orgId: acme.id, name: "Alma", role: "admin" });
  const ana = await createMember({ email: "ana@out.example", orgId: acme.id, name: "Ana", role: "member" });
  tokens.alma = (await login("alma@out.example", "Correct-Horse-9")).body.access_token;
  tokens.ana = (await login("ana@out.example", "Correct-Horse-9")).body.access_token;
  const tutoring = await createInitiative({ orgId: acme.id, slug: "tutoring", title: "Tutoring", indicators: [{ id: "ind-kids", name: "Children tutored", unit: "beneficiary" }, { id: "ind-km", name: "Distance", unit: "kilometre" }] });
  const coats = await createInitiative({ orgId: acme.id, slug: "coats", title: "Coats", type: "collection", indicators: [{ id: "ind-coats", name: "Coats", unit: "number" }, { id: "ind-families", name: "Families", unit: "beneficiary" }] });
  const onTutoring = await addParticipation(tutoring.id, acme.id, ana.id);
  const onCoats = await addParticipation(coats.id, acme.id, ana.id);
  await indicatorRecord(onTutoring.id, "ind-kids", "beneficiary", 12);
  await indicatorRecord(onTutoring.id, "ind-kids", "beneficiary", 30, "pending");
  await indicatorRecord(onTutoring.id, "ind-km", "kilometre", 7);
  await indicatorRecord(onCoats.id, "ind-coats", "number", 40);
  await indicatorRecord(onCoats.id, "ind-families", "beneficiary", 5);
});

describe("beneficiaries reached", () => {
  it("counts validated beneficiary values of any initiative, apart from what was collected in kind", async () => {
    const response = await call("GET", `/api/acme/admin/impact?${PERIOD}`, { token: tokens.alma });
    const report = await json(response);
    expect(report.totals.beneficiaries).toBe(17);
    expect(report.totals.in_kind).toEqual([{ unit: "number", quantity: 40 }]);
    expect(report.previous.totals.beneficiaries).toBe(0);
  });

  it("puts them in the B4SI grid's outputs, the ESRS annex and the evidence", async () => {
    const grid = await csv(`/api/acme/admin/impact/b4si.csv?${PERIOD}`);
    expect(grid.filter((row) => row.section === "output")).toEqual([
      { section: "output", how: "beneficiaries", why: "community_investment", where: "", currency_or_unit: "beneficiary", hours: "", quantity: "17", value: "", evidence_rows: "2" },
    ]);
    const evidence = await csv(`/api/acme/admin/impact/evidence.csv?${PERIOD}`);
    expect(evidence.filter((row) => row.kind === "beneficiaries").map((row) => Number(row.quantity)).sort((a, b) => a - b)).toEqual([5, 12]);
    const annex = await call("GET", `/api/acme/admin/impact/esrs-s3.md?${PERIOD}`, { token: tokens.alma });
    const text = await annex.text();
    expect(text).toContain("The initiatives reached 17 people");
    expect(text).toContain("| beneficiaries_reached | beneficiary | 17 |");
  });
});

describe("the evidence through the export queue", () => {
  it("writes the same rows as the evidence answered at once, for administrators only", async () => {
    const atOnce = await csv(`/api/acme/admin/impact/evidence.csv?${PERIOD}`);
    const queued = await exportThroughQueue(tokens.alma, "impact_evidence", { from: "2025-01-01", to: "2025-12-31" });
    expect(queued.started.status).toBe(202);
    expect(queued.file!.status).toBe(200);
    expect(queued.file!.headers.get("content-disposition")).toContain("acme-evidence-2025-01-01-2025-12-31.csv");
    const [header, ...rows] = parseCsv(await queued.file!.text());
    expect(rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])))).toEqual(atOnce);
    expect(atOnce.length).toBe(3);
    const refused = await exportThroughQueue(tokens.ana, "impact_evidence", { from: "2025-01-01", to: "2025-12-31" });
    expect(refused.started.status).toBe(403);
    const bad = await exportThroughQueue(tokens.alma, "impact_evidence", { from: "2025-12-31", to: "2025-01-01" });
    expect(bad.started.status).toBe(400);
  });

  it("pages the evidence by its order, each page after the last row written", async () => {
    const { results } = await ledgerRows(env.DB, acmeId, { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) }, true).all<LedgerRow>();
    const pages: string[] = [];
    let after: LedgerCursor | null = null;
    for (let step = 0; step < 5; step += 1) {
      const page: { results: LedgerRow[] } = await ledgerRows(env.DB, acmeId, { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) }, true, { after, limit: 2 }).all<LedgerRow>();
      pages.push(...page.results.map((row) => row.id));
      if (page.results.length < 2) break;
      const last = page.results.at(-1)!;
      after = [last.at, last.kind, last.id];
    }
    expect(pages).toEqual(results.map((row) => row.id));
  });

  it("reads a snapshot frozen before beneficiaries were counted as 0 of them, the live count beside it as a change", async () => {
    const frozen = await json(await call("POST", "/api/acme/admin/impact/snapshots", { token: tokens.alma, body: { from: "2025-01-01", to: "2025-12-31" } }));
    expect(frozen.totals.beneficiaries).toBe(17);
    await env.DB.prepare("UPDATE impact_snapshots SET totals = json_remove(totals, '$.totals.beneficiaries') WHERE id = ?").bind(frozen.id).run();
    const read = await json(await call("GET", `/api/acme/admin/impact/snapshots/${frozen.id}`, { token: tokens.alma }));
    expect(read.changes.map((change: { path: string }) => change.path)).toEqual(["totals.beneficiaries"]);
    expect(read.changes[0]).toEqual({ path: "totals.beneficiaries", frozen: 0, live: 17 });
  });
});
