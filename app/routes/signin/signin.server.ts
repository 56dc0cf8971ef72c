/**
 * /signin (SPEC.md sections 2, 4, 5): the e-mail step, then the password or the SSO step. The
 * stage lives in the URL, so reloading and "back" behave.
 */
import { isValidEmail, normalizeEmail } from "~/domain/email";
import { EmailFormSchema, LoginFormSchema, type AuthFailure, type FieldErrors } from "~/domain/auth-forms";
import { parseForm } from "~/domain/form-values";
import { hasSession, publicCall, type ApiArgs } from "~/lib/server/api.server";
import { ssoStartLandingOn } from "~/lib/signed-out";
import {
  apiFieldErrors,
  completeSignIn,
  failureOf,
  formOf,
  redirectParam,
  redirectTo,
  safeRedirect,
  safeSsoUrl,
  signinUrl,
  statusOf,
  text,
  type LocaleCookie,
  type Outcome,
} from "~/lib/server/auth-flow.server";

export type SigninStage = "email" | "password" | "sso";

export interface SigninPage {
  stage: SigninStage;
  email: string;
  ssoUrl: string | null;
  /** The organisation may switch off new accounts (community config disable_create_new_account). */
  canSignUp: boolean;
  /** After asking to delete the account: the day it goes (YYYY-MM-DD); signing in keeps it. */
  deletionDue?: string | null;
}

/** The stage comes from the URL (so reloading and "back" behave); a stage without its data starts over. */
export async function signinLoader(args: ApiArgs): Promise<Response | SigninPage> {
  if (await hasSession(args)) return redirectTo(safeRedirect(redirectParam(args.request)));
  const query = new URL(args.request.url).searchParams;
  const email = normalizeEmail(query.get("email") ?? "").slice(0, 320);
  const wanted = query.get("stage");
  const ssoUrl = safeSsoUrl(query.get("sso"));
  const canSignUp = !args.context.tenant?.community?.disable_create_new_account;
  if (wanted === "password" && isValidEmail(email)) return { stage: "password", email, ssoUrl: null, canSignUp };
  if (wanted === "sso" && isValidEmail(email) && ssoUrl) return { stage: "sso", email, ssoUrl, canSignUp };
  const due = query.get("deletion_due") ?? "";
  const deletionDue = /^\d{4}-\d{2}-\d{2}$/.test(due) && !Number.isNaN(Date.parse(due)) ? due : null;
  return { stage: "email", email, ssoUrl: null, canSignUp, deletionDue };
}

export type SigninIntent = "lookup" | "login" | "resend";

export type SigninActionData = Outcome<{
  intent: SigninIntent;
  email: string;
  errors?: FieldErrors;
  failure?: AuthFailure;
  resent?: boolean;
}>;

/** Intents: lookup (email step), login (password step), resend (the confirmation e-mail, after a 412). */
export async function signinAction(args: ApiArgs, localeCookie?: LocaleCookie): Promise<Response | SigninActionData> {
  const form = await formOf(args.request);
  const intent = text(form, "intent");
  const email = normalizeEmail(text(form, "email")).slice(0, 320);

  if (intent === "login") {
    const parsed = parseForm(LoginFormSchema, form);
    if (!parsed.ok) return { status: 400, intent, email, errors: parsed.errors };
    const result = await publicCall(args, (api) =>
      api.auth.login.$post({ json: { email: parsed.value.email, password: parsed.value.password, requiredProduct: "community" } }),
    );
    if (result.ok) return completeSignIn(args, result.data, safeRedirect(redirectParam(args.request)), localeCookie);
    const failure = failureOf(result, 504);
    return { status: statusOf(failure), intent, email, failure, errors: apiFieldErrors(result) };
  }

  if (intent === "resend") {
    const parsed = parseForm(EmailFormSchema, form);
    if (!parsed.ok) return { status: 400, intent, email, errors: parsed.errors };
    const result = await publicCall(args, (api) => api.auth.confirm_email.$post({ json: { email: parsed.value.email, app: "web" } }));
    if (result.ok) return { status: 200, intent, email, resent: true };
    const failure = failureOf(result);
    return { status: statusOf(failure), intent, email, failure };
  }

  // lookup (also what a form without an intent means)
  const parsed = parseForm(EmailFormSchema, form);
  if (!parsed.ok) return { status: 400, intent: "lookup", email, errors: parsed.errors };
  const result = await publicCall(args, (api) => api.auth.lookup.$post({ json: { email: parsed.value.email, requiredProduct: "community" } }));
  if (!result.ok) {
    const failure = failureOf(result, 504);
    return { status: statusOf(failure), intent: "lookup", email: parsed.value.email, failure, errors: apiFieldErrors(result) };
  }
  // Without a popup, the SSO round trip itself must land where the visitor was going.
  const start = result.data.nextStage === "sso_popup" ? safeSsoUrl(result.data.url) : null;
  const sso = start && ssoStartLandingOn(start, redirectParam(args.request));
  if (result.data.nextStage === "sso_popup" && !sso) {
    return { status: 502, intent: "lookup", email: parsed.value.email, failure: { status: 502, error: "sso_unavailable" } };
  }
  return redirectTo(signinUrl(args.request, sso ? { email: parsed.value.email, stage: "sso", sso } : { email: parsed.value.email, stage: "password" }));
}

