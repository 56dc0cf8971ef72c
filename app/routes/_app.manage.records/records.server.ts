/**
 * /manage/records on the server: the page of records of one status (GET /api/{org}/manage/records)
 * and the decision on one record or the records ticked (PUT /api/{org}/manage/records).
 */
import { ORGANISING_ROLES, RECORD_DECISIONS, RECORD_TABS, TIME_BASES } from "~/domain/manage";
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
  // Whose time the hours were (issue 30): set for every record decided, or left to the initiative.
  const timeBasis = TIME_BASES.find((basis) => basis === form.get("time_basis"));
  const json = { ids, status, reason, ...(timeBasis ? { time_basis: timeBasis } : {}) };
  const result = await memberCall(args, "PUT", (api) => api.api[":org"].manage.records.$put({ param: { org: pathParam(org) }, json }));
  return queueOutcome(result, status, ids.length, "record_already_reviewed");
}
