/**
 * How an HTML form's values arrive, for the schemas that both the browser (conform) and the
 * action read: every text field as a string, a ticked box as "on" and an unticked one not at all.
 */
import * as v from "valibot";
import { fieldErrors, type FieldErrorOptions } from "./field-errors";

/** A checkbox: true when ticked. The default makes a missing box count as unticked instead of skipping the key. */
export const FormCheckbox = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value) => value === "on" || value === "true"),
);

/** Reads a form with its schema, as the action does: the parsed values, or the field errors (first message key per field). */
export function parseForm<S extends v.GenericSchema>(schema: S, form: FormData | Record<string, unknown>, options?: FieldErrorOptions) {
  const entries = form instanceof FormData ? Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) : form;
  const parsed = v.safeParse(schema, entries);
  return parsed.success
    ? ({ ok: true, value: parsed.output } as const)
    : ({ ok: false, errors: fieldErrors(parsed.issues, options) } as const);
}
