/**
 * /manage/approvals on the server: the participations waiting for my decision (GET
 * /api/{org}/manage/approvals) and the decision on one or those ticked (PUT /api/{org}/manage/approvals).
 */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { listData, queueOutcome, readQueueDecision, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";

/** The buttons' decisions: the API's `approved` true or false. */
const APPROVAL_DECISIONS = ["approved", "rejected"] as const;

export async function loadApprovals(args: ApiArgs) {
  const { org } = await requireStaff(args);
  const result = await memberCall(args, (api) => api.api[":org"].manage.approvals.$get({ param: { org: pathParam(org) } }));
  // Staff who are nobody's line manager and approve for no one (403) simply have nothing waiting.
  if (!result.ok && result.status === 403) return { approvals: [] };
  return { approvals: listData(result)?.approvals ?? null };
}

/** The decision of the queue's form (readQueueDecision): the attendances ticked, or the one whose button it was. */
export async function decideApprovals(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args);
  const read = readQueueDecision(form, APPROVAL_DECISIONS);
  if (!read.ok) return read;
  const { decision, ids, reason } = read;
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.approvals.$put({ param: { org: pathParam(org) }, json: { ids, approved: decision === "approved", note: reason } }),
  );
  return queueOutcome(result, decision, ids.length, ids.length === 1 ? "approval_already_decided" : "queue_already_decided", (data) => data.approvals[0]?.manager_approval_status);
}
