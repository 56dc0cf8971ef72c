/** /manage/proposals on the server: the proposals of one status, and a moderator's decision on one (issue 12). */
import { PROPOSAL_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { cursorOf, decisionOutcome, listData, notFound, pick, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";

export async function loadModeration(args: ApiArgs) {
  const { org } = await requireStaff(args);
  const url = new URL(args.request.url);
  const status = pick(url, "status", PROPOSAL_TABS);
  const result = await memberCall(args, (api) => api.api[":org"].manage.proposals.$get({ param: { org: pathParam(org) }, query: { status, ...cursorOf(url) } }));
  // Staff who do not moderate proposals: the page does not exist for them.
  if (!result.ok && result.status === 403) throw notFound();
  return { status, page: listData(result), paged: url.searchParams.has("cursor") };
}

export async function decideProposal(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args);
  const status = (["open", "rejected"] as const).find((value) => value === form.get("decide"));
  const id = String(form.get("id") ?? "");
  if (!status || !id) return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const reason = String(form.get("reason") ?? "").trim();
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.proposals[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json: { status, ...(reason ? { reject_reason: reason } : {}) } }),
  );
  const outcome = decisionOutcome(result, status, 1, id);
  // The API names the reason reject_reason; the form's field is the staff screens' "reason".
  if (outcome.outcome.fields.reject_reason) outcome.outcome.fields = { reason: outcome.outcome.fields.reject_reason };
  return outcome;
}
