/**
 * Reminders before an initiative (issue 29, section 2; docs/decisions/045-reminders-exactly-once.md),
 * the rules the scheduled planner, the organisation's settings and the member's settings share.
 * Pure and browser-safe.
 *
 * - The organisation's offsets: minutes before the start, 24 hours and 2 hours unless an
 *   administrator changes them (a short list, written on the settings screen as "24h, 2h, 30m").
 * - Which reminder is due at an instant: the latest offset whose moment has passed, while the
 *   initiative has not started (a late cron sends the newest one it missed, never an old one after
 *   a newer one).
 * - Quiet hours, in the organisation's zone: none between 22:00 and 08:00, unless the initiative
 *   starts within 2 hours; a reminder due at night waits for 08:00 (or for those 2 hours).
 */
import * as v from "valibot";
import { zoneOffset } from "./zoned-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [24 * 60, 2 * 60];
/** At most this many reminders per initiative, from 10 minutes to 7 days before it. */
export const REMINDER_OFFSETS_MAX = 4;
export const REMINDER_OFFSET_MIN_MINUTES = 10;
export const REMINDER_OFFSET_MAX_MINUTES = 7 * 24 * 60;

/** Local hours in which no reminder is sent (from 22:00 to 08:00) and the exception before a start. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
export const URGENT_BEFORE_START_MS = 2 * HOUR;

/** The channels a reminder goes out on; each one can be switched off by the member. */
export const REMINDER_CHANNELS = ["email"] as const;
export type ReminderChannelName = (typeof REMINDER_CHANNELS)[number];

/** What a member can switch off: reminders, and for staff the morning digest of the day's initiatives. */
export const NOTIFICATION_TOPICS = ["reminder", "staff_digest"] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

const OFFSETS_ERROR = "settings_error_reminder_offsets";

const isOffset = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= REMINDER_OFFSET_MIN_MINUTES && value <= REMINDER_OFFSET_MAX_MINUTES;

/**
 * The offsets as an administrator saves them: whole minutes in range, each once, at most four (none:
 * no reminders). Judged as one list, so its one message lands on the field, not on an item of it.
 */
export const reminderOffsetsSchema = v.pipe(
  v.array(v.unknown(), OFFSETS_ERROR),
  v.check((list) => list.length <= REMINDER_OFFSETS_MAX && list.every(isOffset) && new Set(list).size === list.length, OFFSETS_ERROR),
  v.transform((list) => [...(list as number[])].sort((a, b) => b - a)),
);

/** One offset as written: "24h", "90m", "1h30m" (hours, minutes or both). */
const OFFSET_TEXT = /^(?:(\d{1,3})\s*h)?\s*(?:(\d{1,4})\s*m)?$/i;

/** "24h, 2h, 30m" as minutes, largest first; null when a part is not an offset. An empty text is no reminders. */
export function offsetsFromText(text: string): number[] | null {
  const minutes: number[] = [];
  for (const part of text.split(/[,;]/).map((piece) => piece.trim()).filter(Boolean)) {
    const match = OFFSET_TEXT.exec(part);
    if (!match || (match[1] === undefined && match[2] === undefined)) return null;
    minutes.push(Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0));
  }
  return minutes.sort((a, b) => b - a);
}

/** Minutes as the settings screen writes them: "24h", "1h30m", "45m". */
export function offsetText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours}h` : "", rest || !hours ? `${rest}m` : ""].join("");
}

export const offsetsText = (offsets: readonly number[]) => offsets.map(offsetText).join(", ");

/**
 * The offset whose reminder is due at `now` for an initiative starting at `start`: the smallest
 * one whose moment has passed, or null before the first one and once the initiative has started.
 */
export function dueOffset(offsets: readonly number[], start: number, now: number): number | null {
  if (now >= start) return null;
  const passed = offsets.filter((offset) => start - offset * MINUTE <= now);
  return passed.length ? Math.min(...passed) : null;
}

/** The moment the reminder `offset` minutes before `start` is planned for. */
export const plannedAt = (start: number, offset: number) => start - offset * MINUTE;

/** Whether `now` falls in the quiet hours of `zone` (22:00 to 08:00 local). */
export function inQuietHours(now: number, zone: string): boolean {
  const hour = new Date(now + zoneOffset(now, zone)).getUTCHours();
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** A due reminder waits while it is night in the organisation's zone, unless the initiative starts within 2 hours. */
export const reminderWaits = (now: number, start: number, zone: string) => inQuietHours(now, zone) && start - now > URGENT_BEFORE_START_MS;
