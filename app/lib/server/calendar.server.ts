/**
 * The calendar feed's part of /settings/notification on the server (issue 29): its state for the
 * loader, and the form posts (turn on, new URL, off, the interest setting) through /api/{org}/calendar.
 * The edge has already refused posts from elsewhere (docs/decisions/011).
 */
import type { CalendarAnswer, CalendarFeedState, CalendarIntent } from "~/domain/calendar";
import { isSlug } from "~/domain/slug";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "./api.server";
import { memberOrgSlug } from "./member.server";

export async function loadCalendarFeed(args: ApiArgs): Promise<CalendarFeedState> {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].calendar.$get({ param: { org: pathParam(org) } }));
  // A feed the page cannot read shows as off; turning it on then says what went wrong.
  return result.ok ? result.data : { enabled: false, url: null, include_interests: false };
}

export async function calendarAction(args: ApiArgs, intent: CalendarIntent, form: FormData): Promise<{ status: number; answer: CalendarAnswer }> {
  const org = await memberOrgSlug(args);
  const param = { org: pathParam(org) };
  const result =
    intent === "calendar_off"
      ? await memberCall(args, (api) => api.api[":org"].calendar.feed.$delete({ param }))
      : intent === "calendar_interests"
        ? await memberCall(args, (api) => api.api[":org"].calendar.$put({ param, json: { include_interests: form.get("include_interests") === "true" } }))
        : await memberCall(args, (api) => api.api[":org"].calendar.feed.$post({ param }));
  if (result.ok) return { status: 200, answer: { intent, done: true, error: null } };
  return { status: result.status, answer: { intent, done: false, error: result.error.error } };
}

/** The initiative's .ics as the API answers it; a signed-out visitor goes to sign in, an unknown initiative is a 404. */
export async function initiativeCalendarFile(args: ApiArgs, slug: string): Promise<Response> {
  if (!isSlug(slug)) throw new Response("Not found", { status: 404 });
  const org = await memberOrgSlug(args);
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/calendar/initiative/${encodeURIComponent(slug)}`);
  if (!answer.ok) throw new Response("Not found", { status: 404 });
  return answer;
}
