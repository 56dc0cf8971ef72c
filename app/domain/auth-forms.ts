/**
 * The sign-in side's forms (SPEC.md section 5) and how their failures are worded (section 8).
 * Shared by the browser (instant feedback) and the actions (the truth); no server code here.
 */
import * as v from "valibot";
import { EmailSchema } from "~/domain/email";
import { DEFAULT_PASSWORD_POLICY, PasswordPolicySchema, type PasswordPolicy } from "~/domain/password-policy";

const PasswordSchema = v.pipe(
  v.string("form_error_required"),
  v.nonEmpty("form_error_required"),
  v.maxLength(1024, "password_policy_maxLength"),
);

/** Sign-in email step, password recovery request and the "send another link" forms. */
export const EmailFormSchema = v.object({ email: EmailSchema });

/** Sign-in password step. */
export const LoginFormSchema = v.object({ email: EmailSchema, password: PasswordSchema });

/** Checkboxes arrive as "on" (checked) or not at all. */
const Checkbox = v.pipe(
  // The default makes a missing box count (as unchecked) instead of skipping the key.
  v.optional(v.string(), ""),
  v.transform((value) => value === "on" || value === "true"),
);

/** A new password (recovery or e-mail confirmation). */
export const NewPasswordFormSchema = v.object({ password: PasswordSchema });

/** The set-initial-password variant of recovery: the terms must be accepted; commercial e-mails are optional. */
export const InitialPasswordFormSchema = v.object({
  password: PasswordSchema,
  agreeTC: v.pipe(Checkbox, v.literal(true, "form_error_terms_required")),
  agreeComms: Checkbox,
});

/** Field name -> message key of the first issue on that field. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Reads a form with one of the schemas above: the parsed values, or the field errors. */
export function parseForm<S extends v.GenericSchema>(schema: S, form: FormData | Record<string, unknown>) {
  const entries = form instanceof FormData ? Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) : form;
  const parsed = v.safeParse(schema, entries);
  return parsed.success
    ? ({ ok: true, value: parsed.output } as const)
    : ({ ok: false, errors: fieldErrors(parsed.issues) } as const);
}

/** An API refusal as a page shows it: the status code and the `error` field of the body. */
export interface AuthFailure {
  status: number;
  error: string;
}

/**
 * SPEC.md section 8: the message keyed by code plus the error field, then by code, then the
 * default ("{prefix}_error_404_account_not_found", "{prefix}_error_404", "{prefix}_error_default").
 */
export function errorKeys(prefix: string, failure: AuthFailure): string[] {
  const error = failure.error.replace(/[^a-z0-9_]/gi, "");
  return [...(error ? [`${prefix}_error_${failure.status}_${error}`] : []), `${prefix}_error_${failure.status}`, `${prefix}_error_default`];
}

/** The policy as the API sent it, with the defaults filled in (a partial or odd policy never breaks the page). */
export function readPolicy(raw: unknown): PasswordPolicy {
  const parsed = v.safeParse(PasswordPolicySchema, raw ?? {});
  return parsed.success ? parsed.output : { ...DEFAULT_PASSWORD_POLICY, forbiddenWords: [] };
}

/**
 * onSubmit of the e-mail forms (sign-in email step, recovery request, "send another link"): with
 * JavaScript, an invalid address is shown at once and focus goes back to the field, so a screen
 * reader reads its error; a form already submitting is not sent twice.
 */
export function emailSubmitGuard(email: string, submitting: boolean, setErrors: (errors: FieldErrors) => void) {
  return (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    const parsed = parseForm(EmailFormSchema, { email });
    if (parsed.ok && !submitting) return;
    event.preventDefault();
    if (!parsed.ok) {
      setErrors(parsed.errors);
      event.currentTarget.querySelector<HTMLInputElement>("#email")?.focus();
    }
  };
}

/** What the new-password actions answer (recovery and e-mail confirmation), besides a redirect. */
export interface NewPasswordResult {
  intent: "save" | "resend";
  expired?: boolean;
  errors?: FieldErrors;
  failure?: AuthFailure;
  resent?: boolean;
  email?: string;
}
