/** /manage/audit on the server (issue 15, point 6): a page of the audit log for administrators, with the screen's filters, and its export's filters. */
import { AUDIT_KINDS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { cursorOf, listData, notFound, pick, requireStaff } from "~/lib/server/manage.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The screen's filters from its address, and the API's query for them (without the page). */
function filtersOf(url: URL) {
  const kind = pick(url, "kind", AUDIT_KINDS);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  // The last day is included: the API's `to` is exclusive, so it gets the next day.
  const until = DAY.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : undefined;
  const query = {
    ...(kind ? { target_type: kind as Exclude<(typeof AUDIT_KINDS)[number], ""> } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(until ? { to: until } : {}),
  };
  return { filters: { kind, from: DAY.test(from) ? from : "", to: DAY.test(to) ? to : "" }, query };
}

export async function loadAudit(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const url = new URL(args.request.url);
  const { filters, query } = filtersOf(url);
  const result = await memberCall(args, (api) => api.api[":org"].admin.audit.$get({ param: { org: pathParam(org) }, query: { ...query, ...cursorOf(url) } }));
  if (!result.ok && result.status === 403) throw notFound();
  return { filters, page: listData(result), paged: url.searchParams.has("cursor") };
}

/** The API's filters of the audit export (decision 038): every row the screen's filters name, not only its page. */
export function auditExportFilters(url: URL): Record<string, string> {
  return filtersOf(url).query;
}
