/**
 * Validation of SPEC.md section 5 for taking part and giving: hours, indicator values, ratings
 * and donations. One valibot schema per input, used by the drawers for instant feedback and by
 * the API for the truth. Messages are translation keys.
 */
import * as v from "valibot";
import { DONATION_SOURCES } from "./types";

const wholeNumber = (message: string) =>
  v.pipe(
    v.unknown(),
    v.check((input) => input !== undefined && input !== null && input !== "", "form_error_required"),
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty("form_error_required"), v.regex(/^-?\d+$/, message), v.transform(Number))], message),
    v.integer(message),
  );

/**
 * Hours: a whole number from 1, at most `maxHours`: what the day still allows (hoursLeftOn in
 * reporting.ts), or the day's cap (dailyHoursCap) where what was reported today is not known.
 */
export const hoursSchema = (maxHours: number) =>
  v.pipe(
    wholeNumber("participation_error_hours_whole"),
    v.minValue(1, "participation_error_hours_min"),
    v.maxValue(maxHours, "participation_error_hours_max"),
  );

/** The largest indicator value taken: a billion kilograms, litres or units is past any real report. */
export const MAX_INDICATOR_VALUE = 1_000_000_000;

/** Indicator values: positive integers up to MAX_INDICATOR_VALUE. */
export const indicatorValueSchema = v.pipe(
  wholeNumber("participation_error_value_whole"),
  v.minValue(1, "participation_error_value_min"),
  v.maxValue(MAX_INDICATOR_VALUE, "participation_error_value_max"),
);

/** Stars from 0.5 to 5 in half steps; 0 means "not rated" and is refused where a rating is shown. */
export const starsSchema = v.pipe(
  v.number("rating_error_required"),
  v.minValue(0.5, "rating_error_required"),
  v.maxValue(5, "rating_error_invalid"),
  v.check((n) => Number.isInteger(n * 2), "rating_error_invalid"),
);

/** PUT {org}/initiative/{slug}/score: each rating that is shown must be non-zero. */
export const scoreSchema = (shown: { initiative: boolean; organization: boolean }) =>
  v.pipe(
    v.strictObject(
      {
        initiative_score: v.optional(v.nullable(v.number("rating_error_required"))),
        organization_score: v.optional(v.nullable(v.number("rating_error_required"))),
      },
      "form_error_unknown_field",
    ),
    v.forward(v.check((s) => !shown.initiative || !!s.initiative_score, "rating_error_required"), ["initiative_score"]),
    v.forward(v.check((s) => !shown.organization || !!s.organization_score, "rating_error_required"), ["organization_score"]),
    v.forward(v.check((s) => !s.initiative_score || v.is(starsSchema, s.initiative_score), "rating_error_invalid"), ["initiative_score"]),
    v.forward(v.check((s) => !s.organization_score || v.is(starsSchema, s.organization_score), "rating_error_invalid"), ["organization_score"]),
    v.check((s) => !!s.initiative_score || !!s.organization_score, "rating_error_required"),
  );

/** The hours form of the participation screen, as the browser sends it. */
export const hoursFormSchema = (maxHours: number) => v.object({ hours: hoursSchema(maxHours) });

/** One indicator's form, as the browser sends it. */
export const IndicatorFormSchema = v.object({ value: indicatorValueSchema });

/** A star input's value as a form sends it: no radio ticked, or "0", is not rated. */
const postedStars = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value) => Number(value) || 0),
);

/** The rating drawer's form: the shown ratings as numbers (the others null), then scoreSchema's rules. */
export const ratingFormSchema = (shown: { initiative: boolean; organization: boolean }) =>
  v.pipe(
    v.object({ initiative_score: postedStars, organization_score: postedStars }),
    v.transform((posted): { initiative_score?: number | null; organization_score?: number | null } => ({
      initiative_score: shown.initiative ? posted.initiative_score : null,
      organization_score: shown.organization ? posted.organization_score : null,
    })),
    scoreSchema(shown),
  );

export type Currency = "EUR" | "BRL";

/** The drawer's quick amounts: BRL 99/198/297, every other currency 5/10/50. */
export const fixedAmounts = (currency: Currency) => (currency === "BRL" ? [99, 198, 297] : [5, 10, 50]);

/** Comma for es, pt, fr, ca and eu; a dot everywhere else. */
export function decimalSeparator(locale: string): "," | "." {
  return ["es", "pt", "fr", "ca", "eu"].includes(locale.slice(0, 2).toLowerCase()) ? "," : ".";
}

/**
 * Tidies what the member types in the free-amount field without changing the amount: either
 * separator becomes the locale's, leading zeros go ("007" is 7), ",5" reads "0,5". Anything else
 * (a minus sign, letters, a third decimal, a second separator) is kept as typed, so parseAmount
 * and amountSchema refuse it with a message instead of the field quietly dropping it.
 */
export function normalizeAmountInput(raw: string, locale: string): string {
  const separator = decimalSeparator(locale);
  const text = raw.trim().replace(/[.,]/g, separator);
  const match = /^(-?)(\d*)(.*)$/s.exec(text)!;
  const [, sign, whole, rest] = match;
  const stripped = whole.replace(/^0+(?=\d)/, "");
  return sign + (rest.startsWith(separator) && !stripped ? "0" : stripped) + rest;
}

const AMOUNT_TEXT = /^-?\d+(\.\d*)?$/;

/**
 * The amount typed in the locale's format, in major units: 0 when empty, NaN when it is not a
 * number written with digits and at most one separator (amountSchema refuses NaN as invalid).
 */
export function parseAmount(input: string, locale: string): number {
  const normalized = normalizeAmountInput(input, locale).replace(",", ".");
  if (!normalized) return 0;
  return AMOUNT_TEXT.test(normalized) ? Number(normalized) : Number.NaN;
}

/** The largest single contribution taken, in major units of the donation's currency. */
export const MAX_CONTRIBUTION = 1_000_000;

/**
 * An amount in major units, above 0, at most MAX_CONTRIBUTION, with at most two decimals. Each
 * refusal has its own message; an amount is never rounded, clamped or made positive.
 */
export const amountSchema = v.pipe(
  v.number("donation_error_amount_invalid"),
  v.check((n) => n > 0, "donation_error_amount_required"),
  v.check((n) => n <= MAX_CONTRIBUTION, "donation_error_amount_max"),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "donation_error_amount_decimals"),
);

/** The comment's limit: the drawer counts down to it and the API refuses past it (never cut). */
export const COMMENT_MAX_LENGTH = 500;

export const commentSchema = v.optional(
  v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(COMMENT_MAX_LENGTH, "form_error_max_length"))),
  null,
);

/** POST {org}/initiative/{slug}/contribution. */
export const contributionSchema = v.strictObject(
  {
    value: amountSchema,
    source: v.picklist(DONATION_SOURCES, "donation_error_source_required"),
    params: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])), {}),
    anonymous: v.optional(v.boolean("form_error_invalid"), false),
    comment: commentSchema,
  },
  "form_error_unknown_field",
);

/** Major units to the integer minor units the database keeps. */
export const toMinorUnits = (value: number) => Math.round(value * 100);
export const fromMinorUnits = (minor: number) => minor / 100;

/** The transfer confirmation code: 4 characters from a 32-character alphabet without look-alikes. */
export const CONFIRMATION_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CONFIRMATION_CODE_LENGTH = 4;

export function confirmationCode(randomBytes: Uint8Array): string {
  let code = "";
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += CONFIRMATION_CODE_ALPHABET[randomBytes[i] % 32];
  return code;
}
