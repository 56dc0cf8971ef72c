/** Saving settings: one PUT of the own profile (partial body) and its error in the page's terms. */
import { accountFieldErrors, parseAccountForm, type AccountContext, type AccountIntent } from "~/domain/account-form";
import { SOCIAL_NETWORKS } from "~/domain/social";
import { jsonBody, memberCall, pathParam, type ApiArgs } from "./api.server";
import { memberOrgSlug, type OwnProfile } from "./member.server";

export type SaveResult = { ok: true; profile: OwnProfile } | { ok: false; status: number; error: string; fields: Record<string, string> };

export async function saveProfile(args: ApiArgs, body: Record<string, unknown>): Promise<SaveResult> {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].profile.$put({ param: { org: pathParam(org) } }, jsonBody(body)));
  if (result.ok) return { ok: true, profile: result.data };
  return { ok: false, status: result.status, error: result.error.error, fields: result.error.fields ?? {} };
}

/** What one form of /settings/account answers: the values it was sent, and field errors by field name. */
export interface AccountAnswer {
  intent: AccountIntent;
  saved: boolean;
  /** `phone_in_use` (the 409 notification) or an error code for the general alert; null when the fields say it all. */
  error: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/** Checks a posted account form with the shared rules, then saves it through the API. */
export async function saveAccountForm(args: ApiArgs, form: FormData): Promise<{ status: number; answer: AccountAnswer }> {
  const posted = form.get("intent");
  if (posted !== "profile" && posted !== "social") throw new Response("Unknown intent", { status: 400 });
  const intent: AccountIntent = posted;
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  // Region, requirement and networks only shape the instant check; the API checks again with its own.
  const rules: AccountContext = {
    region: (values.region ?? "").replace(/[^A-Z]/g, "").slice(0, 2),
    phoneRequired: values.phone_required === "true",
    networks: SOCIAL_NETWORKS.filter((network) => form.has(network)),
  };
  const answer = (status: number, error: string | null, fields: Record<string, string>, saved = false) => ({ status, answer: { intent, saved, error, fields, values } });
  const parsed = parseAccountForm(intent, values, rules);
  if (!parsed.ok) return answer(400, null, parsed.fields);
  const saved = await saveProfile(args, parsed.body);
  if (saved.ok) return answer(200, null, {}, true);
  const fields = accountFieldErrors(Object.entries(saved.fields).map(([path, key]) => ({ path, key })));
  // Field errors are shown at their fields; the general alert ("try again in a few minutes") is for
  // failures the member cannot fix in the form.
  return answer(saved.status, saved.status === 409 ? "phone_in_use" : Object.keys(fields).length ? null : saved.error, fields);
}
