/** /manage/money on the server: pledges of one status (searchable by code or donor) and the decision on one. */
import { CONTRIBUTION_DECISIONS, ORGANISING_ROLES } from "~/domain/manage";
import { MONEY_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/api.server";
import { cursorOf, decisionOutcome, pick, requireStaff, type DecisionOutcome } from "~/lib/manage.server";


export async function loadMoney(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", MONEY_TABS);
  // The API's limit on a search; a longer one is cut, as the field's maxLength does.
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const result = await memberCall(args, "GET", (api) =>
    api.api[":org"].manage.contributions.$get({ param: { org: pathParam(org) }, query: { status, ...(q ? { q } : {}), ...cursorOf(url) } }),
  );
  return { status, q, page: result.ok ? result.data : null, paged: url.searchParams.has("cursor") };
}

export async function decideMoney(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const status = CONTRIBUTION_DECISIONS.find((value) => value === form.get("decide"));
  const id = String(form.get("id") ?? "");
  if (!status || !id) return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const reason = String(form.get("reason") ?? "").trim() || null;
  const result = await memberCall(args, "PUT", (api) =>
    api.api[":org"].manage.contributions[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json: { status, reason } }),
  );
  return decisionOutcome(result, status, 1, id);
}
