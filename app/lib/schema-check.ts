/**
 * The browser's check of a form against its schema, as conform's valibot adapter reads a form: loaded
 * by `useSchemaForm` (schema-form.ts) the first time a member touches a form, so the adapter is not
 * part of any page's first visit (docs/decisions/039-first-visit-weight.md).
 */
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";

/**
 * The payload as the action reads it (plain strings, so both sides word the same failures alike),
 * each error at its input (`field` maps an issue's path to the input's name where they differ).
 */
export function checkInBrowser<S extends v.GenericSchema>(schema: S, formData: FormData | URLSearchParams, field?: (path: string) => string) {
  const submission = parseWithValibot(formData, { schema, disableAutoCoercion: true });
  if (field && submission.status !== "success") renameErrors(submission.error, field);
  return submission;
}

/** Moves each error of a browser check to the input `field` names (in place: the submission replies with it). */
function renameErrors(error: Record<string, string[] | null> | null | undefined, field: (path: string) => string) {
  if (!error) return;
  for (const [path, keys] of Object.entries(error)) {
    const name = field(path);
    if (name === path) continue;
    delete error[path];
    error[name] ??= keys;
  }
}
