/**
 * The dashboard's periods as days of whole UTC months (docs/decisions/041): the API reads whole
 * months from rollups kept per month, and any other period from the records, which at the size of
 * a large organisation reads every record of the period. The defaults and presets are whole months.
 */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** From the first day of the month `back` months before `now`'s to the last day of `now`'s month (UTC), as YYYY-MM-DD. */
export function wholeMonthDays(now: number, back: number): { from: string; to: string } {
  const date = new Date(now);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  return { from: day(Date.UTC(year, month - back, 1)), to: day(Date.UTC(year, month + 1, 0)) };
}
