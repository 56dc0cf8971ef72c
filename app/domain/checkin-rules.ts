/**
 * What a check-in records and whether it counts (issue 28), one rule for the Worker and the
 * check-in desk: the desk judges a check-in on the device, before it queues it, exactly as the
 * server will when it arrives, so nobody is told "checked in on this device" and then refused.
 *
 * The hours: those the desk sends, else the initiative's day: its hours_per_day when it has one,
 * else its length (start to end when it lasts a day at most; the daily span of wall-clock time
 * when it runs over several days, 9:00 on Monday to 17:00 on Friday being 8 hours a day). Whole
 * hours from 1 to the day's cap (dailyHoursCap). The day: the organisation's calendar day of the
 * moment it was made, within the initiative's dates (issue 25, point 5), and that moment recent.
 */
import { CHECKIN_SYNC_WINDOW_DAYS } from "./checkin";
import { calendarDay, dailyHoursCap, MAX_HOURS_PER_DAY } from "./initiatives/reporting";
import { zoneOffset } from "./zoned-time";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The initiative as the rule needs it: instants in ms, hours_per_day 0 for none. */
export interface CheckinTerms {
  hoursPerDay: number;
  startTime: number | null;
  endTime: number | null;
}

/** Why a check-in is refused: the API's error code and, for a field, its message key. */
export type CheckinRefusal =
  | { error: "validation_error"; fields: { at: "form_error_invalid_date" } }
  | { error: "validation_error"; fields: { hours: "form_error_required" | "form_error_invalid_number" } }
  | { error: "checkin_outside_dates" };

export type CheckinVerdict = { ok: true; hours: number; day: string } | { ok: false; refusal: CheckinRefusal };

/** Whole hours of a span of time: at least 1, at most a day's worth. */
const wholeHours = (ms: number) => Math.min(MAX_HOURS_PER_DAY, Math.max(1, Math.round(ms / HOUR)));

/** Ms since midnight of the wall clock of `zone` at instant `ms`. */
const timeOfDay = (ms: number, zone: string) => (((ms + zoneOffset(ms, zone)) % DAY) + DAY) % DAY;

/**
 * The hours a check-in records when none are given: hours_per_day, else the initiative's length
 * (its daily span when it runs over several days); null when it has neither (no end, or a span of
 * several days that ends earlier in the day than it starts), and then the hours must be given.
 */
export function defaultCheckinHours(terms: CheckinTerms, zone: string): number | null {
  if (terms.hoursPerDay > 0) return dailyHoursCap(terms.hoursPerDay);
  const { startTime: start, endTime: end } = terms;
  if (start === null || end === null || end <= start) return null;
  if (end - start <= DAY) return wholeHours(end - start);
  const daily = timeOfDay(end, zone) - timeOfDay(start, zone);
  return daily > 0 ? wholeHours(daily) : null;
}

/**
 * Whether the calendar day `day` (YYYY-MM-DD in `zone`) falls within the initiative's dates: from
 * the day it starts to the day it ends, either end open when it has none.
 */
export function withinInitiativeDays(day: string, startTime: number | null, endTime: number | null, zone: string) {
  if (startTime !== null && day < calendarDay(startTime, zone).key) return false;
  if (endTime !== null && day > calendarDay(endTime, zone).key) return false;
  return true;
}

/** A check-in made at most this far ahead of the server's clock is taken as made now (clocks differ). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The check-in of `hours` (null or undefined: the default) made at instant `at`, judged at `now`:
 * what it records, or why the server refuses it. One made offline counts within
 * CHECKIN_SYNC_WINDOW_DAYS of being made, never ahead of now.
 */
export function judgeCheckin(terms: CheckinTerms, { hours, at }: { hours?: number | null; at: number }, now: number, zone: string): CheckinVerdict {
  if (Number.isNaN(at) || at > now + CLOCK_SKEW_MS || at < now - CHECKIN_SYNC_WINDOW_DAYS * DAY) {
    return { ok: false, refusal: { error: "validation_error", fields: { at: "form_error_invalid_date" } } };
  }
  const recorded = hours ?? defaultCheckinHours(terms, zone);
  if (recorded === null) return { ok: false, refusal: { error: "validation_error", fields: { hours: "form_error_required" } } };
  if (!Number.isInteger(recorded) || recorded < 1 || recorded > dailyHoursCap(terms.hoursPerDay)) {
    return { ok: false, refusal: { error: "validation_error", fields: { hours: "form_error_invalid_number" } } };
  }
  const day = calendarDay(at, zone).key;
  if (!withinInitiativeDays(day, terms.startTime, terms.endTime, zone)) return { ok: false, refusal: { error: "checkin_outside_dates" } };
  return { ok: true, hours: recorded, day };
}
