/** /settings/notification's push part (decision 046): the VAPID key and switches, and saving one switch, through /api/{org}/push. */
import { memberCall, pathParam, type ApiArgs } from "./api.server";
import { memberOrgSlug } from "./member.server";

export const PUSH_KIND_NAMES = ["participation", "chat", "reminders"] as const;
export type PushKindName = (typeof PUSH_KIND_NAMES)[number];

export type PushSettings = { available: boolean; publicKey: string | null; preferences: Record<PushKindName, boolean> };

/** Push off when the API cannot say (an upstream without it): the screen then offers nothing. */
export async function loadPushSettings(args: ApiArgs): Promise<PushSettings> {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].push.$get({ param: { org: pathParam(org) }, query: {} }));
  if (!result.ok) return { available: false, publicKey: null, preferences: { participation: true, chat: true, reminders: true } };
  return { available: result.data.available, publicKey: result.data.public_key, preferences: result.data.preferences };
}

/** One switch of the form `push_kind` = participation | chat | reminders, `value` = "true" | "false". */
export async function savePushPreference(args: ApiArgs, form: FormData): Promise<{ saved: boolean; error: string | null }> {
  const kind = PUSH_KIND_NAMES.find((name) => name === form.get("push_kind"));
  if (!kind) throw new Response("Unknown setting", { status: 400 });
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].push.preferences.$put({ param: { org: pathParam(org) }, json: { [kind]: form.get("value") === "true" } }));
  return result.ok ? { saved: true, error: null } : { saved: false, error: result.error.error };
}
