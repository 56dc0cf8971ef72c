/** Display helpers of the initiative screens: dates in the member's locale, money, sizes. */

/**
 * Time zone of the organisation's region (a domain rule: the hours report's calendar day uses it
 * too), used on the server (which has no member time zone) and in the first browser render, so
 * both print the same text; after hydration the browser's own zone.
 */
export { regionZone } from "~/domain/initiatives/reporting";

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

