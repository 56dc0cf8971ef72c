/**
 * `@hono/valibot-validator` with the API's error shape: a failed check answers 400 with
 * `fields` mapping each field to its message key (e.g. form_error_required), never a 500; a body that
 * is not JSON gets the one answer of ./json-body. The same schema describes the route's parameters or
 * body in the OpenAPI document (workers/openapi, docs/decisions/055-openapi-document.md).
 */
import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { fieldErrors } from "../../app/domain/field-errors";
import { badRequest } from "./domain-errors";
import { jsonBody, refuseIllFormedText, saysJson } from "./json-body";
import { describedBy } from "../openapi/validated-input";

type Schema = v.GenericSchema | v.GenericSchemaAsync;

export const invalidInput = (issues: readonly v.BaseIssue<unknown>[]) =>
  badRequest("validation_error", "Some fields are missing or invalid.", fieldErrors(issues, { root: "_" }));

/** The schema's output for a value read by hand (e.g. a body checked against the initiative it is for), or the 400 above. */
export function parseInput<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw invalidInput(result.issues);
  return result.output;
}

export function validate<T extends Schema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return describedBy(target, schema, checkOf(target, schema));
}

function checkOf<T extends Schema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const check = vValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.issues);
  });
  // A query's text is checked as a JSON body's is (./json-body): no NUL, no lone surrogate.
  if (target === "query") {
    return (async (...[c, next]: Parameters<typeof check>) => {
      // Every value of a repeated parameter, under the parameter's own name.
      refuseIllFormedText(Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.join("\n")])));
      return check(c, next);
    }) as typeof check;
  }
  if (target !== "json") return check;
  // Hono's validator answers malformed JSON with its own message; read it first so the answer is ours.
  // The body is cached, so the validator parses the same text again without reading the stream twice.
  return (async (...[c, next]: Parameters<typeof check>) => {
    if (saysJson(c.req.header("content-type"))) await jsonBody(c);
    return check(c, next);
  }) as typeof check;
}
