/**
 * /manage/records on the server: the page of records of one status (GET /api/{org}/manage/records)
 * and the decision on one record or the records ticked (PUT /api/{org}/manage/records); validated
 * hours corrected or taken back (POST /api/{org}/manage/records/{id}/correction).
 */
import { ORGANISING_ROLES, RECORD_DECISIONS, RECORD_TABS, TIME_BASES } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { cursorOf, decisionOutcome, listData, pick, queueOutcome, readQueueDecision, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";
import { RECORD_CORRECTIONS, type RecordCorrection } from "~/domain/record-corrections";


export async function loadRecords(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", RECORD_TABS);
  const result = await memberCall(args, (api) =>
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
  const result = await memberCall(args, (api) => api.api[":org"].manage.records.$put({ param: { org: pathParam(org) }, json }));
  return queueOutcome(result, status, ids.length, "record_already_reviewed");
}

/** A validated record's correction form (ValidatedRecords): new hours with a reason, or the hours taken back. */
export async function correctRecordFromForm(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const id = String(form.get("id") ?? "");
  const status = RECORD_CORRECTIONS.find((known) => known === form.get("correction"));
  if (!id || !status) return { status: 400, outcome: { done: null, error: "validation_error", fields: { correction: "form_error_invalid" }, id } };
  const reason = String(form.get("reason") ?? "");
  // The number field as typed; the API says what is wrong with it (a whole number from 1 to 24).
  const typed = String(form.get("hours") ?? "").trim();
  const json: { status: RecordCorrection; reason: string; hours?: number } = { status, reason };
  if (status === "corrected") json.hours = typed === "" ? Number.NaN : Number(typed);
  const result = await memberCall(args, (api) => api.api[":org"].manage.records[":id"].correction.$post({ param: { org: pathParam(org), id: pathParam(id) }, json }));
  return decisionOutcome(result, status, 1, id);
}
