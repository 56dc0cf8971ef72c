/** /manage/uploads on the server: members' uploads of one status, and the decision on one of them. */
import { ORGANISING_ROLES, UPLOAD_DECISIONS } from "~/domain/manage";
import { UPLOAD_TABS } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/api.server";
import { cursorOf, decisionOutcome, listData, pick, requireStaff, type DecisionOutcome } from "~/lib/manage.server";


export async function loadUploads(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const url = new URL(args.request.url);
  const status = pick(url, "status", UPLOAD_TABS);
  const result = await memberCall(args, "GET", (api) =>
    api.api[":org"].manage.attachments.$get({ param: { org: pathParam(org) }, query: { status, ...cursorOf(url) } }),
  );
  return { status, page: listData(result), paged: url.searchParams.has("cursor") };
}

export async function decideUpload(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const status = UPLOAD_DECISIONS.find((value) => value === form.get("decide"));
  const id = String(form.get("id") ?? "");
  if (!status || !id) return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const reason = String(form.get("reason") ?? "").trim() || null;
  const result = await memberCall(args, "PUT", (api) =>
    api.api[":org"].manage.attachments[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json: { status, reason } }),
  );
  return decisionOutcome(result, status, 1, id);
}
