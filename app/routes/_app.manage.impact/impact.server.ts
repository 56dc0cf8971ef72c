/**
 * /manage/impact on the server (issue 30): the impact report of the URL's period and breakdown
 * (GET /api/{org}/admin/impact), the rate card (GET /api/{org}/admin/rates), saving the card
 * (PUT), and the exports streamed from the API. Administrators, and the reporting role to read
 * (every form's action is the administrators'): anyone else gets a 404 page.
 */
import { parseCsv } from "~/domain/csv-import";
import { NAMED_PERIODS, type NamedPeriod } from "~/domain/fiscal-year";
import { IMPACT_GROUP_BYS, MEMBER_IMPORT_MAX, RATE_FIELDS } from "~/domain/impact";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { IMPACT_READING_ROLES } from "~/domain/manage";
import { notFound, pick, requireStaff } from "~/lib/server/manage.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of the URL: a named year of the organisation's fiscal calendar (`period`), else the
 * days given, else last fiscal year (named, as the API's default); and the breakdown asked for.
 */
export function reportQueryOf(url: URL) {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const days = DAY.test(from) && DAY.test(to);
  const named = pick(url, "period", ["", ...NAMED_PERIODS] as const);
  const period: NamedPeriod | "" = named || (days ? "" : "last_year");
  return { period, from: days ? from : "", to: days ? to : "", group_by: pick(url, "group_by", IMPACT_GROUP_BYS) };
}

/** What the API is asked for that period: the named one, or the days. */
const periodParams = (query: ReturnType<typeof reportQueryOf>): { period: NamedPeriod } | { from: string; to: string } =>
  query.period ? { period: query.period } : { from: query.from, to: query.to };

/** The evidence export job's filters (decision 038): the page's period, as the API takes it. */
export const impactExportFilters = (url: URL): Record<string, string> => periodParams(reportQueryOf(url));

/** The longest text the initiatives' search takes (GET /api/{org}/manage/initiatives `q`). */
const INITIATIVE_SEARCH_MAX = 100;

/**
 * The initiatives the management hours form offers, for administrators: those whose title holds
 * the URL's `initiative_q`, else the newest by start (the list's first page, 50).
 */
async function initiativeChoices(args: ApiArgs, org: string, url: URL) {
  const q = (url.searchParams.get("initiative_q") ?? "").trim().slice(0, INITIATIVE_SEARCH_MAX);
  const result = await memberCall(args, (api) => api.api[":org"].manage.initiatives.$get({ param: { org: pathParam(org) }, query: q ? { q } : {} }));
  if (!result.ok) return null;
  return { q, list: result.data.initiatives.map(({ slug, title, start_time }) => ({ slug, title, start_time })), has_more: result.data.has_more };
}

export async function loadImpact(args: ApiArgs) {
  const { org, role } = await requireStaff(args, IMPACT_READING_ROLES);
  const url = new URL(args.request.url);
  const asked = reportQueryOf(url);
  const { group_by } = asked;
  const period = periodParams(asked);
  const param = { org: pathParam(org) };
  const [report, rates, management, snapshots, initiatives] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].admin.impact.$get({ param, query: { ...period, ...(group_by ? { group_by } : {}) } })),
    memberCall(args, (api) => api.api[":org"].admin.rates.$get({ param })),
    memberCall(args, (api) => api.api[":org"].admin.impact.management.$get({ param, query: period })),
    memberCall(args, (api) => api.api[":org"].admin.impact.snapshots.$get({ param })),
    role === "admin" ? initiativeChoices(args, org, url) : null,
  ]);
  if ((!report.ok && report.status === 403) || (!rates.ok && rates.status === 403)) throw notFound();
  // The form shows the period's days as the organisation's calendar says them (a named year's, in its zone).
  const shown = report.ok ? { from: report.data.first_day, to: report.data.last_day } : { from: asked.from, to: asked.to };
  return {
    query: { ...shown, group_by, period: asked.period },
    report: report.ok ? report.data : null,
    error: report.ok ? null : (report.error.fields?.to ?? report.error.fields?.from ?? null),
    rates: rates.ok ? rates.data.rates : null,
    management: management.ok ? management.data.management_hours : null,
    snapshots: snapshots.ok ? snapshots.data.snapshots : null,
    /** What the management hours form offers (administrators only). */
    initiatives,
    /** Administrators change things here; the reporting role reads (its forms are not shown, the API refuses its writes). */
    editable: role === "admin",
  };
}

type RateRow = Record<(typeof RATE_FIELDS)[number], string>;

/** The card's rows as the form sent them (`amount_0`, ...), without the rows left blank. */
export function ratesFromForm(form: FormData) {
  const rows: { index: number; row: RateRow }[] = [];
  for (let index = 0; form.has(`key_type_${index}`); index += 1) {
    const row = Object.fromEntries(RATE_FIELDS.map((field) => [field, String(form.get(`${field}_${index}`) ?? "").trim()])) as RateRow;
    if (!row.amount && !row.source && !row.key_value) continue;
    rows.push({ index, row });
  }
  return rows;
}

/** A number typed in the form, or the text itself (the API then says what is wrong with it). */
const numberOr = (text: string) => (text !== "" && Number.isFinite(Number(text)) ? Number(text) : text);

export async function saveRates(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const kept = ratesFromForm(await readForm(args.request));
  const rates = kept.map(({ row }) => ({
    key_type: row.key_type,
    key_value: row.key_type === "default" ? "" : row.key_type === "country" ? row.key_value.toUpperCase() : row.key_value,
    amount: numberOr(row.amount),
    currency: row.currency.toUpperCase(),
    name: row.name || null,
    source: row.source,
    from_year: numberOr(row.from_year),
    to_year: row.to_year ? numberOr(row.to_year) : null,
  }));
  // The form's texts go as they are: the API's checks name the field of the row at fault.
  const result = await memberCall(args, (api) => api.api[":org"].admin.rates.$put({ param: { org: pathParam(org) }, json: { rates } as never }));
  if (result.ok) return { saved: true, fields: {} as Record<string, string>, status: 200 };
  // `rates.2.amount` of the request is the form's row kept[2].index.
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.error.fields ?? {})) {
    const match = /^rates\.(\d+)\.(\w+)$/.exec(path);
    if (match) fields[`${match[2]}_${kept[Number(match[1])]?.index ?? 0}`] = message;
  }
  return { saved: false, fields, status: result.status };
}

const EXPORT_FILE = /^(b4si|gri-201-1|iris-oi8429|esrs-s3)\.(csv|xlsx|md)$|^evidence\.xlsx$|^esrs-s3\.pdf$/;

/** /manage/impact/{file}: an export of the page's period, streamed from the API. */
export async function impactFile(args: ApiArgs, file: string): Promise<Response> {
  const { org } = await requireStaff(args, IMPACT_READING_ROLES);
  if (!EXPORT_FILE.test(file)) throw notFound();
  const period = periodParams(reportQueryOf(new URL(args.request.url)));
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/admin/impact/${file}?${new URLSearchParams(period)}`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}

/** The largest spreadsheet read: 5,000 rows of an address and three short cells fit well within it. */
const CSV_MAX_BYTES = 512 * 1024;
const IMPORT_HEADERS: Record<string, "email" | "country" | "site" | "grade"> = { email: "email", "e-mail": "email", country: "country", site: "site", unit: "site", grade: "grade" };

export interface ImportOutcome {
  intent: "import";
  error: string | null;
  updated: number;
  rejected: { row: number; email: string; fields: Record<string, string> }[];
}

/**
 * The members' attributes of a CSV (email, country, site, grade: by its header, else in that
 * order), sent to the API, which checks each row and writes the good ones; the answer lists the
 * rows it refused by their line in the file (the header is line 1).
 */
export async function importAttributes(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: ImportOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const fail = (status: number, error: string) => ({ status, outcome: { intent: "import" as const, error, updated: 0, rejected: [] } });
  const file = form.get("csv");
  if (!file || typeof file === "string" || file.size === 0) return fail(400, "import_error_no_file");
  if (file.size > CSV_MAX_BYTES) return fail(413, "import_error_too_large");
  const lines = parseCsv(await file.text());
  const header = (lines[0] ?? []).map((cell) => IMPORT_HEADERS[cell.toLowerCase()]);
  const hasHeader = header.includes("email");
  const columns = hasHeader ? header : (["email", "country", "site", "grade"] as const);
  const body = hasHeader ? lines.slice(1) : lines;
  if (!body.length) return fail(400, "import_error_empty");
  if (body.length > MEMBER_IMPORT_MAX) return fail(400, "import_error_too_many");
  const rows = body.map((cells) => Object.fromEntries(columns.flatMap((column, index) => (column ? [[column, cells[index] ?? ""]] : []))));
  const result = await memberCall(args, (api) => api.api[":org"].admin.impact.members.import.$post({ param: { org: pathParam(org) }, json: { rows } }));
  if (!result.ok) return fail(result.status, result.error.error);
  const offset = hasHeader ? 1 : 0;
  return { status: 200, outcome: { intent: "import", error: null, updated: result.data.updated, rejected: result.data.rejected.map((row) => ({ ...row, row: row.row + offset })) } };
}

export interface ImpactFormOutcome {
  intent: "management_add" | "management_remove" | "freeze";
  error: string | null;
  fields: Record<string, string>;
  /** The snapshot frozen, to link to. */
  snapshot?: string;
}

/** Management hours added or removed, or the page's period frozen: each one API call, its message on the form. */
export async function impactFormAction(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: ImpactFormOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const param = { org: pathParam(org) };
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const outcome = (kind: ImpactFormOutcome["intent"], result: { ok: boolean; status: number; error?: { error: string; fields?: Record<string, string> } }, extra: Partial<ImpactFormOutcome> = {}) => ({
    status: result.ok ? 200 : result.status,
    outcome: { intent: kind, error: result.ok ? null : (result.error?.error ?? "error"), fields: result.ok ? {} : (result.error?.fields ?? {}), ...extra },
  });
  if (intent === "management_add") {
    const hours = Number(text("hours"));
    const json = { initiative: text("initiative"), hours: (Number.isFinite(hours) && text("hours") !== "" ? hours : text("hours")) as number, day: text("day"), note: text("note") || null };
    return outcome("management_add", await memberCall(args, (api) => api.api[":org"].admin.impact.management.$post({ param, json })));
  }
  if (intent === "management_remove") {
    const id = text("id");
    return outcome("management_remove", await memberCall(args, (api) => api.api[":org"].admin.impact.management[":id"].$delete({ param: { ...param, id: pathParam(id) } })));
  }
  const result = await memberCall(args, (api) => api.api[":org"].admin.impact.snapshots.$post({ param, json: { from: text("from"), to: text("to") } }));
  return outcome("freeze", result, result.ok ? { snapshot: result.data.id } : {});
}

/** /manage/impact/snapshots/{id}: the snapshot as frozen, the period computed now, and what differs. */
export async function loadSnapshot(args: ApiArgs, id: string) {
  const { org } = await requireStaff(args, IMPACT_READING_ROLES);
  const result = await memberCall(args, (api) => api.api[":org"].admin.impact.snapshots[":id"].$get({ param: { org: pathParam(org), id: pathParam(id) } }));
  if (!result.ok && (result.status === 403 || result.status === 404)) throw notFound();
  return result.ok ? result.data : null;
}
