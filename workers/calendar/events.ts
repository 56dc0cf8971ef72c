/**
 * An initiative as calendar events (issue 29), in the member's language: one VEVENT, or one per day
 * for a multi-day initiative held in working hours (the same hours each day, in the organisation's
 * time zone). The UID names the initiative (and the day) and the organisation's host, so that an
 * event is the same event in the feed, in the join e-mail's file and in a download. Pure.
 */
import { resolveLocale, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import { fromLocal, zoneOffset } from "../../app/domain/zoned-time";
import en from "../../app/i18n/locales/en-US/calendar.json";
import es from "../../app/i18n/locales/es-ES/calendar.json";
import eu from "../../app/i18n/locales/eu-ES/calendar.json";
import ptBR from "../../app/i18n/locales/pt-BR/calendar.json";
import ptPT from "../../app/i18n/locales/pt-PT/calendar.json";
import fr from "../../app/i18n/locales/fr/calendar.json";
import type { CalendarEvent } from "./ical";

type CalendarKey = keyof typeof en;
const MESSAGES: Record<Locale, Partial<Record<CalendarKey, string>>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

/** The calendar namespace's words in a locale (a key the locale lacks reads in English). */
export function calendarText(locale: string | null | undefined) {
  const lang = resolveLocale(locale);
  const own = MESSAGES[lang];
  const formOf = pluralRule(lang);
  return (key: string, values: Record<string, string | number> = {}) => {
    const plural = typeof values.count === "number" ? `${key}_${formOf(values.count)}` : null;
    const pick = (messages: Partial<Record<CalendarKey, string>>) =>
      (plural ? messages[plural as CalendarKey] : undefined) ?? messages[key as CalendarKey] ?? (plural ? messages[`${key}_other` as CalendarKey] : undefined);
    const template = pick(own) ?? pick(en) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** What a calendar shows of an initiative: the columns the trigger of migrations/0022 watches. */
export interface CalendarInitiative {
  id: string;
  slug: string;
  title: string;
  description: string;
  address: string | null;
  addressDetail: string | null;
  latitude: number | null;
  longitude: number | null;
  isInPerson: boolean;
  isRemote: boolean;
  remoteUrl: string | null;
  status: "open" | "suspended" | "canceled";
  startTime: number | null;
  endTime: number | null;
  isWorkingHours: boolean;
  sequence: number;
  updatedAt: number;
}

export interface EventContext {
  /** The organisation's origin (https://host): the link and, by its host, the UID. */
  origin: string;
  /** The organisation's time zone: where the days of a multi-day initiative begin. */
  zone: string;
  locale: string;
}

const DAY = 24 * 60 * 60 * 1000;
/** A working-hours initiative longer than this is one event: a year of daily events helps nobody. */
const MAX_DAILY_EVENTS = 62;
/** Descriptions beyond this are cut: the link holds the rest. */
const MAX_DESCRIPTION = 2000;

export const eventUid = (initiativeId: string, origin: string, day?: string) => `${initiativeId}${day ? `-${day}` : ""}@${new URL(origin).hostname}`;

export const initiativeLink = (origin: string, slug: string) => `${origin}/initiative/${encodeURIComponent(slug)}`;

/** Wall-clock ms (the zone's local time read as if UTC) of an instant. */
const local = (ms: number, zone: string) => ms + zoneOffset(ms, zone);

/**
 * The [start, end, day] of each event: per local day when the initiative runs in working hours over
 * several days and ends later in the day than it starts, else the whole span once.
 */
export function eventSpans(initiative: Pick<CalendarInitiative, "startTime" | "endTime" | "isWorkingHours">, zone: string): { start: number; end: number | null; day?: string }[] {
  const { startTime: start, endTime: end } = initiative;
  if (start === null) return [];
  if (end === null || end <= start || !initiative.isWorkingHours) return [{ start, end }];
  const first = local(start, zone);
  const last = local(end, zone);
  const firstDay = Math.floor(first / DAY) * DAY;
  const lastDay = Math.floor(last / DAY) * DAY;
  const opens = first - firstDay;
  const closes = last - lastDay;
  const days = (lastDay - firstDay) / DAY + 1;
  if (days < 2 || closes <= opens || days > MAX_DAILY_EVENTS) return [{ start, end }];
  return Array.from({ length: days }, (_, n) => {
    const day = firstDay + n * DAY;
    return { start: fromLocal(day + opens, zone), end: fromLocal(day + closes, zone), day: new Date(day).toISOString().slice(0, 10).replace(/-/g, "") };
  });
}

/** The place line: address and its detail, for in-person initiatives. */
function placeOf(initiative: CalendarInitiative): string | null {
  if (!initiative.isInPerson) return null;
  const parts = [initiative.address, initiative.addressDetail].map((part) => part?.trim()).filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/**
 * The initiative's events. `left`: the member no longer takes part (said not going, or staff
 * refused them): the events are cancelled for them, as for an initiative staff cancelled, and
 * `leftAt` is when, so that LAST-MODIFIED moves.
 */
export function initiativeEvents(initiative: CalendarInitiative, context: EventContext, membership: { left: boolean; leftAt?: number } = { left: false }): CalendarEvent[] {
  const t = calendarText(context.locale);
  const link = initiativeLink(context.origin, initiative.slug);
  const cancelled = initiative.status === "canceled" || membership.left;
  const summary = initiative.status === "canceled" ? t("calendar_event_cancelled", { title: initiative.title }) : membership.left ? t("calendar_event_not_going", { title: initiative.title }) : initiative.title;
  const remote = initiative.isRemote && initiative.remoteUrl ? initiative.remoteUrl : null;
  const text = initiative.description.length > MAX_DESCRIPTION ? `${initiative.description.slice(0, MAX_DESCRIPTION)}…` : initiative.description;
  const description = [text.trim(), remote ? t("calendar_event_online", { url: remote }) : "", t("calendar_event_details", { link })].filter(Boolean).join("\n\n");
  const geo = initiative.isInPerson && initiative.latitude !== null && initiative.longitude !== null ? { latitude: initiative.latitude, longitude: initiative.longitude } : null;
  const lastModified = Math.max(initiative.updatedAt, membership.leftAt ?? 0);
  return eventSpans(initiative, context.zone).map(({ start, end, day }) => ({
    uid: eventUid(initiative.id, context.origin, day),
    // A member's leaving is a change of the event for them: one more than the initiative's own.
    sequence: initiative.sequence + (membership.left ? 1 : 0),
    start,
    end,
    lastModified,
    summary,
    description,
    location: placeOf(initiative),
    geo,
    // Remote: the meeting's address; else the initiative's page.
    url: remote ?? link,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
  }));
}
