/**
 * When a participant may report hours, and how many (SPEC.md section 5, "Hours report"), written
 * once for the participation screen and the API: whole hours, from the initiative's start, at most
 * hours_per_day summed over one calendar day and never more than 24 a day.
 *
 * The calendar day is the organisation's: midnight to midnight in the time zone of its region
 * (regionZone; UTC for a region without one). A report carries no date of its own, so it belongs
 * to the day it is made on; the member's browser zone is not used, so the screen and the server
 * count the same day (docs/api/initiatives.md, "Hours report").
 */
import { fromLocal, zoneOffset } from "../zoned-time";
import type { Initiative, ParticipationRecord } from "./types";

export { regionZone } from "../zoned-time";

/** Nobody works more than this in one day, whatever hours_per_day says (0 = no cap of its own). */
export const MAX_HOURS_PER_DAY = 24;

/** The cap of one day: hours_per_day when it is set (above 0), never above 24. */
export const dailyHoursCap = (hoursPerDay: number) => (hoursPerDay > 0 ? Math.min(hoursPerDay, MAX_HOURS_PER_DAY) : MAX_HOURS_PER_DAY);

export interface CalendarDay {
  /** YYYY-MM-DD in the zone. */
  key: string;
  /** First ms of the day. */
  start: number;
  /** First ms of the next day. */
  end: number;
}

/** The calendar day of instant `ms` in `zone`, as a key and the span [start, end) of instants. */
export function calendarDay(ms: number, zone: string): CalendarDay {
  const local = new Date(ms + zoneOffset(ms, zone));
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  return {
    key: `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
    start: fromLocal(Date.UTC(y, m, d), zone),
    end: fromLocal(Date.UTC(y, m, d + 1), zone),
  };
}

/** Hours already reported on `day` (pending, validated or granted: a rejected report gives its hours back). */
export function hoursReportedOn(records: readonly Pick<ParticipationRecord, "type" | "hours" | "status" | "created_at">[], day: CalendarDay): number {
  return records
    .filter((r) => r.type === "hours" && r.status !== "rejected")
    .filter((r) => {
      const at = Date.parse(r.created_at);
      return at >= day.start && at < day.end;
    })
    .reduce((sum, r) => sum + (r.hours ?? 0), 0);
}

/** Hours the member may still report today: the day's cap less what they reported today, never below 0. */
export const hoursLeftOn = (i: Pick<Initiative, "hours_per_day" | "participations">, day: CalendarDay) =>
  Math.max(0, dailyHoursCap(i.hours_per_day) - hoursReportedOn(i.participations, day));
