/**
 * The reminders' part of /settings/notification (issue 29): the member's switches per topic and
 * channel, read and saved through GET and PUT /api/{org}/reminders/settings.
 */
import { NOTIFICATION_TOPICS, REMINDER_CHANNELS } from "~/domain/reminders";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";

/** The form's intent: the route's action hands such a post here. */
export const REMINDERS_INTENT = "reminders";

export async function loadReminderSettings(args: ApiArgs) {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].reminders.settings.$get({ param: { org: pathParam(org) } }));
  // The rest of the page works without them: the part is left out rather than the page failing.
  return result.ok ? result.data : null;
}

export async function saveReminderSetting(args: ApiArgs, form: FormData) {
  const topic = NOTIFICATION_TOPICS.find((value) => value === form.get("topic"));
  const channel = REMINDER_CHANNELS.find((value) => value === form.get("channel"));
  if (!topic || !channel) throw new Response("Unknown setting", { status: 400 });
  const org = await memberOrgSlug(args);
  const body = { topic, channel, enabled: form.get("enabled") === "true" };
  const result = await memberCall(args, (api) => api.api[":org"].reminders.settings.$put({ param: { org: pathParam(org) }, json: body }));
  return result.ok ? { saved: true, error: null } : { saved: false, error: result.error.error };
}
