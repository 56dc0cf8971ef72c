/**
 * The organisation's fiscal year (issue 30): it starts on the 1st of `fiscal_year_start_month`
 * (January by default: the calendar year) at midnight in the organisation's zone (its region's).
 * The impact report's named periods, "this year" and "last year", are such years.
 */
import { fromLocal, zoneOffset } from "./zoned-time";

export const NAMED_PERIODS = ["this_year", "last_year"] as const;
export type NamedPeriod = (typeof NAMED_PERIODS)[number];

const DAY_MS = 86_400_000;

/**
 * The fiscal year `back` years before the one holding `now`, as instants [from, to), and its first
 * and last days as the organisation's calendar says them (YYYY-MM-DD).
 */
export function fiscalYear(now: number, startMonth: number, zone: string, back = 0) {
  const local = new Date(now + zoneOffset(now, zone));
  const year = local.getUTCFullYear() - (local.getUTCMonth() + 1 < startMonth ? 1 : 0) - back;
  const start = Date.UTC(year, startMonth - 1, 1);
  const end = Date.UTC(year + 1, startMonth - 1, 1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: fromLocal(start, zone), to: fromLocal(end, zone), first_day: day(start), last_day: day(end - DAY_MS) };
}

/** A named period of the organisation's calendar, and the fiscal year before it (the report compares the two). */
export function namedPeriod(name: NamedPeriod, now: number, startMonth: number, zone: string) {
  const back = name === "last_year" ? 1 : 0;
  return { period: fiscalYear(now, startMonth, zone, back), previous: fiscalYear(now, startMonth, zone, back + 1) };
}
