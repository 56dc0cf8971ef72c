import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { EMAIL_PATTERN, EmailSchema, isValidEmail, normalizeEmail } from "../../app/domain/email";

const firstMessage = (input: unknown) => {
  const result = v.safeParse(EmailSchema, input);
  return result.success ? null : result.issues[0].message;
};

describe("EMAIL_PATTERN", () => {
  it("accepts ordinary addresses", () => {
    for (const email of [
      "ana@example.com",
      "ana.lopez@example.com",
      "ana+commons@mail.example.org",
      "o'brien@example.ie",
      "user_name-1@sub-domain.example.co",
      "x@a.io",
      "ANA@EXAMPLE.COM",
    ]) {
      expect(isValidEmail(email), email).toBe(true);
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    }
  });

  it("accepts a local part of 64 characters and rejects 65", () => {
    expect(isValidEmail(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(65)}@example.com`)).toBe(false);
  });

  it("accepts a domain label of 63 characters and rejects 64", () => {
    expect(isValidEmail(`user@${"b".repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`user@${"b".repeat(64)}.com`)).toBe(false);
    expect(isValidEmail(`user@sub.${"b".repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`user@sub.${"b".repeat(64)}.com`)).toBe(false);
  });

  it("accepts a TLD of 2 to 63 letters", () => {
    expect(isValidEmail("user@example.co")).toBe(true);
    expect(isValidEmail("user@example.museum")).toBe(true);
    expect(isValidEmail(`user@example.${"c".repeat(63)}`)).toBe(true);
  });

  it("rejects a TLD of 1 letter, more than 63 letters, or with digits", () => {
    expect(isValidEmail("user@example.c")).toBe(false);
    expect(isValidEmail(`user@example.${"c".repeat(64)}`)).toBe(false);
    expect(isValidEmail("user@example.123")).toBe(false);
    expect(isValidEmail("user@example.c0m")).toBe(false);
    expect(isValidEmail("user@192.168.0.1")).toBe(false);
  });

  it("requires exactly one @ with something on both sides", () => {
    expect(isValidEmail("user.example.com")).toBe(false);
    expect(isValidEmail("user@")).toBe(false);
    expect(isValidEmail("@example.com")).toBe(false);
    expect(isValidEmail("user@@example.com")).toBe(false);
    expect(isValidEmail("us@er@example.com")).toBe(false);
  });

  it("requires a dotted domain with well-formed labels", () => {
    expect(isValidEmail("user@localhost")).toBe(false);
    expect(isValidEmail("user@-example.com")).toBe(false);
    expect(isValidEmail("user@example-.com")).toBe(false);
    expect(isValidEmail("user@exa..mple.com")).toBe(false);
    expect(isValidEmail("user@.example.com")).toBe(false);
    expect(isValidEmail("user@exam ple.com")).toBe(false);
  });

  it("does not trim by itself", () => {
    expect(isValidEmail(" user@example.com")).toBe(false);
    expect(isValidEmail("user@example.com ")).toBe(false);
  });
});

describe("normalizeEmail", () => {
  it("trims and lowercases", () => {
    expect(normalizeEmail("  Ana.Lopez@Example.COM \n")).toBe("ana.lopez@example.com");
    expect(normalizeEmail("ana@example.com")).toBe("ana@example.com");
  });
});

describe("EmailSchema", () => {
  it("normalises before checking and outputs the normalised address", () => {
    const result = v.safeParse(EmailSchema, "  Ana.Lopez@Example.COM ");
    expect(result.success).toBe(true);
    if (result.success) expect(result.output).toBe("ana.lopez@example.com");
  });

  it("reports form_error_required for a missing or blank value", () => {
    expect(firstMessage("")).toBe("form_error_required");
    expect(firstMessage("   ")).toBe("form_error_required");
    expect(firstMessage(undefined)).toBe("form_error_required");
    expect(firstMessage(null)).toBe("form_error_required");
    expect(firstMessage(42)).toBe("form_error_required");
  });

  it("reports form_error_invalid_email for a malformed value", () => {
    expect(firstMessage("not-an-email")).toBe("form_error_invalid_email");
    expect(firstMessage("user@example.c")).toBe("form_error_invalid_email");
    expect(firstMessage(`${"a".repeat(65)}@example.com`)).toBe("form_error_invalid_email");
    expect(firstMessage(`user@${"b".repeat(64)}.com`)).toBe("form_error_invalid_email");
  });

  it("accepts the boundary cases", () => {
    expect(firstMessage(`${"a".repeat(64)}@example.com`)).toBeNull();
    expect(firstMessage(`user@${"b".repeat(63)}.com`)).toBeNull();
    expect(firstMessage(`user@example.${"c".repeat(63)}`)).toBeNull();
  });
});
