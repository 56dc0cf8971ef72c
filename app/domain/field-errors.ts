/**
 * Valibot issues as field errors: field name → message key (SPEC.md section 8), the one mapping that
 * the API's `fields` and every form's errors use. Pure, shared by the Worker and the pages.
 */
import type * as v from "valibot";

/** Field name → message key of the first issue on that field. */
export type FieldErrors = Record<string, string>;

export interface FieldErrorOptions {
  /** The field an issue without a path (about the whole input) goes to: "form" on pages, "_" in the API. */
  root?: string;
  /** The form's name for an issue's dot path, e.g. `social.linkedin` → `linkedin`. */
  field?: (path: string) => string;
}

/** A message that is a key (letters, digits, "_") rather than valibot's English default. */
const MESSAGE_KEY = /^[a-z0-9_]+$/i;

/** What a member is told about one issue. */
export function messageKeyOf(issue: v.BaseIssue<unknown>): string {
  // A missing key is reported by the object schema, not the field's: it means "required".
  const missing = (issue.type === "object" || issue.type === "strict_object" || issue.type === "loose_object") && issue.input === undefined;
  if (missing) return "form_error_required";
  // Type errors ("Invalid type: Expected string...") from valibot's defaults become a stable key.
  return MESSAGE_KEY.test(issue.message) ? issue.message : "form_error_invalid";
}

/** The issues by field: nested paths joined with dots, the first issue of a field wins. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], { root = "form", field = (path) => path }: FieldErrorOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join(".");
    errors[path ? field(path) : root] ??= messageKeyOf(issue);
  }
  return errors;
}
