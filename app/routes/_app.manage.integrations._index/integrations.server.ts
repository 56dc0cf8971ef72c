/**
 * /manage/integrations on the server (issue 31, section 2): the organisation's API keys
 * (GET /api/{org}/admin/api-keys), creating one (POST: its secret comes back once, and this
 * action's answer is the only place the page ever has it) and revoking one (DELETE).
 * Administrators only: anyone else gets a 404 page.
 */
import { API_KEY_SCOPES, type ApiKeyScope } from "~/domain/integrations";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { listData, requireStaff } from "~/lib/server/manage.server";

export async function loadKeys(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const result = await memberCall(args, (api) => api.api[":org"].admin["api-keys"].$get({ param: { org: pathParam(org) } }));
  return { keys: listData(result)?.keys ?? null };
}

/** What the form sent, as the create form shows it again after a refusal. */
export interface KeyDraft {
  name: string;
  scopes: ApiKeyScope[];
  expires_on: string;
}

export async function changeKeys(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const param = { org: pathParam(org) };
  if (form.get("intent") === "revoke") {
    const id = String(form.get("id") ?? "");
    const result = await memberCall(args, (api) => api.api[":org"].admin["api-keys"][":id"].$delete({ param: { ...param, id } }));
    if (result.ok) return { status: 200, revoked: result.data.name, created: null, error: null, fields: {}, draft: null };
    return { status: result.status, revoked: null, created: null, error: result.error.error, fields: {}, draft: null };
  }
  const draft: KeyDraft = {
    name: String(form.get("name") ?? ""),
    scopes: form.getAll("scopes").map(String).filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope)),
    expires_on: String(form.get("expires_on") ?? ""),
  };
  const json = { name: draft.name, scopes: draft.scopes, expires_on: draft.expires_on || null };
  const result = await memberCall(args, (api) => api.api[":org"].admin["api-keys"].$post({ param, json }));
  if (result.ok) return { status: 201, revoked: null, created: result.data, error: null, fields: {}, draft: null };
  return { status: result.status, revoked: null, created: null, error: result.error.error, fields: result.error.fields ?? {}, draft };
}
