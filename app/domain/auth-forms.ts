/**
 * The sign-in side's forms (SPEC.md section 5) and how their failures are worded (section 8).
 * Shared by the browser (instant feedback) and the actions (the truth); no server code here.
 */
import * as v from "valibot";
import type { AuthFailure } from "~/domain/auth-failure";
import { EmailSchema } from "~/domain/email";
import type { FieldErrors } from "~/domain/field-errors";
import { FormCheckbox } from "~/domain/form-values";
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

/** A new password (recovery or e-mail confirmation). */
export const NewPasswordFormSchema = v.object({ password: PasswordSchema });

/** The set-initial-password variant of recovery: the terms must be accepted; commercial e-mails are optional. */
export const InitialPasswordFormSchema = v.object({
  password: PasswordSchema,
  agreeTC: v.pipe(FormCheckbox, v.literal(true, "form_error_terms_required")),
  agreeComms: FormCheckbox,
});

export type { FieldErrors };


// The refusal and its message keys live in ./auth-failure.ts (no valibot: the pages' alerts import them
// without the schemas, docs/decisions/039-first-visit-weight.md).
export { errorKeys, type AuthFailure } from "./auth-failure";

/** The policy as the API sent it, with the defaults filled in (a partial or odd policy never breaks the page). */
export function readPolicy(raw: unknown): PasswordPolicy {
  const parsed = v.safeParse(PasswordPolicySchema, raw ?? {});
  return parsed.success ? parsed.output : { ...DEFAULT_PASSWORD_POLICY, forbiddenWords: [] };
}

/** What the new-password actions answer (recovery and e-mail confirmation), besides a redirect. */
export interface NewPasswordResult {
  /** save: a new password; confirm: an e-mail confirmed with the password chosen at sign-up; resend: another link. */
  intent: "save" | "confirm" | "resend";
  expired?: boolean;
  errors?: FieldErrors;
  failure?: AuthFailure;
  resent?: boolean;
  email?: string;
}
