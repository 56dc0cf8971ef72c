/**
 * /recover_password/{token} and /confirm_email/{token} (SPEC.md section 4): the link's policy and
 * e-mail, then saving the password and signing the member in.
 */
import { normalizeEmail } from "~/domain/email";
import type { Locale } from "~/domain/locales";
import { detectLocale } from "~/i18n/locale.server";
import {
  EmailFormSchema,
  InitialPasswordFormSchema,
  NewPasswordFormSchema,
 
  readPolicy,
  type AuthFailure,
  type NewPasswordResult,
} from "~/domain/auth-forms";
import { parseForm } from "~/domain/form-values";
import type { PasswordPolicy } from "~/domain/password-policy";
import { pathParam, publicCall, type ApiArgs } from "./api.server";
import { apiFieldErrors, completeSignIn, failureOf, formOf, statusOf, text, type LocaleCookie, type Outcome } from "./auth-flow.server";
import { isLinkToken } from "~/domain/tokens";

/** The links that end in a password: a reset, a confirmation, an invitation (issue 15: /invite/{token}). */
export type TokenType = "password_reset" | "email_confirmation" | "invite";

/** The set-initial-password variant (terms and commercial e-mails asked too): invitations, and resets marked ?initial=1. */
const isInitial = (type: TokenType, request: Request) => type === "invite" || (type === "password_reset" && new URL(request.url).searchParams.get("initial") === "1");

export type NewPasswordPage =
  /** `needsPassword` false: a confirmation link of an account that chose its password at sign-up only confirms. */
  | { state: "ready"; email: string; policy: PasswordPolicy; initial: boolean; organization: string; needsPassword: boolean }
  | { state: "expired"; initial: boolean }
  | { state: "error"; failure: AuthFailure; initial: boolean };


/** The policy and e-mail the link was issued for; 401 means the link expired (or was used). */
export async function newPasswordLoader(args: ApiArgs, token: string | undefined, type: TokenType): Promise<NewPasswordPage> {
  const initial = isInitial(type, args.request);
  if (!isLinkToken(token)) return { state: "expired", initial };
  const result = await publicCall(args, (api) => api.auth.password_policy[":token"].$get({ param: { token: pathParam(token) }, query: { token_type: type } }));
  if (result.ok) {
    const { email, password_policy, organization, needs_password } = result.data;
    return { state: "ready", email, policy: readPolicy(password_policy), initial, organization, needsPassword: needs_password !== false };
  }
  if (result.status === 401) return { state: "expired", initial };
  return { state: "error", failure: failureOf(result), initial };
}

export type NewPasswordActionData = Outcome<NewPasswordResult>;

/**
 * Saves the new password (PUT /auth/recover_password/{token} or /auth/confirm_email/{token}) and
 * signs the member in; intent "confirm" confirms an e-mail whose account has its password already
 * (issue 28); or, intent "resend" on an expired confirmation link, mails another one.
 */
export async function newPasswordAction(
  args: ApiArgs,
  token: string | undefined,
  type: TokenType,
  localeCookie?: LocaleCookie,
  /** Where to go once signed in, and a cookie to set then (a finished sign-up clears its draft). */
  next: () => Promise<{ to: string; setCookie: string | null }> = async () => ({ to: "/wall", setCookie: null }),
): Promise<Response | NewPasswordActionData> {
  const form = await formOf(args.request);
  if (text(form, "intent") === "resend") {
    const email = normalizeEmail(text(form, "email")).slice(0, 320);
    const parsed = parseForm(EmailFormSchema, form);
    if (!parsed.ok) return { status: 400, intent: "resend", email, errors: parsed.errors };
    const json = { email: parsed.value.email, app: "web" };
    const result = await publicCall(args, (api) =>
      type === "email_confirmation" ? api.auth.confirm_email.$post({ json }) : api.auth.recover_password.$post({ json }),
    );
    if (result.ok) return { status: 200, intent: "resend", email: parsed.value.email, resent: true };
    const failure = failureOf(result);
    return { status: statusOf(failure), intent: "resend", email: parsed.value.email, failure };
  }

  if (!isLinkToken(token)) return { status: 401, intent: "save", expired: true };
  const initial = isInitial(type, args.request);
  // The password chosen at sign-up is kept: the confirmation only confirms (issue 28).
  const confirmOnly = type === "email_confirmation" && text(form, "intent") === "confirm";
  let body: { password: string; agreements?: { agreeTC: boolean; agreeComms: boolean }; language?: Locale } | null = null;
  if (confirmOnly) {
    // Nothing to read: the link is the proof.
  } else if (initial) {
    const parsed = parseForm(InitialPasswordFormSchema, form);
    if (!parsed.ok) return { status: 400, intent: "save", errors: parsed.errors };
    const { password, agreeTC, agreeComms } = parsed.value;
    body = { password, agreements: { agreeTC: agreeTC === true, agreeComms: agreeComms === true } };
    // An invited member read the page in this language: the app goes on in it after the password.
    if (type === "invite") body.language = await detectLocale(args.request);
  } else {
    const parsed = parseForm(NewPasswordFormSchema, form);
    if (!parsed.ok) return { status: 400, intent: "save", errors: parsed.errors };
    body = { password: parsed.value.password };
  }
  const param = { token: pathParam(token) };
  const result = await publicCall(args, (api) =>
    body === null
      ? api.auth.confirm_email[":token"].$put({ param, json: {} })
      : type === "password_reset"
        ? api.auth.recover_password[":token"].$put({ param, json: body })
        : type === "invite"
          ? api.auth.invitation[":token"].$put({ param, json: body })
          : api.auth.confirm_email[":token"].$put({ param, json: body }),
  );
  if (result.ok) {
    const { to, setCookie } = await next();
    return completeSignIn(args, result.data, to, localeCookie, setCookie);
  }
  const intent = confirmOnly ? "confirm" : "save";
  if (result.status === 401) return { status: 401, intent, expired: true };
  const failure = failureOf(result);
  return { status: statusOf(failure), intent, failure, errors: apiFieldErrors(result) };
}

