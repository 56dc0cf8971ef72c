/**
 * Forms with conform and their one valibot schema (DESIGN.md: "one valibot schema per form, used by
 * the browser for instant feedback and by the action for the truth"). The browser checks the schema
 * on submit; the action checks it again and answers message keys by field (app/domain/field-errors),
 * which come back here as conform's last result. Errors are message keys: the page translates them.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useMemo, type FormEvent } from "react";
import type * as v from "valibot";
import type { FieldErrors } from "~/domain/field-errors";

/** An action's field errors (one message key per field) as the result conform reports. */
export function actionResult(errors: FieldErrors | undefined): SubmissionResult | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  return { status: "error", error: Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, [key]])) };
}

export interface SchemaFormOptions {
  /**
   * The form element's id (stable, so the server and the browser render the same markup). It must
   * not be one of its fields' ids, or their labels would name the form: end it with "-form".
   */
  id: string;
  /** What the action answered for this form, if anything. */
  errors?: FieldErrors;
  /** While the form is pending (app/lib/pending.ts) a second submit is not sent. */
  pending?: boolean;
  /** When the browser first checks a field: on submit (default), as the member leaves it, or as they type. */
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  /** When a field that showed an error is checked again (default: as it was first checked). */
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
  /**
   * The input an issue's path belongs to, where the schema nests what the form sends flat (the
   * same mapping the action gives app/domain/field-errors.ts, e.g. `details.alias` → `alias`).
   */
  field?: (path: string) => string;
  /** Without JavaScript too, leave every check to the action (its messages, not the browser's), as a form that was noValidate did. */
  serverChecksOnly?: boolean;
}

/**
 * The browser's check of a form against its schema, as conform reports it: the payload as the action
 * reads it (plain strings, so both sides word the same failures alike), each error at its input.
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

/** The form's props and the first message key of each field, from the server's answer or the browser's check. */
export function useSchemaForm<S extends v.GenericSchema>(schema: S, { id, errors, pending = false, shouldValidate = "onSubmit", shouldRevalidate = shouldValidate, field, serverChecksOnly = false }: SchemaFormOptions) {
  // A new result object makes conform report (and focus) again: only when the action answered anew.
  const lastResult = useMemo(() => actionResult(errors), [errors]);
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate,
    shouldRevalidate,
    // Without JavaScript the browser's own checks (required, type=email) still run, unless the form
    // leaves every check to the action.
    defaultNoValidate: serverChecksOnly,
    onValidate: ({ formData }) => checkInBrowser(schema, formData, field),
  });
  const props = getFormProps(form);
  return {
    props: {
      ...props,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        if (pending) return event.preventDefault();
        props.onSubmit(event);
      },
    },
    error: (name: string): string | null => (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors?.[0] ?? null,
  };
}
