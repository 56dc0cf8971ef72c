/**
 * /manage/impact on the server (issue 30): the impact report of the URL's period and breakdown
 * (GET /api/{org}/admin/impact), the rate card (GET /api/{org}/admin/rates), saving the card
 * (PUT), and the exports streamed from the API. Administrators only: anyone else gets a 404 page.
 */
import { IMPACT_GROUP_BYS, RATE_FIELDS } from "~/domain/impact";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { notFound, pick, requireStaff } from "~/lib/manage.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period of the URL (days, both included), else last calendar year, and the breakdown asked for. */
export function reportQueryOf(url: URL, now = Date.now()) {
  const year = new Date(now).getUTCFullYear() - 1;
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  return {
    from: DAY.test(from) ? from : `${year}-01-01`,
    to: DAY.test(to) ? to : `${year}-12-31`,
    group_by: pick(url, "group_by", IMPACT_GROUP_BYS),
  };
}

export async function loadImpact(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const { group_by, ...period } = reportQueryOf(new URL(args.request.url));
  const param = { org: pathParam(org) };
  const [report, rates] = await Promise.all([
    memberCall(args, "GET", (api) => api.api[":org"].admin.impact.$get({ param, query: { ...period, ...(group_by ? { group_by } : {}) } })),
    memberCall(args, "GET", (api) => api.api[":org"].admin.rates.$get({ param })),
  ]);
  if ((!report.ok && report.status === 403) || (!rates.ok && rates.status === 403)) throw notFound();
  return {
    query: { ...period, group_by },
    report: report.ok ? report.data : null,
    error: report.ok ? null : (report.error.fields?.to ?? report.error.fields?.from ?? null),
    rates: rates.ok ? rates.data.rates : null,
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
  const result = await memberCall(args, "PUT", (api) => api.api[":org"].admin.rates.$put({ param: { org: pathParam(org) }, json: { rates } as never }));
  if (result.ok) return { saved: true, fields: {} as Record<string, string>, status: 200 };
  // `rates.2.amount` of the request is the form's row kept[2].index.
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.error.fields ?? {})) {
    const match = /^rates\.(\d+)\.(\w+)$/.exec(path);
    if (match) fields[`${match[2]}_${kept[Number(match[1])]?.index ?? 0}`] = message;
  }
  return { saved: false, fields, status: result.status };
}

const EXPORT_FILE = /^(b4si|gri-201-1|iris-oi8429|esrs-s3|evidence)\.(csv|xlsx|md)$|^esrs-s3\.pdf$/;

/** /manage/impact/{file}: an export of the page's period, streamed from the API. */
export async function impactFile(args: ApiArgs, file: string): Promise<Response> {
  const { org } = await requireStaff(args, ["admin"]);
  if (!EXPORT_FILE.test(file)) throw notFound();
  const { from, to } = reportQueryOf(new URL(args.request.url));
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/admin/impact/${file}?${new URLSearchParams({ from, to })}`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}
