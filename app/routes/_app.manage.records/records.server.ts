/**
 * /manage/records on the server: the page of records of one status (GET /api/{org}/manage/records)
 * and the decision on one record or the records ticked (PUT /api/{org}/manage/records).
 */
import { ORGANISING_ROLES, RECORD_DECISIONS, RECORD_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/api.server";
import { cursorOf, decisionOutcome, listData, pick, requireStaff, type DecisionOutcome } from "~/lib/manage.server";


export async function loadRecords(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", RECORD_TABS);
  const result = await memberCall(args, "GET", (api) =>
    api.api[":org"].manage.records.$get({ param: { org: pathParam(org) }, query: { status, ...cursorOf(url) } }),
  );
  return { status, page: listData(result), paged: url.searchParams.has("cursor") };
}

/**
 * The decision of the form: its button says what (`validated` or `rejected`, for the records ticked)
 * or what for which (`validated:{id}`: that record alone). 400 without any record.
 */
export async function decideRecords(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const [decision, one] = String(form.get("decide") ?? "").split(":", 2);
  const status = RECORD_DECISIONS.find((value) => value === decision);
  if (!status) return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const ids = one ? [one] : form.getAll("ids").map(String);
  if (!ids.length) return { status: 400, outcome: { done: null, error: "selected_none", fields: {} } };
  const reason = String(form.get("reason") ?? "").trim() || null;
  const result = await memberCall(args, "PUT", (api) => api.api[":org"].manage.records.$put({ param: { org: pathParam(org) }, json: { ids, status, reason } }));
  if (!result.ok) return decisionOutcome(result, status, ids.length);
  // Records someone else decided first keep that decision (decision 025): say how many.
  const { applied, lost } = result.data;
  if (!applied.length) return { status: 409, outcome: { done: null, error: "record_already_reviewed", fields: {} } };
  return { status: 200, outcome: { done: { status, count: applied.length }, error: null, fields: {}, ...(lost.length ? { lost: lost.length } : {}) } };
}
