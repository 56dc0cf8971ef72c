/** /manage/money on the server: pledges of one status (searchable by code or donor) and the decision on one or those ticked. */
import { CONTRIBUTION_DECISIONS, ORGANISING_ROLES } from "~/domain/manage";
import { MONEY_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { cursorOf, listData, pick, queueOutcome, readQueueDecision, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";


export async function loadMoney(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", MONEY_TABS);
  // The API's limit on a search; a longer one is cut, as the field's maxLength does.
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.contributions.$get({ param: { org: pathParam(org) }, query: { status, ...(q ? { q } : {}), ...cursorOf(url) } }),
  );
  return { status, q, page: listData(result), paged: url.searchParams.has("cursor") };
}

/** The decision of the queue's form (readQueueDecision): the pledges ticked, or the one whose button it was. */
export async function decideMoney(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const read = readQueueDecision(form, CONTRIBUTION_DECISIONS);
  if (!read.ok) return read;
  const { decision: status, ids, reason } = read;
  const result = await memberCall(args, (api) => api.api[":org"].manage.contributions.$put({ param: { org: pathParam(org) }, json: { ids, status, reason } }));
  return queueOutcome(result, status, ids.length, ids.length === 1 ? "contribution_already_reviewed" : "queue_already_decided", (data) => data.contributions[0]?.status);
}

/** The API's filters of the donations export (decision 038): the status and search the screen shows. */
export function moneyExportFilters(url: URL): Record<string, string> {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  return { status: pick(url, "status", MONEY_TABS), ...(q ? { q } : {}) };
}
