/** Where "/", /loading and /logout send a visitor (SPEC.md sections 2 and 4). */
import { SUPPORTED_LOCALES } from "~/domain/locales";
import { endSession, hasSession, memberCall, throwIfUnavailable, type ApiArgs } from "./api.server";
import { redirectParam, redirectTo, safeRedirect, type LocaleCookie } from "./auth-flow.server";

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
  let result;
  try {
    result = await memberCall(args, (api) => api.auth.identity.$put());
  } catch (thrown) {
    // memberCall's way out when the session is over: keep its cookie, but send on the real referrer.
    if (thrown instanceof Response) return redirectTo(backToSignin(), thrown.headers.getSetCookie());
    throw thrown;
  }
  if (!result.ok) return redirectTo(backToSignin(), [await endSession(args)]);
  const language = result.data.user?.language;
  const cookies =
    localeCookie && language && (SUPPORTED_LOCALES as readonly string[]).includes(language) ? [await localeCookie.serialize(language)] : [];
  return redirectTo(target, cookies);
}

/**
 * POST /logout: ends the session at the API and here, then /signin. Only a POST signs out: the
 * edge refuses one sent from another site (workers/lib/request-origin.ts).
 */
export async function logout(args: ApiArgs): Promise<Response> {
  return redirectTo("/signin", [await endSession(args)]);
}

/**
 * GET /logout (issue 25): a link, which any site can make, never signs a member out. While the
 * session can still be used, the page asks for the confirmation (a POST). A session that cannot be
 * used any more is ended at once, as SPEC.md section 8 wants: a disabled account, an account left
 * with no organisation, a session the API no longer honours (where member.server.ts sends them).
 */
export async function logoutPage(args: ApiArgs): Promise<Response | { confirm: true }> {
  if (!(await hasSession(args))) return redirectTo("/signin");
  const identity = args.context.webIdentity ? await args.context.webIdentity(args.request) : null;
  if (identity?.status === "member") return identity.user.organizations[0] ? { confirm: true } : logout(args);
  if (identity && identity.status !== "unknown") return logout(args);
  // Tokens of an upstream API: ask it who this is.
  const result = await memberCall(args, (api) => api.auth.identity.$put());
  if (result.ok && result.data.user?.organizations[0]) return { confirm: true };
  if (!result.ok) throwIfUnavailable(result);
  return logout(args);
}
