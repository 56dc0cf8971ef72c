/**
 * /manage/records on the server: the page of records of one status (GET /api/{org}/manage/records)
 * and the decision on one record or the records ticked (PUT /api/{org}/manage/records).
 */
import { ORGANISING_ROLES, RECORD_DECISIONS, RECORD_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/api.server";
import { cursorOf, listData, pick, queueOutcome, readQueueDecision, requireStaff, type DecisionOutcome } from "~/lib/manage.server";


export async function loadRecords(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", RECORD_TABS);
  const result = await memberCall(args, "GET", (api) =>
    api.api[":org"].manage.records.$get({ param: { org: pathParam(org) }, query: { status, ...cursorOf(url) } }),
  );
  return { status, page: listData(result), paged: url.searchParams.has("cursor") };
}

/** The decision of the queue's form (readQueueDecision): the records ticked, or the one whose button it was. */
export async function decideRecords(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const read = readQueueDecision(form, RECORD_DECISIONS);
  if (!read.ok) return read;
  const { decision: status, ids, reason } = read;
  const result = await memberCall(args, "PUT", (api) => api.api[":org"].manage.records.$put({ param: { org: pathParam(org) }, json: { ids, status, reason } }));
  return queueOutcome(result, status, ids.length, "record_already_reviewed");
}
