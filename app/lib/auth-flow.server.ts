/**
 * The sign-in side of the web app (SPEC.md sections 2, 4, 5, 8): sign-in, recovery, e-mail
 * confirmation, the entry redirects. The routes stay thin; the steps live here.
 *
 * Free of the Remix runtime on purpose (Worker tests import this module): answers are plain
 * Responses or plain objects, and the `lng` cookie is passed in by the route.
 */
import { isValidEmail, normalizeEmail } from "~/domain/email";
import { SUPPORTED_LOCALES } from "~/domain/locales";
import { localPath } from "~/domain/same-origin";
import {
  EmailFormSchema,
  InitialPasswordFormSchema,
  LoginFormSchema,
  NewPasswordFormSchema,
  parseForm,
  readPolicy,
  type AuthFailure,
  type FieldErrors,
  type NewPasswordResult,
} from "~/domain/auth-forms";
import type { PasswordPolicy } from "~/domain/password-policy";
import { endSession, hasSession, memberApi, publicApi, type ApiArgs, type ApiResult } from "./api.server";
import { createWebSession, type ApiTokens } from "../../workers/auth/web-session";

export interface AuthOrganization {
  slug: string;
  name: string;
  logo: string | null;
  logo_small: string | null;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  language: string | null;
  organizations: AuthOrganization[];
}

/** What login, e-mail confirmation and password reset answer. */
export interface SignInAnswer extends ApiTokens {
  user: AuthUser;
}

export interface LookupAnswer {
  email: string;
  nextStage: "password" | "sso_popup";
  organizations: AuthOrganization[];
  url: string;
}

/** The `lng` cookie (app/i18n/locale.server.ts), handed in so this module needs no Remix runtime. */
export interface LocaleCookie {
  serialize(value: string): Promise<string>;
}

export type Outcome<T> = T & { status: number };

// ---------------------------------------------------------------------------------------------
// Where to go

/** Pages that make no sense after signing in (and would loop). */
const NOT_A_DESTINATION = /^\/(?:signin|logout|loading)(?:[/?#]|$)/;

/** Where to go after signing in: a path of this site (app/domain/same-origin.ts), else `fallback`. */
export function safeRedirect(raw: string | null | undefined, fallback = "/wall"): string {
  const path = localPath(raw);
  return path && !NOT_A_DESTINATION.test(path) ? path : fallback;
}

/** The SSO start the lookup answers (/sso/initiate/{provider}/{path}?...), and nothing else. */
export function safeSsoUrl(raw: string | null | undefined): string | null {
  const path = localPath(raw);
  return path && /^\/sso\/initiate\/[^/?#]+\/[^\s]*$/.test(path) ? path : null;
}

/** A 302 with any number of cookies (a plain Response: Remix follows it like its own redirect()). */
export function redirectTo(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
}

const redirectParam = (request: Request) => new URL(request.url).searchParams.get("redirect");

/** The sign-in page with the given stage, keeping where the visitor was going. */
export function signinUrl(request: Request, stage?: { email?: string; stage?: "password" | "sso"; sso?: string }) {
  const query = new URLSearchParams();
  const next = redirectParam(request);
  if (next && safeRedirect(next, "") !== "") query.set("redirect", next);
  if (stage?.email) query.set("email", stage.email);
  if (stage?.stage) query.set("stage", stage.stage);
  if (stage?.sso) query.set("sso", stage.sso);
  const search = query.toString();
  return search ? `/signin?${search}` : "/signin";
}

/**
 * Starts the web session for freshly issued tokens, sets the page language to the member's, and
 * goes on.
 */
export async function completeSignIn(
  args: ApiArgs,
  answer: SignInAnswer,
  target: string,
  localeCookie?: LocaleCookie,
  extraCookie?: string | null,
): Promise<Response> {
  const cookies = [await createWebSession(args.context, answer), ...(extraCookie ? [extraCookie] : [])];
  const language = answer.user?.language;
  if (localeCookie && language && (SUPPORTED_LOCALES as readonly string[]).includes(language)) {
    cookies.push(await localeCookie.serialize(language));
  }
  return redirectTo(target, cookies);
}

// ---------------------------------------------------------------------------------------------
// Failures (SPEC.md section 8)

/** api.server.ts answers a call that got no response at all as this 400. */
export function isMissingResponse(result: ApiResult<unknown>): boolean {
  return !result.ok && result.status === 400 && result.error.error === "bad_request" && result.error.message === "No response";
}

/** An API refusal as the page words it; for sign-in a missing response counts as 504. */
export function failureOf(result: ApiResult<unknown>, missingAs = 400): AuthFailure {
  if (result.ok) return { status: result.status, error: "" };
  if (isMissingResponse(result)) return { status: missingAs, error: "no_response" };
  return { status: result.status, error: result.error.error ?? "" };
}

/** The status the page answers with for a refusal: the API's own when it is an error status. */
const statusOf = (failure: AuthFailure) => (failure.status >= 400 && failure.status <= 599 ? failure.status : 400);

const formOf = async (request: Request) => request.formData().catch(() => new FormData());
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// ---------------------------------------------------------------------------------------------
// /signin

export type SigninStage = "email" | "password" | "sso";

export interface SigninPage {
  stage: SigninStage;
  email: string;
  ssoUrl: string | null;
  /** The organisation may switch off new accounts (community config disable_create_new_account). */
  canSignUp: boolean;
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
  return { stage: "email", email, ssoUrl: null, canSignUp };
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
    const result = await publicApi<SignInAnswer>(args, "POST", "/auth/login", {
      email: parsed.value.email,
      password: parsed.value.password,
      requiredProduct: "community",
    });
    if (result.ok) return completeSignIn(args, result.data, safeRedirect(redirectParam(args.request)), localeCookie);
    const failure = failureOf(result, 504);
    return { status: statusOf(failure), intent, email, failure, errors: apiFieldErrors(result) };
  }

  if (intent === "resend") {
    const parsed = parseForm(EmailFormSchema, form);
    if (!parsed.ok) return { status: 400, intent, email, errors: parsed.errors };
    const result = await publicApi(args, "POST", "/auth/confirm_email", { email: parsed.value.email, app: "web" });
    if (result.ok) return { status: 200, intent, email, resent: true };
    const failure = failureOf(result);
    return { status: statusOf(failure), intent, email, failure };
  }

  // lookup (also what a form without an intent means)
  const parsed = parseForm(EmailFormSchema, form);
  if (!parsed.ok) return { status: 400, intent: "lookup", email, errors: parsed.errors };
  const result = await publicApi<LookupAnswer>(args, "POST", "/auth/lookup", { email: parsed.value.email, requiredProduct: "community" });
  if (!result.ok) {
    const failure = failureOf(result, 504);
    return { status: statusOf(failure), intent: "lookup", email: parsed.value.email, failure, errors: apiFieldErrors(result) };
  }
  const sso = result.data.nextStage === "sso_popup" ? safeSsoUrl(result.data.url) : null;
  if (result.data.nextStage === "sso_popup" && !sso) {
    return { status: 502, intent: "lookup", email: parsed.value.email, failure: { status: 502, error: "sso_unavailable" } };
  }
  return redirectTo(signinUrl(args.request, sso ? { email: parsed.value.email, stage: "sso", sso } : { email: parsed.value.email, stage: "password" }));
}

/** The API's own field errors (400 validation_error), when it has them. */
function apiFieldErrors(result: ApiResult<unknown>): FieldErrors | undefined {
  return !result.ok && result.status === 400 && result.error.fields ? { ...result.error.fields } : undefined;
}

// ---------------------------------------------------------------------------------------------
// /recover_password

export type RecoverActionData = Outcome<{ email: string; sent?: boolean; errors?: FieldErrors; failure?: AuthFailure }>;

export async function recoverPasswordAction(args: ApiArgs): Promise<RecoverActionData> {
  const form = await formOf(args.request);
  const email = normalizeEmail(text(form, "email")).slice(0, 320);
  const parsed = parseForm(EmailFormSchema, form);
  if (!parsed.ok) return { status: 400, email, errors: parsed.errors };
  const result = await publicApi(args, "POST", "/auth/recover_password", { email: parsed.value.email, app: "web" });
  if (result.ok) return { status: 200, email: parsed.value.email, sent: true };
  const failure = failureOf(result);
  return { status: statusOf(failure), email: parsed.value.email, failure, errors: apiFieldErrors(result) };
}

// ---------------------------------------------------------------------------------------------
// /recover_password/{token} and /confirm_email/{token}

export type TokenType = "password_reset" | "email_confirmation";

export type NewPasswordPage =
  | { state: "ready"; email: string; policy: PasswordPolicy; initial: boolean }
  | { state: "expired"; initial: boolean }
  | { state: "error"; failure: AuthFailure; initial: boolean };

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The policy and e-mail the link was issued for; 401 means the link expired (or was used). */
export async function newPasswordLoader(args: ApiArgs, token: string | undefined, type: TokenType): Promise<NewPasswordPage> {
  const initial = type === "password_reset" && new URL(args.request.url).searchParams.get("initial") === "1";
  if (!token || !TOKEN.test(token)) return { state: "expired", initial };
  const result = await publicApi<{ password_policy: unknown; email: string }>(
    args,
    "GET",
    `/auth/password_policy/${encodeURIComponent(token)}?token_type=${type}`,
  );
  if (result.ok) return { state: "ready", email: result.data.email, policy: readPolicy(result.data.password_policy), initial };
  if (result.status === 401) return { state: "expired", initial };
  return { state: "error", failure: failureOf(result), initial };
}

export type NewPasswordActionData = Outcome<NewPasswordResult>;

/**
 * Saves the new password (PUT /auth/recover_password/{token} or /auth/confirm_email/{token}) and
 * signs the member in; or, intent "resend" on an expired confirmation link, mails another one.
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
    const path = type === "email_confirmation" ? "/auth/confirm_email" : "/auth/recover_password";
    const result = await publicApi(args, "POST", path, { email: parsed.value.email, app: "web" });
    if (result.ok) return { status: 200, intent: "resend", email: parsed.value.email, resent: true };
    const failure = failureOf(result);
    return { status: statusOf(failure), intent: "resend", email: parsed.value.email, failure };
  }

  if (!token || !TOKEN.test(token)) return { status: 401, intent: "save", expired: true };
  const initial = type === "password_reset" && new URL(args.request.url).searchParams.get("initial") === "1";
  let body: { password: string; agreements?: { agreeTC: boolean; agreeComms: boolean } };
  if (initial) {
    const parsed = parseForm(InitialPasswordFormSchema, form);
    if (!parsed.ok) return { status: 400, intent: "save", errors: parsed.errors };
    const { password, agreeTC, agreeComms } = parsed.value;
    body = { password, agreements: { agreeTC: agreeTC === true, agreeComms: agreeComms === true } };
  } else {
    const parsed = parseForm(NewPasswordFormSchema, form);
    if (!parsed.ok) return { status: 400, intent: "save", errors: parsed.errors };
    body = { password: parsed.value.password };
  }
  const path = type === "password_reset" ? "/auth/recover_password/" : "/auth/confirm_email/";
  const result = await publicApi<SignInAnswer>(args, "PUT", `${path}${encodeURIComponent(token)}`, body);
  if (result.ok) {
    const { to, setCookie } = await next();
    return completeSignIn(args, result.data, to, localeCookie, setCookie);
  }
  if (result.status === 401) return { status: 401, intent: "save", expired: true };
  const failure = failureOf(result);
  return { status: statusOf(failure), intent: "save", failure, errors: apiFieldErrors(result) };
}

// ---------------------------------------------------------------------------------------------
// /, /loading, /logout

/** "/": members go through /loading, everyone else to /welcome, keeping where they were going. */
export async function entryRedirect(args: ApiArgs): Promise<Response> {
  const next = redirectParam(args.request);
  const keep = next && safeRedirect(next, "") !== "" ? `?${new URLSearchParams({ redirect: next })}` : "";
  return redirectTo(`${(await hasSession(args)) ? "/loading" : "/welcome"}${keep}`);
}

/**
 * /loading: checks the session with the API (PUT /auth/identity), then goes where the member was
 * going, else /wall. A failed check ends the session (SPEC.md section 4) and goes to /signin.
 */
export async function loadingRedirect(args: ApiArgs, localeCookie?: LocaleCookie): Promise<Response> {
  const next = redirectParam(args.request);
  const target = safeRedirect(next);
  const backToSignin = () => {
    const keep = next && safeRedirect(next, "") !== "" ? `?${new URLSearchParams({ redirect: next })}` : "";
    return `/signin${keep}`;
  };
  if (!(await hasSession(args))) return redirectTo(backToSignin());
  let result: ApiResult<{ user: AuthUser }>;
  try {
    result = await memberApi<{ user: AuthUser }>(args, "PUT", "/auth/identity");
  } catch (thrown) {
    // memberApi's way out when the session is over: keep its cookie, but send on the real referrer.
    if (thrown instanceof Response) return redirectTo(backToSignin(), thrown.headers.getSetCookie());
    throw thrown;
  }
  if (!result.ok) return redirectTo(backToSignin(), [await endSession(args)]);
  const language = result.data.user?.language;
  const cookies =
    localeCookie && language && (SUPPORTED_LOCALES as readonly string[]).includes(language) ? [await localeCookie.serialize(language)] : [];
  return redirectTo(target, cookies);
}

/** /logout: ends the session at the API and here, then /signin. */
export async function logout(args: ApiArgs): Promise<Response> {
  return redirectTo("/signin", [await endSession(args)]);
}
