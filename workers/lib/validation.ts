/**
 * `@hono/valibot-validator` with the API's error shape: a failed check answers 400 with
 * `fields` mapping each field to its message key (e.g. form_error_required), never a 500.
 */
import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { ApiError } from "./errors";

type Schema = v.GenericSchema | v.GenericSchemaAsync;

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join(".") || "_";
    // Type errors ("Invalid type: Expected string...") from valibot's defaults become a stable key.
    fields[path] ??= /^[a-z0-9_]+$/.test(issue.message) ? issue.message : "form_error_invalid";
  }
  return fields;
}

export const invalidInput = (issues: readonly v.BaseIssue<unknown>[]) =>
  new ApiError(400, "validation_error", "Some fields are missing or invalid.", fieldErrors(issues));

export const validate = <T extends Schema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  vValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.issues);
  });
