/** Display helpers of the initiative screens: dates in the member's locale, money, sizes. */

/**
 * Time zone of the organisation's region, used on the server (which has no member time zone) and
 * in the first browser render, so both print the same text; after hydration the browser's own zone.
 */
const REGION_ZONES: Record<string, string> = {
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  BR: "America/Sao_Paulo",
  MX: "America/Mexico_City",
  US: "America/New_York",
};

export const regionZone = (region: string | null | undefined) => REGION_ZONES[(region ?? "").toUpperCase()] ?? "UTC";

export function formatDateTime(iso: string, locale: string, timeZone?: string, withTime = true) {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** One decimal, in the locale's format (ratings are shown as "4.5"). */
export const formatOneDecimal = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** SPEC.md section 9: sizes in B, KB, MB, GB or TB (powers of 1024), one decimal above bytes. */
export function formatFileSize(bytes: number, locale: string) {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${SIZE_UNITS[unit]}`;
}

/** A readable fallback for a lookup slug nobody has translated ("climate-change" -> "Climate change"). */
export const humanize = (slug: string) => {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

