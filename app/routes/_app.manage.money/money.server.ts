/** /manage/money on the server: pledges of one status (searchable by code or donor) and the decision on one. */
import { CONTRIBUTION_DECISIONS, ORGANISING_ROLES } from "~/domain/manage";
import { MONEY_TABS } from "~/domain/manage";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/api.server";
import { cursorOf, decisionOutcome, listData, notFound, pick, requireStaff, type DecisionOutcome } from "~/lib/manage.server";


export async function loadMoney(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", MONEY_TABS);
  // The API's limit on a search; a longer one is cut, as the field's maxLength does.
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const result = await memberCall(args, "GET", (api) =>
    api.api[":org"].manage.contributions.$get({ param: { org: pathParam(org) }, query: { status, ...(q ? { q } : {}), ...cursorOf(url) } }),
  );
  return { status, q, page: listData(result), paged: url.searchParams.has("cursor") };
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

/** The CSV of the donations of the status and search the screen shows, streamed from the API. */
export async function moneyCsv(args: ApiArgs): Promise<Response> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const query = new URLSearchParams({ status: pick(url, "status", MONEY_TABS) });
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q) query.set("q", q);
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/manage/contributions.csv?${query}`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}
