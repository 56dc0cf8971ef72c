import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { fieldErrors, messageKeyOf } from "../../app/domain/field-errors";

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.issues;
};

describe("fieldErrors", () => {
  const schema = v.object({
    name: v.pipe(v.string(), v.nonEmpty("form_error_required"), v.maxLength(3, "form_error_max_length")),
    social: v.object({ linkedin: v.pipe(v.string(), v.regex(/^[a-z]+$/, "form_error_invalid_social")) }),
  });

  it("keeps the first issue of each field", () => {
    const issues = issuesOf(v.object({ name: v.pipe(v.string(), v.minLength(5, "first_key"), v.regex(/^\d+$/, "second_key")) }), { name: "ab" });
    expect(issues).toHaveLength(2);
    expect(fieldErrors(issues)).toEqual({ name: "first_key" });
  });

  it("joins nested paths with dots, and renames them when the form asks", () => {
    const issues = issuesOf(schema, { name: "ok", social: { linkedin: "No!" } });
    expect(fieldErrors(issues)).toEqual({ "social.linkedin": "form_error_invalid_social" });
    expect(fieldErrors(issues, { field: (path) => path.replace(/^social\./, "") })).toEqual({ linkedin: "form_error_invalid_social" });
  });

  it("keeps message keys, and words a missing key or a type error with stable keys", () => {
    expect(fieldErrors(issuesOf(schema, { name: "", social: { linkedin: 7 } }))).toEqual({
      name: "form_error_required",
      "social.linkedin": "form_error_invalid",
    });
    expect(fieldErrors(issuesOf(schema, { social: {} }))).toEqual({ name: "form_error_required", "social.linkedin": "form_error_required" });
    expect(fieldErrors(issuesOf(v.strictObject({ a: v.string() }), {}))).toEqual({ a: "form_error_required" });
  });

  it("puts an issue about the whole input under the root field", () => {
    const issues = issuesOf(v.pipe(v.string(), v.nonEmpty("form_error_required")), "");
    expect(fieldErrors(issues)).toEqual({ form: "form_error_required" });
    expect(fieldErrors(issues, { root: "phone" })).toEqual({ phone: "form_error_required" });
  });

  it("messageKeyOf falls back to form_error_invalid for valibot's English defaults", () => {
    expect(messageKeyOf(issuesOf(v.number(), "x")[0])).toBe("form_error_invalid");
    expect(messageKeyOf(issuesOf(v.number("form_error_number"), "x")[0])).toBe("form_error_number");
  });
});
