/**
 * The impact report's exports (issue 30, section 2; docs/impact-reporting.md "Exports"): the B4SI grid, the
 * GRI 201-1 community investment figure, the IRIS+ OI8429 hours, the ESRS S3-4 draft annex, and
 * the evidence under all of them. Each is one table (CSV, XLSX, a Markdown table); the ESRS annex
 * in Markdown is a narrative in the organisation's language with that table under it. Every figure
 * is summed from the ledger (ledger.ts), the evidence is the ledger's rows: they agree by construction.
 */
import { fromMinorUnits } from "../../app/domain/initiatives/forms";
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "../../app/domain/locales";
import { regionZone } from "../../app/domain/zoned-time";
import { pluralRule } from "../../app/domain/plural";
import en from "../../app/i18n/locales/en-US/impact_annex.json";
import es from "../../app/i18n/locales/es-ES/impact_annex.json";
import eu from "../../app/i18n/locales/eu-ES/impact_annex.json";
import ptBR from "../../app/i18n/locales/pt-BR/impact_annex.json";
import ptPT from "../../app/i18n/locales/pt-PT/impact_annex.json";
import fr from "../../app/i18n/locales/fr/impact_annex.json";
import { IMPACT_READING_ROLES, requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { ledgerRows, ledgerSums, readSums, type LedgerPeriod, type LedgerRow, type LedgerSums } from "./ledger";
import { withMonths } from "./periods";
import { considersWorkingHours, impactReport, totalsOf, type ImpactReport } from "./report";
import type { Cell } from "./xlsx";

export const IMPACT_EXPORTS = ["b4si", "gri-201-1", "iris-oi8429", "esrs-s3", "evidence"] as const;
export type ImpactExport = (typeof IMPACT_EXPORTS)[number];
export const EXPORT_FORMATS = ["csv", "xlsx", "md", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface Table {
  sheet: string;
  header: string[];
  rows: Cell[][];
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The period's first and last days (its end is exclusive): the organisation's calendar's when named so. */
const firstDay = (period: LedgerPeriod) => period.first_day ?? day(period.from);
const lastDay = (period: LedgerPeriod) => period.last_day ?? day(period.to - 1);
const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

/** Where a ledger sum sits in the B4SI model: the company's input, or leverage (own time, members' money and goods). */
function b4siPlace(sum: LedgerSums): { section: "input" | "leverage" | "output"; how: string } {
  if (sum.kind === "beneficiaries") return { section: "output", how: "beneficiaries" };
  if (sum.kind === "management") return { section: "input", how: "management_costs" };
  if (sum.kind === "time") return sum.time_basis === "paid" ? { section: "input", how: "time" } : { section: "leverage", how: "time_own" };
  return { section: "leverage", how: sum.kind === "cash" ? "cash_members" : "in_kind_members" };
}

/** B4SI inputs by how (time, management costs), why (motivation) and where (country), and leverage beside them. */
export function b4siTable(sums: LedgerSums[]): Table {
  const rows = sums.map((sum) => {
    const [why, where] = (sum.group ?? "|").split("|");
    const place = b4siPlace(sum);
    const counted = sum.kind === "in_kind" || sum.kind === "beneficiaries";
    return [place.section, place.how, why, where || null, counted ? sum.unit : sum.currency, sum.kind === "cash" || counted ? null : sum.hours, counted ? sum.quantity : null, money(sum.amount), sum.rows];
  });
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])) || String(a[2]).localeCompare(String(b[2])) || String(a[3] ?? "").localeCompare(String(b[3] ?? "")));
  return { sheet: "B4SI", header: ["section", "how", "why", "where", "currency_or_unit", "hours", "quantity", "value", "evidence_rows"], rows };
}

/** GRI 201-1 community investments: the company's (paid time and management costs) per country and currency, then per currency. */
export function griTable(byCountry: LedgerSums[]): Table {
  const groups = new Map<string | null, LedgerSums[]>();
  for (const sum of byCountry) groups.set(sum.group, [...(groups.get(sum.group) ?? []), sum]);
  const rows: Cell[][] = [];
  const all = totalsOf(byCountry);
  for (const [country, sums] of [...groups.entries()].sort(([a], [b]) => String(a ?? "").localeCompare(String(b ?? "")))) {
    const totals = totalsOf(sums);
    for (const value of totals.time_value) rows.push([country ?? "", value.currency, value.paid, value.management, round(value.paid + value.management), totals.hours.unvalued]);
    if (!totals.time_value.length) rows.push([country ?? "", null, 0, 0, 0, totals.hours.unvalued]);
  }
  for (const value of all.time_value) rows.push(["all", value.currency, value.paid, value.management, round(value.paid + value.management), all.hours.unvalued]);
  return { sheet: "GRI 201-1", header: ["country", "currency", "paid_time_value", "management_costs", "community_investments", "unvalued_hours"], rows };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** IRIS+ OI8429 Community Service Hours: the hours employees gave in the period (paid and own time). */
export function irisTable(report: ImpactReport, period: LedgerPeriod): Table {
  const { paid, own } = report.totals.hours;
  return {
    sheet: "IRIS+ OI8429",
    header: ["metric_id", "metric", "period_start", "period_end", "value", "unit", "paid_time_hours", "own_time_hours", "employees"],
    rows: [["OI8429", "Community Service Hours", firstDay(period), lastDay(period), paid + own, "hours", paid, own, report.participants]],
  };
}

/** The figures behind the ESRS S3-4 annex, one per line. */
export function esrsTable(report: ImpactReport): Table {
  const t = report.totals;
  const rows: Cell[][] = [
    ["initiatives", null, report.initiatives],
    ["participants", null, report.participants],
    ["hours_paid_time", "hours", t.hours.paid],
    ["hours_own_time", "hours", t.hours.own],
    ["hours_management", "hours", t.hours.management],
    ...t.time_value.flatMap((v) => [["value_paid_time", v.currency, v.paid], ["value_own_time", v.currency, v.own], ["value_management", v.currency, v.management]] as Cell[][]),
    ...t.cash.map((c) => ["cash_members", c.currency, c.amount] as Cell[]),
    ...t.in_kind.map((k) => ["in_kind_members", k.unit, k.quantity] as Cell[]),
    ["beneficiaries_reached", "beneficiary", t.beneficiaries],
  ];
  return { sheet: "ESRS S3-4", header: ["figure", "currency_or_unit", "value"], rows };
}

export const EVIDENCE_HEADER = [
  "kind", "id", "date", "member_id", "participation_id", "initiative_id", "initiative", "motivation", "country", "site", "time_basis", "hours", "quantity", "unit",
  "value", "currency", "rate_id", "rate", "rate_name", "rate_source", "validator_id", "validated_at", "checkin_day", "audit_id",
];

export const evidenceCells = (row: LedgerRow): Cell[] => [
  row.kind, row.id, new Date(row.at).toISOString(), row.member_id, row.participation_id, row.initiative_id, row.initiative_title, row.motivation, row.country, row.site, row.time_basis,
  row.hours, row.quantity, row.unit, money(row.amount), row.currency, row.rate_id, money(row.rate_amount), row.rate_name, row.rate_source, row.validator_id,
  row.validated_at === null ? null : new Date(row.validated_at).toISOString(), row.checkin_day, row.audit_id,
];

/** The evidence as one table: every row of the ledger the figures are summed from. */
export function evidenceTable(rows: LedgerRow[]): Table {
  return { sheet: "Evidence", header: EVIDENCE_HEADER, rows: rows.map(evidenceCells) };
}

const STRINGS: Record<Locale, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

/** impact_annex.json's words in `locale`, each falling back to English, with `{{name}}` filled and plural forms by the locale's rules. */
function impactText(locale: Locale) {
  const formOf = pluralRule(locale);
  return (key: string, values: Record<string, string | number> = {}, count?: number) => {
    const keys = count === undefined ? [key] : [`${key}_${formOf(count)}`, `${key}_other`];
    const template = keys.map((k) => STRINGS[locale][k] ?? STRINGS[DEFAULT_LOCALE][k]).find((found) => found !== undefined) ?? key;
    const all: Record<string, string | number> = count === undefined ? values : { ...values, count };
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in all ? String(all[name]) : whole));
  };
}

const cellText = (cell: Cell) => (cell === null || cell === undefined ? "" : String(cell).replace(/\|/g, "\\|").replace(/\r?\n/g, " "));

export function markdownTable(table: Table): string {
  return [`| ${table.header.join(" | ")} |`, `| ${table.header.map(() => "---").join(" | ")} |`, ...table.rows.map((row) => `| ${row.map(cellText).join(" | ")} |`)].join("\n");
}

/** The ESRS S3-4 / MDR-A draft: actions, resources allocated, how effectiveness is tracked, in the organisation's language. */
export function esrsNarrative(org: Tenant, report: ImpactReport, period: LedgerPeriod): string {
  const locale = resolveLocale(org.community.language);
  const t = impactText(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const totals = report.totals;
  const lines = [
    `# ${t("esrs_title")}`,
    "",
    `**${org.name}** · ${t("esrs_period", { from: firstDay(period), to: lastDay(period) })}`,
    "",
    `## ${t("esrs_actions_heading")}`,
    "",
    t("esrs_actions", { participants: number.format(report.participants), hours: number.format(totals.hours.paid + totals.hours.own) }, report.initiatives),
    t("esrs_time_basis", { paid: number.format(totals.hours.paid), own: number.format(totals.hours.own) }),
    "",
    `## ${t("esrs_resources_heading")}`,
    "",
    ...(totals.time_value.length
      ? totals.time_value.map((v) => `- ${t(v.management ? "esrs_resources_value" : "esrs_resources_paid", { paid: number.format(v.paid), management: number.format(v.management), currency: v.currency })}`)
      : [`- ${t("esrs_resources_none")}`]),
    `- ${t("esrs_resources_management", { hours: number.format(totals.hours.management) })}`,
    ...totals.cash.map((c) => `- ${t("esrs_resources_cash", { amount: number.format(c.amount), currency: c.currency }, c.count)}`),
    "",
    `## ${t("esrs_effectiveness_heading")}`,
    "",
    t("esrs_effectiveness"),
    totals.in_kind.length ? t("esrs_outputs", { outputs: totals.in_kind.map((k) => `${number.format(k.quantity)} ${k.unit}`).join(", ") }) : t("esrs_no_outputs"),
    ...(totals.beneficiaries ? [t("esrs_beneficiaries", {}, totals.beneficiaries)] : []),
    "",
    `## ${t("esrs_figures_heading")}`,
    "",
    markdownTable(esrsTable(report)),
    "",
    `_${t("esrs_draft_note")}_`,
    "",
  ];
  return lines.join("\n");
}

export interface ExportContent {
  table: Table;
  /** The Markdown answer, when it is more than the table (the ESRS narrative). */
  markdown?: string;
}

/** One export of a period: its table, summed from the ledger in one D1 batch. */
export async function impactExport(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, kind: ImpactExport, period: LedgerPeriod): Promise<ExportContent> {
  // The evidence names members (by id): administrators only; the reporting role reads the figures.
  requireRole(actor, kind === "evidence" ? ["admin"] : IMPACT_READING_ROLES);
  const working = considersWorkingHours(org);
  if (kind === "evidence") {
    const { results } = await ledgerRows(env.DB, org.id, period, working).all<LedgerRow>();
    return { table: evidenceTable(results) };
  }
  // Whole months of the organisation's zone are summed from the rollups (decision 058).
  const months = withMonths(regionZone(org.region), period);
  if (kind === "b4si") return { table: b4siTable(readSums((await ledgerSums(env.DB, org.id, months, working, "motivation_country").all()).results)) };
  if (kind === "gri-201-1") return { table: griTable(readSums((await ledgerSums(env.DB, org.id, months, working, "country").all()).results)) };
  const report = await impactReport(env, org, actor, period, null);
  if (kind === "iris-oi8429") return { table: irisTable(report, period) };
  return { table: esrsTable(report), markdown: esrsNarrative(org, report, period) };
}
