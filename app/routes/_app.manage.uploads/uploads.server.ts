/** /manage/uploads on the server: members' uploads of one status, and the decision on one of them or those ticked. */
import { ORGANISING_ROLES, UPLOAD_DECISIONS } from "~/domain/manage";
import { UPLOAD_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { cursorOf, listData, pick, queueOutcome, readQueueDecision, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";


export async function loadUploads(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", UPLOAD_TABS);
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.attachments.$get({ param: { org: pathParam(org) }, query: { status, ...cursorOf(url) } }),
  );
  return { status, page: listData(result), paged: url.searchParams.has("cursor") };
}

/** The decision of the queue's form (readQueueDecision): the uploads ticked, or the one whose button it was. */
export async function decideUploads(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const read = readQueueDecision(form, UPLOAD_DECISIONS);
  if (!read.ok) return read;
  const { decision: status, ids, reason } = read;
  const result = await memberCall(args, (api) => api.api[":org"].manage.attachments.$put({ param: { org: pathParam(org) }, json: { ids, status, reason } }));
  return queueOutcome(result, status, ids.length, ids.length === 1 ? "attachment_already_reviewed" : "queue_already_decided", (data) => data.uploads[0]?.status);
}
