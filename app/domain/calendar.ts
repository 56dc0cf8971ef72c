/**
 * Calendar rules both sides read (issue 29): how far back the member's feed goes, the shape of a
 * feed's path, and the "Add to calendar" links of the initiative page (plain links: no script).
 */
import { BASE64URL_LETTER } from "./tokens";

/** The feed holds initiatives from this many days back, and a cancellation stays this long so calendars remove it. */
export const FEED_DAYS_BACK = 30;

/** GET /calendar/{token}.ics: a base64url token (43 letters from 32 bytes), bounded. */
export const FEED_FILE_PATTERN = new RegExp(`^(${BASE64URL_LETTER}{20,100})\\.ics$`);

/** A UTC DATE-TIME as calendars read it in links: 20261205T090000Z. */
const compactUtc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export interface CalendarLinkEvent {
  title: string;
  /** ISO instants; an initiative without an end gets none in the links (an hour by the apps' own default). */
  start: string;
  end: string | null;
  details: string;
  location: string | null;
}

/** Google Calendar's "create event" template link. */
export function googleCalendarLink(event: CalendarLinkEvent): string {
  const end = event.end ?? event.start;
  const params = new URLSearchParams({ action: "TEMPLATE", text: event.title, dates: `${compactUtc(event.start)}/${compactUtc(end)}`, details: event.details });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook on the web's compose link (personal and work accounts both open it). */
export function outlookCalendarLink(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: new Date(event.start).toISOString(),
    enddt: new Date(event.end ?? event.start).toISOString(),
    body: event.details,
  });
  if (event.location) params.set("location", event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** "Add to calendar" of an initiative page: its .ics route, Google and Outlook; null when it has no date or was cancelled. */
export function addToCalendarLinks(
  initiative: { slug: string; title: string; status: string; start_time: string | null; end_time: string | null; is_in_person: boolean; address: string | null; address_detail: string | null; is_remote: boolean; remote_url: string | null },
  pageUrl: string,
): { ics: string; google: string; outlook: string } | null {
  const i = initiative;
  if (!i.start_time || i.status === "canceled") return null;
  const location = i.is_in_person ? [i.address, i.address_detail].filter(Boolean).join(", ") || null : null;
  const details = [i.is_remote && i.remote_url ? i.remote_url : null, pageUrl].filter(Boolean).join("\n");
  const event = { title: i.title, start: i.start_time, end: i.end_time, details, location };
  return { ics: `/initiative/${encodeURIComponent(i.slug)}/calendar.ics`, google: googleCalendarLink(event), outlook: outlookCalendarLink(event) };
}

/** What the calendar part of /settings/notification posts, as its `intent`. */
export const CALENDAR_INTENTS = ["calendar_on", "calendar_renew", "calendar_off", "calendar_interests"] as const;
export type CalendarIntent = (typeof CALENDAR_INTENTS)[number];

/** The feed as GET /api/{org}/calendar answers it. */
export interface CalendarFeedState {
  enabled: boolean;
  url: string | null;
  include_interests: boolean;
}

/** What one of those posts did, for the page to say. */
export interface CalendarAnswer {
  intent: CalendarIntent;
  done: boolean;
  error: string | null;
}

export const isCalendarIntent = (value: unknown): value is CalendarIntent => CALENDAR_INTENTS.some((intent) => intent === value);
