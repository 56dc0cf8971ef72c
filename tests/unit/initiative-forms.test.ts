import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  amountSchema,
  COMMENT_MAX_LENGTH,
  CONFIRMATION_CODE_ALPHABET,
  MAX_CONTRIBUTION,
  confirmationCode,
  contributionSchema,
  decimalSeparator,
  fixedAmounts,
  hoursSchema,
  indicatorValueSchema,
  normalizeAmountInput,
  parseAmount,
  scoreSchema,
  toMinorUnits,
} from "~/domain/initiatives";

const issue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0].message;
};

describe("hours and indicator values", () => {
  it("wants a whole number from 1 up to hours_per_day", () => {
    expect(issue(hoursSchema(8), 3)).toBeNull();
    expect(issue(hoursSchema(8), "3")).toBeNull();
    expect(issue(hoursSchema(8), 0)).toBe("participation_error_hours_min");
    expect(issue(hoursSchema(8), 9)).toBe("participation_error_hours_max");
    expect(issue(hoursSchema(0), 1)).toBe("participation_error_hours_max");
    expect(issue(hoursSchema(8), 2.5)).toBe("participation_error_hours_whole");
    expect(issue(hoursSchema(8), "")).toBe("form_error_required");
  });

  it("wants positive integers for indicators", () => {
    expect(issue(indicatorValueSchema, 12)).toBeNull();
    expect(issue(indicatorValueSchema, 0)).toBe("participation_error_value_min");
    expect(issue(indicatorValueSchema, -3)).toBe("participation_error_value_min");
    expect(issue(indicatorValueSchema, "1.5")).toBe("participation_error_value_whole");
    expect(issue(indicatorValueSchema, 1_000_000_000)).toBeNull();
    expect(issue(indicatorValueSchema, "1000000000")).toBeNull();
    expect(issue(indicatorValueSchema, 1_000_000_001)).toBe("participation_error_value_max");
    expect(issue(indicatorValueSchema, 1e21)).toBe("participation_error_value_max");
  });
});

describe("ratings", () => {
  const both = scoreSchema({ initiative: true, organization: true });
  it("needs a non-zero score for each rating shown, in half steps", () => {
    expect(issue(both, { initiative_score: 4.5, organization_score: 3 })).toBeNull();
    expect(issue(both, { initiative_score: 4.5, organization_score: 0 })).toBe("rating_error_required");
    expect(issue(both, { initiative_score: 4.25, organization_score: 3 })).toBe("rating_error_invalid");
    expect(issue(scoreSchema({ initiative: true, organization: false }), { initiative_score: 5 })).toBeNull();
  });
});

describe("donation amounts", () => {
  it("offers the fixed amounts of the currency", () => {
    expect(fixedAmounts("BRL")).toEqual([99, 198, 297]);
    expect(fixedAmounts("EUR")).toEqual([5, 10, 50]);
  });

  it("uses the locale's decimal separator and strips leading zeros", () => {
    expect(decimalSeparator("es-ES")).toBe(",");
    expect(decimalSeparator("eu-ES")).toBe(",");
    expect(decimalSeparator("pt-BR")).toBe(",");
    expect(decimalSeparator("en-US")).toBe(".");
    expect(normalizeAmountInput("0012,5", "es-ES")).toBe("12,5");
    expect(normalizeAmountInput("12.5", "es-ES")).toBe("12,5");
    expect(normalizeAmountInput("007", "en-US")).toBe("7");
    expect(normalizeAmountInput(",5", "pt-PT")).toBe("0,5");
    expect(parseAmount("12,5", "pt-BR")).toBe(12.5);
    expect(parseAmount("12.", "en-US")).toBe(12);
    expect(parseAmount("", "en-US")).toBe(0);
    expect(toMinorUnits(12.3)).toBe(1230);
  });

  it("never changes an amount silently: a minus, letters, a third decimal or a second separator stay and are refused", () => {
    expect(normalizeAmountInput("-5", "en-US")).toBe("-5");
    expect(normalizeAmountInput("1a2", "en-US")).toBe("1a2");
    expect(normalizeAmountInput("12.505", "es-ES")).toBe("12,505");
    expect(normalizeAmountInput("1.000,50", "es-ES")).toBe("1,000,50");
    const typed = (text: string, locale = "en-US") => issue(amountSchema, parseAmount(text, locale));
    expect(typed("-5")).toBe("donation_error_amount_required");
    expect(typed("1a2")).toBe("donation_error_amount_invalid");
    expect(typed("1e9")).toBe("donation_error_amount_invalid");
    expect(typed("1.000,50", "es-ES")).toBe("donation_error_amount_invalid");
    expect(typed("12,505", "es-ES")).toBe("donation_error_amount_decimals");
    expect(typed("99999999999")).toBe("donation_error_amount_max");
    expect(typed("12,50", "es-ES")).toBeNull();
  });

  it("takes amounts above 0 up to MAX_CONTRIBUTION, and no other", () => {
    expect(issue(amountSchema, MAX_CONTRIBUTION)).toBeNull();
    expect(issue(amountSchema, 0.01)).toBeNull();
    expect(issue(amountSchema, MAX_CONTRIBUTION + 0.01)).toBe("donation_error_amount_max");
    expect(issue(amountSchema, Number.POSITIVE_INFINITY)).toBe("donation_error_amount_max");
    expect(issue(amountSchema, -0.5)).toBe("donation_error_amount_required");
    expect(issue(amountSchema, Number.NaN)).toBe("donation_error_amount_invalid");
    expect(issue(amountSchema, "10")).toBe("donation_error_amount_invalid");
  });

  it("validates a contribution", () => {
    expect(issue(contributionSchema, { value: 10, source: "transfer" })).toBeNull();
    expect(issue(contributionSchema, { value: 0, source: "transfer" })).toBe("donation_error_amount_required");
    expect(issue(contributionSchema, { value: 1.234, source: "transfer" })).toBe("donation_error_amount_decimals");
    expect(issue(contributionSchema, { value: 10, source: "cash" })).toBe("donation_error_source_required");
    expect(issue(contributionSchema, { value: 10, source: "inhand", comment: "x".repeat(COMMENT_MAX_LENGTH) })).toBeNull();
    expect(issue(contributionSchema, { value: 10, source: "inhand", comment: "x".repeat(COMMENT_MAX_LENGTH + 1) })).toBe("form_error_max_length");
  });
});

it("makes 4-character confirmation codes from a 32-character alphabet", () => {
  expect(new Set(CONFIRMATION_CODE_ALPHABET).size).toBe(32);
  const code = confirmationCode(crypto.getRandomValues(new Uint8Array(4)));
  expect(code).toMatch(new RegExp(`^[${CONFIRMATION_CODE_ALPHABET}]{4}$`));
});
