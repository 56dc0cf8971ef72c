/**
 * The impact report's days in the organisation's zone (issue 30; docs/impact-reporting.md
 * "Periods"): a period given as days runs from midnight of its first day to midnight after its last
 * in the organisation's zone (its region's), as the named fiscal years do (app/domain/fiscal-year.ts),
 * and the year whose rate values an hour is the year of its date in that zone too.
 */
import { fromLocal, zoneOffset } from "../../app/domain/zoned-time";
import type { LedgerPeriod } from "./ledger";

const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day of instant `ms` in `zone` (YYYY-MM-DD). */
export const localDay = (ms: number, zone: string) => dayOf(ms + zoneOffset(ms, zone));

/**
 * How far the zone's clock is ahead of UTC at the New Year that opens the year holding `at`: the
 * ledger adds it to an hour's instant to read the year of its rate. One offset serves a whole
 * period: the regions' zones keep the same offset every 1 January (decision 057).
 */
export function yearOffset(zone: string, at: number): number {
  const year = new Date(at + zoneOffset(at, zone)).getUTCFullYear();
  return zoneOffset(fromLocal(Date.UTC(year, 0, 1), zone), zone);
}

/** A period of instants [from, to) read in `zone`, with the offset that dates its rates. */
export const zonedPeriod = (zone: string, from: number, to: number, days?: { first_day: string; last_day: string }): LedgerPeriod => ({
  from,
  to,
  ...days,
  year_offset: yearOffset(zone, from),
});

/**
 * The days [firstDay, dayAfterLast) (each the UTC midnight of the day as written: 2026-03-01 is
 * Date.UTC(2026, 2, 1)) as instants in `zone`, and the period before them, counted on the same
 * calendar: as many whole months before when the days are whole months (a year compared with the
 * year before, leap day or not), else as many days before.
 */
export function zonedDays(zone: string, firstDay: number, dayAfterLast: number): { period: LedgerPeriod & { first_day: string; last_day: string }; previous: LedgerPeriod } {
  const [first, after] = [new Date(firstDay), new Date(dayAfterLast)];
  const wholeMonths = first.getUTCDate() === 1 && after.getUTCDate() === 1;
  const months = (after.getUTCFullYear() - first.getUTCFullYear()) * 12 + after.getUTCMonth() - first.getUTCMonth();
  const before = wholeMonths ? Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - months, 1) : firstDay - (dayAfterLast - firstDay);
  const from = fromLocal(firstDay, zone);
  const days = { first_day: dayOf(firstDay), last_day: dayOf(dayAfterLast - DAY_MS) };
  return {
    period: { ...zonedPeriod(zone, from, fromLocal(dayAfterLast, zone)), ...days },
    previous: zonedPeriod(zone, fromLocal(before, zone), from),
  };
}

/**
 * A management entry's day as an instant: noon UTC of the day, which is that same day in every
 * region's zone (UTC-6 to UTC+2), so it falls in the period holding the day whatever the zone.
 */
export const dayInstant = (day: string) => Date.parse(day) + DAY_MS / 2;

/**
 * The period [from, to) as whole months of `zone` ([first, after), numbered year * 12 + month - 1,
 * as the impact rollups number a row's month: migrations/0032), when both ends are the midnight
 * that opens a month there; undefined otherwise (the period is summed from the rows).
 */
export function wholeMonths(zone: string, from: number, to: number): [number, number] | undefined {
  const monthOf = (at: number) => {
    const local = at + zoneOffset(at, zone);
    const day = new Date(local);
    return day.getUTCDate() === 1 && local % DAY_MS === 0 ? day.getUTCFullYear() * 12 + day.getUTCMonth() : undefined;
  };
  const [first, after] = [monthOf(from), monthOf(to)];
  return first !== undefined && after !== undefined && first < after ? [first, after] : undefined;
}

/** The period with its whole months in the organisation's zone, when it is whole months: what the report reads from rollups. */
export const withMonths = (zone: string, period: LedgerPeriod): LedgerPeriod => ({ ...period, months: wholeMonths(zone, period.from, period.to) });
