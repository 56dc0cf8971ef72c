/**
 * Wall-clock times of the organisation's time zone (docs/decisions/009 and 019): the zone of its
 * region, and the conversions between an instant and the "YYYY-MM-DDTHH:mm" a datetime-local
 * input shows. Pure: the same on the server and in the browser, whatever zone either runs in.
 */

/** Time zone of each region SPEC.md section 1 lists (the United States: its most populous zone). */
export const REGIONS = ["ES", "PT", "BR", "MX", "US"] as const;
const REGION_ZONES: Record<(typeof REGIONS)[number], string> = {
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  BR: "America/Sao_Paulo",
  MX: "America/Mexico_City",
  US: "America/New_York",
};

export const regionZone = (region: string | null | undefined) => REGION_ZONES[(region ?? "").toUpperCase() as (typeof REGIONS)[number]] ?? "UTC";

/** Local time minus UTC, in ms, at instant `ms` in `zone`. */
export function zoneOffset(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return local - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant a local wall-clock time (as UTC ms) happens in `zone` (the offset read where it applies). */
export function fromLocal(local: number, zone: string): number {
  return local - zoneOffset(local - zoneOffset(local, zone), zone);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:mm" of instant `iso` in `zone`, as a datetime-local input shows it; "" for none. */
export function zonedInputValue(iso: string | null | undefined, zone: string): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return "";
  return new Date(ms + zoneOffset(ms, zone)).toISOString().slice(0, 16);
}

/** The ISO instant of a datetime-local value read in `zone`; null when the value is not one. */
export function instantOfZoned(value: string, zone: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const local = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(local);
  // 2026-02-30 or 25:00: Date.UTC rolls them over; a calendar would not.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) return null;
  return new Date(fromLocal(local, zone)).toISOString();
}
