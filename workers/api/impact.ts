/**
 * /api/{org}/admin/impact and /api/{org}/admin/rates (issue 30, section 3; docs/api/impact.md):
 * the impact report, its exports and frozen snapshots, what the ledger reads (members' country,
 * site and grade, initiatives' motivation and country, a record's time basis, management hours),
 * and the rate card. Administrators, and the reporting role for reads (impactRoles), checked before any input is read (a member gets 403);
 * another organisation answers 404 (org-scope.ts). Mounted in workers/api/index.ts before the
 * generic /:org/admin sub-app, so these paths never run its middleware as well.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { arrayOf, namedList, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { resolveLocale } from "../../app/domain/locales";
import { csvResponse } from "../lib/csv";
import { NAMED_PERIODS, namedPeriod, type NamedPeriod } from "../../app/domain/fiscal-year";
import { regionZone } from "../../app/domain/zoned-time";
import { badRequest, notFound } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import { IMPACT_READING_ROLES, type StaffActor } from "../manage/scope";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";
import type { Tenant } from "../tenant/organizations";
import type { AppEnv, MemberEnv } from "../types";
import {
  addManagementHours,
  initiativeAttributesSchema,
  importMemberAttributes,
  initiativeAttributes,
  listManagementHours,
  managementHoursSchema,
  memberAttributesSchema,
  memberImportSchema,
  removeManagementHours,
  setInitiativeAttributes,
  setMemberAttributes,
  setTimeBasis,
  timeBasisSchema,
} from "../impact/attributes";
import { EXPORT_FORMATS, IMPACT_EXPORTS, impactExport, markdownTable, type ExportFormat, type ImpactExport } from "../impact/exports";
import { GROUP_BYS, type LedgerPeriod } from "../impact/ledger";
import { renderAnnexPdf } from "../impact/pdf";
import { listRates, rateCardSchema, replaceRates } from "../impact/rates";
import { impactReport } from "../impact/report";
import { yearOffset, zonedDays, zonedPeriod } from "../impact/periods";
import { freezeSnapshot, listSnapshots, snapshotWithChanges } from "../impact/snapshots";
import { xlsxResponse } from "../impact/xlsx";

const actorOf = (c: Context<MemberEnv>): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });

const DAY_MS = 86_400_000;
/** The longest period one report covers (about three years, as the dashboard). */
export const IMPACT_MAX_DAYS = 1100;
const dayText = v.pipe(v.string(), v.check((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)), "form_error_invalid_date"));

/**
 * `from` and `to` are days of the organisation's calendar; `to` covers that whole day. Read here as
 * the UTC midnights of the days written; periodOf places them in the organisation's zone. `period`
 * names a year of the organisation's fiscal calendar instead.
 */
const periodFields = {
  from: v.optional(v.pipe(dayText, v.transform(Date.parse))),
  to: v.optional(v.pipe(dayText, v.transform((text) => Date.parse(text) + DAY_MS))),
  period: v.optional(v.picklist(NAMED_PERIODS, "form_error_invalid")),
};
type PeriodQuery = { from?: number; to?: number; period?: NamedPeriod };

/**
 * The period a request asks for: a named year of the organisation's fiscal calendar (`period`,
 * in its zone), or days from midnight to midnight in its zone (both, or one with the other from
 * last fiscal year), or, without either, last fiscal year; with the period before it (the fiscal
 * year before, or as many months or days before: periods.ts). From before to, and not longer than
 * IMPACT_MAX_DAYS, as the `to` and `from` fields' messages.
 */
export function periodOf(org: Tenant, query: PeriodQuery, now = Date.now()): { period: LedgerPeriod & { first_day: string; last_day: string }; previous: LedgerPeriod } {
  if (query.period && (query.from !== undefined || query.to !== undefined)) throw badRequest("validation_error", "Give a named period or days, not both.", { period: "form_error_invalid" });
  const zone = regionZone(org.region);
  const named = namedPeriod(query.period ?? "last_year", now, org.community.fiscal_year_start_month, zone);
  if (query.period || (query.from === undefined && query.to === undefined)) {
    return { period: { ...named.period, year_offset: yearOffset(zone, named.period.from) }, previous: zonedPeriod(zone, named.previous.from, named.previous.to) };
  }
  // A day left out is the first (or the day after the last) of last fiscal year, as its calendar says it.
  const from = query.from ?? Date.parse(named.period.first_day);
  const to = query.to ?? Date.parse(named.period.last_day) + DAY_MS;
  if (from >= to) throw badRequest("validation_error", "The period ends before it starts.", { to: "form_error_end_before_start" });
  if (to - from > IMPACT_MAX_DAYS * DAY_MS) throw badRequest("validation_error", "The period is too long.", { from: "form_error_out_of_range" });
  return zonedDays(zone, from, to);
}

const reportQuery = v.strictObject({ ...periodFields, group_by: v.optional(v.picklist(GROUP_BYS, "form_error_invalid")) }, "form_error_unknown_field");
const periodQuery = v.strictObject(periodFields, "form_error_unknown_field");
/** The same period's fields, for the evidence's export job (workers/api/exports.ts). */
export const impactPeriodQuery = periodQuery;
/** A snapshot names its period explicitly. */
const snapshotBody = v.pipe(
  v.strictObject({ from: v.pipe(dayText, v.transform(Date.parse)), to: v.pipe(dayText, v.transform((text) => Date.parse(text) + DAY_MS)) }, "form_error_unknown_field"),
  v.forward(v.check((period: { from: number; to: number }) => period.from < period.to, "form_error_end_before_start"), ["to"] as never),
  v.forward(v.check((period: { from: number; to: number }) => period.to - period.from <= IMPACT_MAX_DAYS * DAY_MS, "form_error_out_of_range"), ["from"] as never),
);

const idParam = v.object({ org: v.string(), id: v.pipe(v.string(), v.minLength(1), v.maxLength(64, "form_error_invalid")) });
/** An initiative by its slug, as the staff screens name it. */
const slugParam = v.object({ org: v.string(), slug: v.pipe(v.string(), v.minLength(1), v.maxLength(200, "form_error_invalid")) });

/** `b4si.csv` and the like: which export, in which format (anything else is 404). */
function exportFile(file: string): { kind: ImpactExport; format: ExportFormat } | null {
  const match = /^([a-z0-9-]+)\.([a-z]+)$/.exec(file);
  if (!match) return null;
  const [, kind, format] = match;
  if (!(IMPACT_EXPORTS as readonly string[]).includes(kind) || !(EXPORT_FORMATS as readonly string[]).includes(format)) return null;
  // The evidence is rows for a sampler: CSV and XLSX only; the PDF is the ESRS annex's alone.
  if (kind === "evidence" && format === "md") return null;
  if (format === "pdf" && kind !== "esrs-s3") return null;
  return { kind: kind as ImpactExport, format: format as ExportFormat };
}

/**
 * Who may call, before any input is read: administrators for everything; the read-only reporting
 * role for every read but the evidence (it names members), so each of its writes is a 403.
 */
const impactRoles = (method: string, path: string) => (method === "GET" && !path.startsWith("/evidence.") ? IMPACT_READING_ROLES : (["admin"] as const));
const rateRoles = (method: string) => (method === "GET" ? IMPACT_READING_ROLES : (["admin"] as const));

const DOWNLOAD_HEADERS = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };
const markdownResponse = (filename: string, text: string) =>
  new Response(text, { headers: { ...DOWNLOAD_HEADERS, "content-type": "text/markdown; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` } });

export const impactRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("admin/impact", impactRoles))
  .get("/", describeRoute(doc("Admin", "staff", { answer: ref("ImpactReport"), summary: "The impact report for a period (hours, values, beneficiaries, rates)." })), validate("query", reportQuery), async (c) => {
    const { group_by, ...query } = c.req.valid("query");
    const { period, previous } = periodOf(c.var.org, query);
    const report = await impactReport(c.env, c.var.org, actorOf(c), period, group_by ?? null, previous);
    // The period's first and last days in the organisation's calendar (a named period) or as given.
    return c.json({ ...report, first_day: period.first_day, last_day: period.last_day });
  })
  .get("/snapshots", describeRoute(doc("Admin", "staff", { answer: namedList("snapshots", ref("Snapshot")), summary: "Frozen impact snapshots." })), async (c) => c.json(await listSnapshots(c.env, c.var.org, actorOf(c))))
  .post("/snapshots", describeRoute(doc("Admin", "staff", { answer: ref("Snapshot"), summary: "Freeze the impact of a period as a snapshot.", status: 201 })), validate("json", snapshotBody), async (c) => {
    const days = c.req.valid("json");
    return c.json(await freezeSnapshot(c.env, c.var.org, actorOf(c), zonedDays(regionZone(c.var.org.region), days.from, days.to).period, Date.now()), 201);
  })
  .get("/snapshots/:id", describeRoute(doc("Admin", "staff", { answer: objectOf({ snapshot: ref("Snapshot"), live: scalars.anyObject, changed: scalars.bool, changes: arrayOf(objectOf({ path: scalars.str, frozen: {}, live: {} }, ["frozen", "live"])) }), summary: "A snapshot with what changed since it was frozen." })), validate("param", idParam), async (c) => c.json(await snapshotWithChanges(c.env, c.var.org, actorOf(c), c.req.valid("param").id)))
  .post("/members/import", describeRoute(doc("Admin", "staff", { answer: objectOf({ updated: scalars.int, rejected: arrayOf(objectOf({ row: scalars.int, email: scalars.str, fields: scalars.anyObject })) }), summary: "Import members' attributes (site, unit, cost rate) from rows." })), validate("json", memberImportSchema), async (c) =>
    c.json(await importMemberAttributes(c.env, c.var.org, actorOf(c), c.req.valid("json").rows, Date.now())),
  )
  .put("/members/:id", describeRoute(doc("Admin", "staff", { answer: objectOf({ member_id: scalars.str, country: orNull(scalars.str), site: orNull(scalars.str), grade: orNull(scalars.str) }), summary: "Change one member's impact attributes." })), validate("param", idParam), validate("json", memberAttributesSchema), async (c) =>
    c.json(await setMemberAttributes(c.env, c.var.org, actorOf(c), c.req.valid("param").id, c.req.valid("json"), Date.now())),
  )
  .get("/initiatives/:slug", describeRoute(doc("Admin", "staff", { answer: objectOf({ slug: scalars.str, motivation: scalars.str, country: orNull(scalars.str) }), summary: "An initiative's impact attributes.", errors: { 404: ["initiative_not_found"] } })), validate("param", slugParam), async (c) => c.json(await initiativeAttributes(c.env, c.var.org, actorOf(c), c.req.valid("param").slug)))
  .put("/initiatives/:slug", describeRoute(doc("Admin", "staff", { answer: objectOf({ slug: scalars.str, motivation: scalars.str, country: orNull(scalars.str) }), summary: "Change an initiative's impact attributes.", errors: { 404: ["initiative_not_found"] } })), validate("param", slugParam), validate("json", initiativeAttributesSchema), async (c) =>
    c.json(await setInitiativeAttributes(c.env, c.var.org, actorOf(c), c.req.valid("param").slug, c.req.valid("json"), Date.now())),
  )
  .put("/records/:id", describeRoute(doc("Admin", "staff", { answer: objectOf({ id: scalars.str, time_basis: { enum: ["paid", "own", null] } }), summary: "Set whose time a record's hours were given in (time basis)." })), validate("param", idParam), validate("json", timeBasisSchema), async (c) =>
    c.json(await setTimeBasis(c.env, c.var.org, actorOf(c), c.req.valid("param").id, c.req.valid("json").time_basis, Date.now())),
  )
  .get("/management", describeRoute(doc("Admin", "staff", { answer: namedList("management_hours", ref("ManagementHours")), summary: "Management hours for a period." })), validate("query", periodQuery), async (c) => c.json(await listManagementHours(c.env, c.var.org, actorOf(c), periodOf(c.var.org, c.req.valid("query")).period)))
  .post("/management", describeRoute(doc("Admin", "staff", { answer: ref("ManagementHours"), summary: "Add management hours.", status: 201 })), validate("json", managementHoursSchema), async (c) => c.json(await addManagementHours(c.env, c.var.org, actorOf(c), c.req.valid("json"), Date.now()), 201))
  .delete("/management/:id", describeRoute(doc("Admin", "staff", { summary: "Delete management hours.", status: 204 })), validate("param", idParam), async (c) => {
    await removeManagementHours(c.env, c.var.org, actorOf(c), c.req.valid("param").id, Date.now());
    return c.body(null, 204);
  })
  .get("/:file", describeRoute(doc("Admin", "staff", { summary: "The impact report or its evidence as a file (CSV, XLSX, Markdown, or the ESRS annex as PDF).", media: "application/octet-stream", answer: { type: "string", contentEncoding: "binary" } })), validate("query", periodQuery), async (c) => {
    const file = exportFile(c.req.param("file"));
    if (!file) throw notFound();
    const { period } = periodOf(c.var.org, c.req.valid("query"));
    const content = await impactExport(c.env, c.var.org, actorOf(c), file.kind, period);
    const name = `${c.var.org.slug}-${file.kind}-${period.first_day}-${period.last_day}.${file.format}`;
    if (file.format === "csv") return csvResponse(name, content.table.header, content.table.rows);
    if (file.format === "xlsx") return xlsxResponse(name, content.table.sheet, [content.table.header, ...content.table.rows]);
    if (file.format === "pdf") {
      const bytes = await renderAnnexPdf(content.markdown!, { title: content.table.sheet, author: c.var.org.name, locale: resolveLocale(c.var.org.community.language) });
      return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { ...DOWNLOAD_HEADERS, "content-type": "application/pdf", "content-disposition": `attachment; filename="${name}"` } });
    }
    return markdownResponse(name, content.markdown ?? `# ${content.table.sheet}\n\n${markdownTable(content.table)}\n`);
  });

export const rateRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("admin/rates", rateRoles))
  .get("/", describeRoute(doc("Admin", "staff", { answer: namedList("rates", ref("Rate")), summary: "The organisation's rate card (value of an hour by kind)." })), async (c) => c.json(await listRates(c.env, c.var.org, actorOf(c))))
  .put("/", describeRoute(doc("Admin", "staff", { answer: namedList("rates", ref("Rate")), summary: "Replace the rate card." })), validate("json", rateCardSchema), async (c) => c.json(await replaceRates(c.env, c.var.org, actorOf(c), c.req.valid("json").rates, Date.now())));
