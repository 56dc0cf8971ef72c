/**
 * /manage/approvals on the server: the participations waiting for my decision (GET
 * /api/{org}/manage/approvals) and the decision (PUT .../participants/{uuid}/approval).
 */
import { memberCall, pathParam, type ApiArgs } from "~/lib/api.server";
import { decisionOutcome, listData, requireStaff, type DecisionOutcome } from "~/lib/manage.server";

export async function loadApprovals(args: ApiArgs) {
  const { org } = await requireStaff(args);
  const result = await memberCall(args, "GET", (api) => api.api[":org"].manage.approvals.$get({ param: { org: pathParam(org) } }));
  // Staff who are nobody's line manager and approve for no one (403) simply have nothing waiting.
  if (!result.ok && result.status === 403) return { approvals: [] };
  return { approvals: listData(result)?.approvals ?? null };
}

export async function decideApproval(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args);
  const decide = form.get("decide");
  const initiative = String(form.get("initiative_id") ?? "");
  const participant = String(form.get("participant_uuid") ?? "");
  if ((decide !== "approved" && decide !== "rejected") || !initiative || !participant) {
    return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  }
  const result = await memberCall(args, "PUT", (api) =>
    api.api[":org"].initiative[":id"].participants[":participant_uuid"].approval.$put({
      param: { org: pathParam(org), id: pathParam(initiative), participant_uuid: pathParam(participant) },
      json: { approved: decide === "approved", note: String(form.get("reason") ?? "").trim() || null },
    }),
  );
  return decisionOutcome(result, decide, 1, participant);
}
