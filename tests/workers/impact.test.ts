/**
 * The impact ledger (issue 30): GET /api/{org}/admin/impact values each counted hour with the rate in
 * force on its date, keeps paid time (the company's) apart from own time (leverage) and currencies
 * apart from each other, counts only validated hours and confirmed money; every export parses back
 * (CSV, XLSX through exceljs, Markdown) and the evidence rows add up to the figures; a frozen
 * snapshot stays as it was when a record is corrected later; administrators only (member and
 * organiser 403, another organisation 404), bad input 4xx.
 */
import { env } from "cloudflare:workers";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../app/domain/csv-import";
import { esrsNarrative } from "../../workers/impact/exports";
import { ledgerSumsSql } from "../../workers/impact/ledger";
import type { ImpactReport } from "../../workers/impact/report";
import type { Tenant } from "../../workers/tenant/organizations";
import { addContribution, addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const as = (who: string) => ({ token: tokens[who] });
const YEAR_2025 = "from=2025-01-01&to=2025-12-31";

const at = (day: string) => Date.parse(`${day}T10:00:00Z`);

async function record(participationId: string, day: string, hours: number, status = "validated", type = "hours", value: number | null = null) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, value, unit, status, reviewed_by, reviewed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, participationId, type, type === "hours" ? hours : null, value, type === "hours" ? null : "kilogram", status, ids.olga, at(day) + 3_600_000, at(day))
    .run();
  return id;
}

const RATES = [
  { key_type: "default", amount: 20, currency: "EUR", source: "Acme payroll 2024, average cost per hour", from_year: 2024 },
  { key_type: "country", key_value: "PT", amount: 15, currency: "EUR", source: "Acme Portugal payroll", from_year: 2024, to_year: 2024 },
  { key_type: "country", key_value: "PT", amount: 18, currency: "EUR", source: "Acme Portugal payroll", from_year: 2025 },
  { key_type: "country", key_value: "BR", amount: 60, currency: "BRL", name: "Valor da hora voluntária", source: "IBGE 2025", from_year: 2025 },
  { key_type: "grade", key_value: "A", amount: 40, currency: "EUR", source: "Acme grade A cost", from_year: 2025 },
];

async function csv(path: string, who = "alma") {
  const response = await call("GET", path, as(who));
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  const [header, ...rows] = parseCsv(await response.text());
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

async function xlsx(path: string) {
  const response = await call("GET", path, as("alma"));
  expect(response.status, path).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

const report = async (query = YEAR_2025): Promise<ImpactReport> => {
  const response = await call("GET", `/api/acme/admin/impact?${query}`, as("alma"));
  expect(response.status).toBe(200);
  return json(response);
};

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"], ["ben", "member"], ["dora", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role })).id;
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@commons.example", orgId: commons.id, name: "Cid", role: "admin" });
  tokens.cid = (await login("cid@commons.example", "Correct-Horse-9")).body.access_token;

  // Members' attributes, through the API: Ana in Spain (grade A), Ben in Portugal, Dora in Brazil.
  for (const [name, body] of [["ana", { country: "ES", site: "Madrid", grade: "A" }], ["ben", { country: "PT", site: "Lisboa" }], ["dora", { country: "BR", site: "São Paulo" }]] as const) {
    const response = await call("PUT", `/api/acme/admin/impact/members/${ids[name]}`, { ...as("alma"), body });
    expect(response.status).toBe(200);
  }
  const rates = await call("PUT", "/api/acme/admin/rates", { ...as("alma"), body: { rates: RATES } });
  expect(rates.status).toBe(200);

  // The beach clean-up is in Spain in working hours; the remote mentoring has no country and runs in own time.
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [13, 14], categories: [], isWorkingHours: true, submitterMemberId: ids.olga });
  const remote = await createInitiative({ orgId: acme.id, slug: "remote", title: "Remote mentoring", sdgs: [4], isWorkingHours: false, isRemote: true });
  const food = await createInitiative({ orgId: acme.id, slug: "food", title: "Food bank", type: "donation" });
  const coats = await createInitiative({ orgId: acme.id, slug: "coats", title: "Coats", type: "collection" });
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere" });
  expect((await call("PUT", "/api/acme/admin/impact/initiatives/beach", { ...as("alma"), body: { country: "ES", motivation: "community_investment" } })).status).toBe(200);
  expect((await call("PUT", "/api/acme/admin/impact/initiatives/food", { ...as("alma"), body: { motivation: "charitable_gift" } })).status).toBe(200);

  const anaBeach = await addParticipation(beach.id, acme.id, ids.ana);
  const benRemote = await addParticipation(remote.id, acme.id, ids.ben);
  const doraRemote = await addParticipation(remote.id, acme.id, ids.dora);
  const anaCoats = await addParticipation(coats.id, acme.id, ids.ana);
  ids.anaBeach = anaBeach.id;
  await record(anaBeach.id, "2024-06-01", 2); // 2024: grade A not in force yet, Spain has no rate: default 20 EUR
  ids.anaPaid = await record(anaBeach.id, "2025-03-01", 3); // grade A, 40 EUR, paid time
  ids.anaCorrected = await record(anaBeach.id, "2025-07-01", 2); // corrected to own time below
  await record(anaBeach.id, "2025-08-01", 9, "pending");
  await record(anaBeach.id, "2025-08-02", 7, "rejected");
  await record(benRemote.id, "2024-05-01", 1); // Portugal 2024: 15 EUR, own time
  ids.benOwn = await record(benRemote.id, "2025-04-01", 4); // Portugal 2025: 18 EUR, own time
  await record(doraRemote.id, "2025-05-01", 5); // Brazil: 60 BRL, own time
  await record(anaCoats.id, "2025-09-01", 0, "validated", "indicator", 12);
  await record(anaCoats.id, "2025-09-02", 0, "pending", "indicator", 50);
  const far = await addParticipation(elsewhere.id, commons.id, ids.ana);
  await record(far.id, "2025-03-01", 50);

  const corrected = await call("PUT", `/api/acme/admin/impact/records/${ids.anaCorrected}`, { ...as("alma"), body: { time_basis: "own" } });
  expect(corrected.status).toBe(200);
  const management = await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "beach", hours: 5, day: "2025-06-10", note: "Logistics" } });
  expect(management.status).toBe(201);

  await addContribution(food.id, acme.id, ids.ana, 2500);
  await addContribution(food.id, acme.id, ids.ben, 700, "pending");
  await env.DB.prepare("UPDATE contributions SET created_at = ? WHERE org_id = ?").bind(at("2025-02-01"), acme.id).run();
});

describe("the impact report", () => {
  it("values paid time as the company's and own time as leverage, with the rate in force on each date, per currency", async () => {
    const { totals, participants, initiatives } = await report();
    expect(totals.hours).toEqual({ paid: 3, own: 11, management: 5, unvalued: 0 });
    expect(totals.time_value).toEqual([
      { currency: "BRL", paid: 0, own: 300, management: 0 },
      // Ana 3 h × 40 paid; own: Ben 4 h × 18, Ana 2 h × 40 (corrected); management 5 h × 20 (the default).
      { currency: "EUR", paid: 120, own: 152, management: 100 },
    ]);
    expect(totals.cash).toEqual([{ currency: "EUR", amount: 25, count: 1 }]);
    expect(totals.in_kind).toEqual([{ unit: "kilogram", quantity: 12 }]);
    expect(participants).toBe(3);
    expect(initiatives).toBe(4);
  });

  it("values last year's hours with last year's rates, and compares with the previous period", async () => {
    const last = await report("from=2024-01-01&to=2024-12-31");
    // Ana 2 h at the 2024 default (20), Ben 1 h at Portugal's 2024 rate (15).
    expect(last.totals.time_value).toEqual([{ currency: "EUR", paid: 40, own: 15, management: 0 }]);
    const current = await report();
    expect(current.previous.totals).toEqual(last.totals);
  });

  it("counts an initiative without a country where each participant is, by country", async () => {
    const { groups } = await report(`${YEAR_2025}&group_by=country`);
    const of = (country: string) => groups.find((group) => group.group === country)!;
    expect(of("PT").time_value).toEqual([{ currency: "EUR", paid: 0, own: 72, management: 0 }]);
    expect(of("BR").time_value).toEqual([{ currency: "BRL", paid: 0, own: 300, management: 0 }]);
    expect(of("ES").hours).toEqual({ paid: 3, own: 2, management: 5, unvalued: 0 });
  });

  it("breaks down by motivation and SDG", async () => {
    const byMotivation = await report(`${YEAR_2025}&group_by=motivation`);
    expect(byMotivation.groups.find((group) => group.group === "charitable_gift")!.cash).toEqual([{ currency: "EUR", amount: 25, count: 1 }]);
    const bySdg = await report(`${YEAR_2025}&group_by=sdg`);
    expect(bySdg.groups.find((group) => group.group === "13")!.hours.paid).toBe(3);
    expect(bySdg.groups.find((group) => group.group === "4")!.hours.own).toBe(9);
  });

  it("leaves hours unvalued when no rate is in force, never in another currency", async () => {
    const early = await report("from=2023-01-01&to=2023-12-31");
    expect(early.totals.time_value).toEqual([]);
  });

  it("takes the time basis staff set when they validate, over the initiative's working hours", async () => {
    const id = await record(ids.anaBeach, "2023-03-03", 4, "pending");
    const validated = await call("PUT", `/api/acme/manage/records/${id}`, { ...as("olga"), body: { status: "validated", time_basis: "own" } });
    expect(validated.status).toBe(200);
    const early = await report("from=2023-01-01&to=2023-12-31");
    expect(early.totals.hours).toEqual({ paid: 0, own: 4, management: 0, unvalued: 4 });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE target_id = ? AND action = 'record.validated'").bind(id).first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ time_basis: "own" });
    const wrong = await call("PUT", `/api/acme/manage/records/${id}`, { ...as("olga"), body: { status: "validated", time_basis: "weekend" } });
    expect((await json(wrong)).fields).toEqual({ time_basis: "form_error_invalid" });
  });
});

describe("what the report reads", () => {
  it("reads the period's counted records by the status index and every other row by its key, and the audit log only for the evidence", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${ledgerSumsSql("country")}`).bind("org-acme", at("2025-01-01"), at("2026-01-01"), 1, 0).all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan).toContain("SEARCH r USING INDEX participation_records_status_idx (status=? AND created_at>? AND created_at<?)");
    expect(plan).toContain("SEARCH c USING INDEX contributions_org_status_idx (org_id=? AND status=? AND created_at>? AND created_at<?)");
    expect(plan).toContain("SEARCH h USING INDEX impact_management_hours_org_idx (org_id=? AND spent_at>? AND spent_at<?)");
    expect(plan.filter((step) => step.startsWith("SCAN") && step !== "SCAN base")).toEqual([]);
    expect(plan.some((step) => step.includes("audit_log"))).toBe(false);
  });
});

describe("the exports", () => {
  it("the evidence rows add up to every figure of the report", async () => {
    const rows = await csv(`/api/acme/admin/impact/evidence.csv?${YEAR_2025}`);
    const { totals } = await report();
    const sum = (filter: (row: Record<string, string>) => boolean, field: string) => rows.filter(filter).reduce((total, row) => total + Number(row[field] || 0), 0);
    expect(sum((r) => r.kind === "time" && r.time_basis === "paid", "hours")).toBe(totals.hours.paid);
    expect(sum((r) => r.kind === "time" && r.time_basis === "own", "hours")).toBe(totals.hours.own);
    expect(sum((r) => r.kind === "management", "hours")).toBe(totals.hours.management);
    for (const value of totals.time_value) {
      expect(sum((r) => r.kind === "time" && r.time_basis === "paid" && r.currency === value.currency, "value")).toBe(value.paid);
      expect(sum((r) => r.kind === "time" && r.time_basis === "own" && r.currency === value.currency, "value")).toBe(value.own);
    }
    expect(sum((r) => r.kind === "cash", "value")).toBe(25);
    // Each row names who validated it, when, and its audit entry where there is one.
    const corrected = rows.find((row) => row.id === ids.anaCorrected)!;
    expect(corrected.validator_id).toBe(ids.olga);
    expect(corrected.validated_at).toMatch(/^2025-07-01T/);
    expect(rows.find((row) => row.kind === "management")!.audit_id).not.toBe("");
    expect(rows.every((row) => row.member_id !== "" && row.initiative_id !== "")).toBe(true);
  });

  it("the B4SI grid puts paid time and management costs in inputs, own time and members' money in leverage", async () => {
    const rows = await csv(`/api/acme/admin/impact/b4si.csv?${YEAR_2025}`);
    const value = (section: string, how: string, currency: string) => rows.filter((r) => r.section === section && r.how === how && r.currency_or_unit === currency).reduce((t, r) => t + Number(r.value), 0);
    expect(value("input", "time", "EUR")).toBe(120);
    expect(value("input", "management_costs", "EUR")).toBe(100);
    expect(value("leverage", "time_own", "EUR")).toBe(152);
    expect(value("leverage", "time_own", "BRL")).toBe(300);
    expect(value("leverage", "cash_members", "EUR")).toBe(25);
    expect(rows.find((r) => r.how === "cash_members")!.why).toBe("charitable_gift");
    const book = await xlsx(`/api/acme/admin/impact/b4si.xlsx?${YEAR_2025}`);
    expect(book.name).toBe("B4SI");
    expect(book.rows[0]).toEqual(["section", "how", "why", "where", "currency_or_unit", "hours", "quantity", "value", "evidence_rows"]);
    expect(book.rows.length).toBe(rows.length + 1);
    expect(book.rows.filter((r) => r[0] === "input" && r[1] === "time").reduce((t, r) => t + Number(r[7]), 0)).toBe(120);
  });

  it("GRI 201-1 gives the community investments per country and currency", async () => {
    const rows = await csv(`/api/acme/admin/impact/gri-201-1.csv?${YEAR_2025}`);
    expect(rows.find((r) => r.country === "all" && r.currency === "EUR")).toMatchObject({ paid_time_value: "120", management_costs: "100", community_investments: "220" });
    expect(rows.find((r) => r.country === "ES" && r.currency === "EUR")!.community_investments).toBe("220");
    const book = await xlsx(`/api/acme/admin/impact/gri-201-1.xlsx?${YEAR_2025}`);
    expect(book.rows.find((r) => r[0] === "all" && r[1] === "EUR")![4]).toBe(220);
  });

  it("IRIS+ OI8429 counts the employees' community service hours", async () => {
    const [row] = await csv(`/api/acme/admin/impact/iris-oi8429.csv?${YEAR_2025}`);
    expect(row).toMatchObject({ metric_id: "OI8429", period_start: "2025-01-01", period_end: "2025-12-31", value: "14", paid_time_hours: "3", own_time_hours: "11", employees: "3" });
    const book = await xlsx(`/api/acme/admin/impact/iris-oi8429.xlsx?${YEAR_2025}`);
    expect(book.rows[1].slice(0, 5)).toEqual(["OI8429", "Community Service Hours", "2025-01-01", "2025-12-31", 14]);
    const md = await call("GET", `/api/acme/admin/impact/iris-oi8429.md?${YEAR_2025}`, as("alma"));
    expect(await md.text()).toContain("| OI8429 | Community Service Hours | 2025-01-01 | 2025-12-31 | 14 |");
  });

  it("the ESRS S3-4 annex is a Markdown draft in the organisation's language, with its figures", async () => {
    const response = await call("GET", `/api/acme/admin/impact/esrs-s3.md?${YEAR_2025}`, as("alma"));
    expect(response.headers.get("content-type")).toContain("text/markdown");
    const text = await response.text();
    expect(text).toContain("# ESRS S3-4 annex");
    expect(text).toContain("3 employees took part in 4 community initiatives, giving 14 hours.");
    expect(text).toContain("| value_paid_time | EUR | 120 |");
    expect(text).toContain("- Paid working time valued at 120 EUR; the programme's management cost 100 EUR.");
    // No management hours in Brazil: the sentence leaves them out rather than saying "0 BRL".
    expect(text).toContain("- Paid working time valued at 0 BRL.");
    const figures = await csv(`/api/acme/admin/impact/esrs-s3.csv?${YEAR_2025}`);
    expect(figures.find((r) => r.figure === "hours_own_time")!.value).toBe("11");
    const full = await report();
    const spanish = esrsNarrative({ name: "Acme", community: { language: "es-ES" } } as Tenant, full, { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) });
    expect(spanish).toContain("## Acciones");
    expect(spanish).toContain("3 empleados participaron en 4 iniciativas comunitarias");
  });

  it("the ESRS S3-4 annex is also a PDF of the same draft", async () => {
    const response = await call("GET", `/api/acme/admin/impact/esrs-s3.pdf?${YEAR_2025}`, as("alma"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe("ESRS S3-4");
    expect(pdf.getAuthor()).toBe("Acme");
  });

  it("answers 404 for an export it does not know", async () => {
    expect((await call("GET", "/api/acme/admin/impact/b4si.pdf", as("alma"))).status).toBe(404);
    expect((await call("GET", "/api/acme/admin/impact/evidence.md", as("alma"))).status).toBe(404);
    expect((await call("GET", "/api/acme/admin/impact/lbg.csv", as("alma"))).status).toBe(404);
  });
});

describe("frozen snapshots", () => {
  it("keeps a closed period's figures as frozen and shows a later correction as a difference", async () => {
    const frozen = await call("POST", "/api/acme/admin/impact/snapshots", { ...as("alma"), body: { from: "2025-01-01", to: "2025-12-31" } });
    expect(frozen.status).toBe(201);
    const snapshot = await json(frozen);
    expect(snapshot.totals.hours.own).toBe(11);
    expect(snapshot.rows_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot.verified).toBe(true);

    const unchanged = await json(await call("GET", `/api/acme/admin/impact/snapshots/${snapshot.id}`, as("alma")));
    expect(unchanged.changed).toBe(false);

    // A correction after the report: Ben's 4 hours refused.
    await env.DB.prepare("UPDATE participation_records SET status = 'rejected' WHERE id = ?").bind(ids.benOwn).run();
    const after = await json(await call("GET", `/api/acme/admin/impact/snapshots/${snapshot.id}`, as("alma")));
    expect(after.snapshot.totals).toEqual(snapshot.totals);
    expect(after.snapshot.rows_hash).toBe(snapshot.rows_hash);
    expect(after.changed).toBe(true);
    expect(after.changes).toContainEqual({ path: "totals.hours.own", frozen: 11, live: 7 });
    expect(after.changes.map((change: { path: string }) => change.path)).toContain("rows_hash");
    const { snapshots } = await json(await call("GET", "/api/acme/admin/impact/snapshots", as("alma")));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0].totals).toEqual(snapshot.totals);
    await env.DB.prepare("UPDATE participation_records SET status = 'validated' WHERE id = ?").bind(ids.benOwn).run();
  });

  it("refuses to freeze a period that is not over", async () => {
    const year = new Date().getUTCFullYear();
    const response = await call("POST", "/api/acme/admin/impact/snapshots", { ...as("alma"), body: { from: `${year}-01-01`, to: `${year}-12-31` } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({ to: "impact_error_period_open" });
  });
});

describe("the rate card", () => {
  it("answers the card as saved", async () => {
    const { rates } = await json(await call("GET", "/api/acme/admin/rates", as("alma")));
    expect(rates).toHaveLength(RATES.length);
    expect(rates.find((rate: { key_value: string }) => rate.key_value === "BR")).toMatchObject({ amount: 60, currency: "BRL", name: "Valor da hora voluntária", source: "IBGE 2025", from_year: 2025, to_year: null });
  });

  it("refuses a rate that is not positive, an unknown currency and overlapping periods, and keeps the card", async () => {
    const put = (rates: unknown[]) => call("PUT", "/api/acme/admin/rates", { ...as("alma"), body: { rates } });
    const base = { key_type: "default", currency: "EUR", source: "x", from_year: 2030 };
    const negative = await put([{ ...base, amount: -5 }]);
    expect(negative.status).toBe(400);
    expect((await json(negative)).fields).toEqual({ "rates.0.amount": "impact_error_rate_not_positive" });
    const currency = await put([{ ...base, amount: 5, currency: "XYZ" }]);
    expect((await json(currency)).fields).toEqual({ "rates.0.currency": "impact_error_unknown_currency" });
    const overlap = await put([{ ...base, amount: 5 }, { ...base, amount: 6, from_year: 2031 }]);
    expect(overlap.status).toBe(400);
    expect((await json(overlap)).fields).toEqual({ "rates.1.from_year": "impact_error_rate_overlap" });
    const country = await put([{ ...base, key_type: "country", key_value: "Spain", amount: 5 }]);
    expect((await json(country)).fields).toEqual({ "rates.0.key_value": "impact_error_unknown_country" });
    const { rates } = await json(await call("GET", "/api/acme/admin/rates", as("alma")));
    expect(rates).toHaveLength(RATES.length);
  });
});

describe("management hours", () => {
  it("lists the period's entries and removes one, with its audit entry", async () => {
    const { management_hours } = await json(await call("GET", `/api/acme/admin/impact/management?${YEAR_2025}`, as("alma")));
    expect(management_hours).toMatchObject([{ initiative: "beach", hours: 5, day: "2025-06-10", note: "Logistics", member_id: ids.alma }]);
    const added = await json(await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "remote", hours: 2, day: "2022-02-02", member_id: ids.ben } }));
    expect((await call("DELETE", `/api/acme/admin/impact/management/${added.id}`, as("alma"))).status).toBe(204);
    expect((await call("DELETE", `/api/acme/admin/impact/management/${added.id}`, as("alma"))).status).toBe(404);
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE target_id = ? ORDER BY created_at").bind(added.id).all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(["impact_management.added", "impact_management.removed"]);
  });
});

describe("who may call", () => {
  it("is the administrators' only: a member and an organiser get 403 whatever they send", async () => {
    for (const who of ["ana", "olga"]) {
      expect((await call("GET", `/api/acme/admin/impact?${YEAR_2025}`, as(who))).status).toBe(403);
      expect((await call("GET", "/api/acme/admin/impact/evidence.csv", as(who))).status).toBe(403);
      expect((await call("PUT", "/api/acme/admin/rates", { ...as(who), body: { rates: "nonsense" } })).status).toBe(403);
      expect((await call("POST", "/api/acme/admin/impact/snapshots", { ...as(who), body: {} })).status).toBe(403);
    }
  });

  it("answers 404 to another organisation's administrator, and their own report has none of Acme's hours", async () => {
    expect((await call("GET", "/api/acme/admin/impact", as("cid"))).status).toBe(404);
    expect((await call("GET", "/api/acme/admin/rates", as("cid"))).status).toBe(404);
    expect((await call("PUT", `/api/commons/admin/impact/members/${ids.ana}`, { ...as("cid"), body: { country: "FR" } })).status).toBe(404);
    expect((await call("PUT", `/api/commons/admin/impact/records/${ids.anaPaid}`, { ...as("cid"), body: { time_basis: "own" } })).status).toBe(404);
    expect((await call("PUT", "/api/acme/admin/impact/initiatives/elsewhere", { ...as("alma"), body: { country: "FR" } })).status).toBe(404);
    const own = await json(await call("GET", `/api/commons/admin/impact?${YEAR_2025}`, as("cid")));
    expect(own.totals.hours).toEqual({ paid: 0, own: 50, management: 0, unvalued: 50 });
  });

  it("answers 400 with message keys for bad input", async () => {
    const bad = async (path: string) => (await json(await call("GET", path, as("alma")))).fields;
    expect(await bad("/api/acme/admin/impact?group_by=planet")).toEqual({ group_by: "form_error_invalid" });
    expect(await bad("/api/acme/admin/impact?from=2025-05-01&to=2025-01-01")).toEqual({ to: "form_error_end_before_start" });
    expect(await bad("/api/acme/admin/impact?from=2025-13-01")).toEqual({ from: "form_error_invalid_date" });
    const member = await call("PUT", `/api/acme/admin/impact/members/${ids.ben}`, { ...as("alma"), body: { country: "Portugal" } });
    expect((await json(member)).fields).toEqual({ country: "impact_error_unknown_country" });
    const hours = await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "beach", hours: 0, day: "2025-01-01" } });
    expect((await json(hours)).fields).toEqual({ hours: "form_error_out_of_range" });
    const basis = await call("PUT", `/api/acme/admin/impact/records/${ids.anaPaid}`, { ...as("alma"), body: { time_basis: "weekend" } });
    expect(basis.status).toBe(400);
    expect((await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "nowhere", hours: 1, day: "2025-01-01" } })).status).toBe(404);
  });
});
