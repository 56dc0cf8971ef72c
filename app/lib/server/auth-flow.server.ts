/**
 * What the sign-in side of the web app shares (SPEC.md sections 2, 4, 5, 8): the answers of the
 * Auth service, where to go after signing in, how a refusal reads, and starting the web session.
 * The steps of each screen live beside it (signin/, recover_password._index/) or in
 * new-password.server.ts and entry-redirects.server.ts when several screens use them.
 *
 * Free of the Remix runtime on purpose (Worker tests import these modules): answers are plain
 * Responses or plain objects, and the `lng` cookie is passed in by the route.
 */
import { SUPPORTED_LOCALES } from "~/domain/locales";
import { localPath } from "~/domain/same-origin";
import type { AuthFailure, FieldErrors } from "~/domain/auth-forms";
import { landingPath } from "../signed-out";
import { startWebSession, type ApiArgs, type ApiResult } from "./api.server";
import type { ApiTokens } from "../../../workers/auth/web-session";
import type { SessionUser } from "../../../workers/api/types";

/** What login, e-mail confirmation and password reset answer: tokens and the member (workers/api/types.ts). */
export type SignInAnswer = ApiTokens & { user: SessionUser };

/** The `lng` cookie (app/i18n/locale.server.ts), handed in so this module needs no Remix runtime. */
export interface LocaleCookie {
  serialize(value: string): Promise<string>;
}

export type Outcome<T> = T & { status: number };

// ---------------------------------------------------------------------------------------------
// Where to go

/** Where to go after signing in: a path of this site to land on (signed-out.ts, landingPath), else `fallback`. */
export function safeRedirect(raw: string | null | undefined, fallback = "/wall"): string {
  return landingPath(raw) ?? fallback;
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

export const redirectParam = (request: Request) => new URL(request.url).searchParams.get("redirect");

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
  const cookies = [await startWebSession(args, answer), ...(extraCookie ? [extraCookie] : [])];
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
export const statusOf = (failure: AuthFailure) => (failure.status >= 400 && failure.status <= 599 ? failure.status : 400);

export const formOf = async (request: Request) => request.formData().catch(() => new FormData());
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The API's own field errors (400 validation_error), when it has them. */
export function apiFieldErrors(result: ApiResult<unknown>): FieldErrors | undefined {
  return !result.ok && result.status === 400 && result.error.fields ? { ...result.error.fields } : undefined;
}

