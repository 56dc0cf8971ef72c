/**
 * Forms and their one valibot schema (DESIGN.md: "one valibot schema per form, used by the browser for
 * instant feedback and by the action for the truth"). The browser checks the schema on submit (or as
 * the member leaves or types in a field); the action checks it again and answers message keys by field
 * (app/domain/field-errors), which come back here as the last result. Errors are message keys: the
 * page translates them.
 *
 * The form's state is kept here, as conform's form context kept it (which errors show, which fields
 * were checked, focus on the first wrong field), in a few lines instead of conform's 11 KiB of gzipped
 * JavaScript on every page with a form. The check itself is conform's valibot adapter, in
 * ./schema-check.ts, loaded the first time the member touches the form: it is no part of a first
 * visit (docs/decisions/039-first-visit-weight.md).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type * as v from "valibot";
import type { FieldErrors } from "~/domain/field-errors";
import { useHydrated } from "./use-hydrated";

/** An action's field errors (one message key per field) as the result a browser check reports. */
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

type Check = typeof import("./schema-check").checkInBrowser;
/**
 * A schema that is itself heavy (a phone number's rules carry libphonenumber's metadata), fetched with
 * the check instead of with the page: `() => import("~/domain/x").then((m) => m.xSchema(...))`, stable
 * across renders (useMemo).
 */
export type SchemaLoader<S extends v.GenericSchema> = () => Promise<S>;
type Errors = Record<string, string[]>;
/** The errors shown, and the fields checked once (they are checked again as `shouldRevalidate` says). */
interface FormState {
  id: string;
  errors: Errors;
  validated: Record<string, boolean>;
}

let check: Check | undefined;
let loading: Promise<Check> | undefined;

/** The browser's check, fetched once per page load, the first time any form is touched. */
function loadCheck(): Promise<Check> {
  loading ??= import("./schema-check").then(
    (module) => (check = module.checkInBrowser),
    (error: unknown) => {
      loading = undefined; // offline for a moment: the next touch tries again
      throw error;
    },
  );
  return loading;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(element: unknown): element is FieldElement {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** Only the message lists present (a check answers null for a field it did not look at). */
function present(error: Record<string, string[] | null> | null | undefined): Errors {
  return Object.fromEntries(Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0));
}

/** As conform did: the first field of the form, in its order, that has an error gets the focus. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: Errors) {
  if (!form) return;
  for (const element of form.elements) {
    if (isField(element) && errors[element.name]) {
      element.focus();
      return;
    }
  }
}

/** The form's props and the first message key of each field, from the server's answer or the browser's check. */
export function useSchemaForm<S extends v.GenericSchema>(schema: S | SchemaLoader<S>, { id, errors, pending = false, shouldValidate = "onSubmit", shouldRevalidate = shouldValidate, field, serverChecksOnly = false }: SchemaFormOptions) {
  const hydrated = useHydrated();
  // A new result object reports (and focuses) again: only when the action answered anew.
  const lastResult = useMemo(() => actionResult(errors), [errors]);
  const [state, setState] = useState<FormState>(() => ({ id, errors: present(lastResult?.error), validated: {} }));
  // Event listeners and the submit handler read the latest of everything through these.
  const current = useRef(state);
  const options = useRef({ schema, field, shouldValidate, shouldRevalidate });
  options.current = { schema, field, shouldValidate, shouldRevalidate };
  const valueUpdated = useRef(false);
  const waiting = useRef(false);
  const skipCheck = useRef(false);
  const loaded = useRef<{ source: SchemaLoader<S>; schema: S } | null>(null);

  /** The schema, when it is at hand (a loader's once it answered). */
  const schemaNow = useCallback((): S | undefined => {
    const source = options.current.schema;
    if (typeof source !== "function") return source;
    return loaded.current?.source === source ? loaded.current.schema : undefined;
  }, []);
  /** Fetches the check, and the schema when it comes from a loader. */
  const prepare = useCallback(async () => {
    const source = options.current.schema;
    await Promise.all([
      loadCheck(),
      typeof source === "function" && loaded.current?.source !== source ? source().then((schema) => (loaded.current = { source, schema })) : null,
    ]);
  }, []);

  const update = useCallback((next: FormState) => {
    current.current = next;
    valueUpdated.current = false;
    setState(next);
  }, []);

  // Another form id is another form: start afresh.
  if (state.id !== id) {
    const fresh = { id, errors: {}, validated: {} };
    current.current = fresh;
    setState(fresh);
  }

  // The action answered: its errors replace the browser's, and the first wrong field gets the focus.
  const reported = useRef(lastResult);
  useEffect(() => {
    if (lastResult === reported.current) return;
    reported.current = lastResult;
    if (!lastResult) return;
    const shown = present(lastResult.error);
    update({ id, errors: shown, validated: { ...current.current.validated, ...Object.fromEntries(Object.keys(shown).map((name) => [name, true])) } });
    focusFirstInvalid(document.forms.namedItem(id), shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer reports, whatever the id
  }, [lastResult, update]);

  // The schema changed (a page swaps in fuller rules once they arrive, as the phone drawer does): what
  // was checked is checked again with it, so a value checked a moment too early is not left unjudged.
  const checkedSchema = useRef(schema);
  useEffect(() => {
    if (checkedSchema.current === schema) return;
    checkedSchema.current = schema;
    const form = document.forms.namedItem(id);
    const validated = current.current.validated;
    const now = schemaNow();
    if (!form || !check || !now || Object.keys(validated).length === 0) return;
    const submission = check(now, new FormData(form), options.current.field);
    const found = submission.status === "success" ? {} : present(submission.error);
    update({ id, validated, errors: Object.fromEntries(Object.entries(found).filter(([name]) => validated[name])) });
  }, [schema, id, update, schemaNow]);

  // Checks as the member leaves or types in a field (document listeners, as conform's were, so a page's own handlers on the form stay its own).
  useEffect(() => {
    const ownField = (event: Event): FieldElement | null => {
      const element = event.target;
      // getAttribute, not `.id`: a form with a field named "id" answers that field for `form.id`.
      return isField(element) && element.form?.getAttribute("id") === id && element.form.isConnected && element.name !== "" ? element : null;
    };
    const willValidate = (name: string, eventName: "onBlur" | "onInput") => {
      const { shouldValidate, shouldRevalidate } = options.current;
      return current.current.validated[name] ? shouldRevalidate === eventName && (eventName === "onInput" || valueUpdated.current) : shouldValidate === eventName;
    };
    const validate = (element: FieldElement) => {
      const form = element.form;
      const schema = schemaNow();
      if (!form) return;
      if (!check || !schema) {
        prepare().then(() => form.isConnected && validate(element), () => {});
        return;
      }
      const submission = check(schema, new FormData(form), options.current.field);
      const validated = { ...current.current.validated, [element.name]: true };
      const found = submission.status === "success" ? {} : present(submission.error);
      update({ id, validated, errors: Object.fromEntries(Object.entries(found).filter(([name]) => validated[name])) });
    };
    const onFocusIn = (event: Event) => {
      if (ownField(event)) prepare().catch(() => {});
    };
    const onInput = (event: Event) => {
      const element = ownField(event);
      if (!element) return;
      if (event.defaultPrevented || !willValidate(element.name, "onInput")) valueUpdated.current = true;
      else validate(element);
    };
    const onBlur = (event: Event) => {
      const element = ownField(event);
      if (element && !event.defaultPrevented && willValidate(element.name, "onBlur")) validate(element);
    };
    const onReset = (event: Event) => {
      if (event.target instanceof HTMLFormElement && event.target.getAttribute("id") === id && !event.defaultPrevented) update({ id, errors: {}, validated: {} });
    };
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    document.addEventListener("reset", onReset);
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
      document.removeEventListener("reset", onReset);
    };
  }, [id, update, schemaNow, prepare]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending) return event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const schema = schemaNow();
    if (!check || !schema) {
      // The check could not be fetched: the action checks the same schema, so the form goes as it is.
      if (skipCheck.current) {
        skipCheck.current = false;
        return;
      }
      // Submitted before the check arrived (Enter at once): wait for it, then submit again, once.
      event.preventDefault();
      if (waiting.current) return;
      waiting.current = true;
      prepare()
        .catch(() => {
          skipCheck.current = true;
        })
        .finally(() => {
          waiting.current = false;
          if (form.isConnected) form.requestSubmit(submitter);
        });
      return;
    }
    const formData = new FormData(form, submitter);
    const submission = check(schema, formData, options.current.field);
    // Every field the form sent counts as checked from now on.
    const sent = [...formData.keys()];
    const shown = submission.status === "success" ? {} : present(submission.error);
    update({ id, errors: shown, validated: { ...current.current.validated, ...Object.fromEntries([...sent, ...Object.keys(shown)].map((name) => [name, true])) } });
    if (submission.status === "success") return;
    event.preventDefault();
    focusFirstInvalid(form, shown);
  };

  const visible = state.id === id ? state.errors : {};
  return {
    props: {
      id,
      onSubmit,
      // Once React runs, the schema checks instead of the browser's own messages; before (or without
      // JavaScript), the browser's required and type=email checks run, unless the action does them all.
      noValidate: hydrated || serverChecksOnly,
      // A form-level error (none of the fields) describes the form, as conform's props did.
      ...(visible[""] ? { "aria-describedby": `${id}-error` } : {}),
    },
    error: (name: string): string | null => visible[name]?.[0] ?? null,
  };
}
