/**
 * /manage on the server (issue 15, point 5): administrators get the dashboard, from
 * GET /api/{org}/admin/metrics over the period of the URL (the last 12 months by default); every
 * other staff role goes to the first section it works in.
 */
import { redirect } from "@remix-run/cloudflare";
import { wholeMonthDays } from "~/domain/dashboard-period";
import { manageSections } from "~/domain/manage";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period's days from the URL, else the last 12 months, this one included (whole UTC months,
 * which the API reads from its rollups), and the group whose members the figures are of, when one is chosen (the API checks it).
 */
export function periodOf(url: URL, now = Date.now()): { from: string; to: string; group?: string } {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const group = url.searchParams.get("group")?.trim() ?? "";
  const fallback = wholeMonthDays(now, 11);
  return {
    from: DAY.test(from) ? from : fallback.from,
    to: DAY.test(to) ? to : fallback.to,
    ...(group ? { group } : {}),
  };
}

export async function loadDashboard(args: ApiArgs) {
  const { role, org } = await requireStaff(args);
  if (role !== "admin") throw redirect(`/manage/${manageSections(role)[0]}`);
  const period = periodOf(new URL(args.request.url));
  const result = await memberCall(args, (api) => api.api[":org"].admin.metrics.$get({ param: { org: pathParam(org) }, query: period }));
  if (!result.ok && result.status === 403) throw notFound();
  return { period, metrics: result.ok ? result.data : null, error: result.ok ? null : (result.error.fields?.to ?? result.error.fields?.from ?? (result.error.fields?.group ? "group_unknown" : null)) };
}

/**
 * /manage/dashboard.csv: the same figures as a spreadsheet, streamed from the API; with
 * `groups`, /manage/dashboard/groups.csv, the breakdown by group.
 */
export async function dashboardCsv(args: ApiArgs, table: "metrics" | "groups" = "metrics"): Promise<Response> {
  const { org } = await requireStaff(args, ["admin"]);
  const period = periodOf(new URL(args.request.url));
  const path = table === "groups" ? "metrics/groups.csv" : "metrics.csv";
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/admin/${path}?${new URLSearchParams(period)}`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}
