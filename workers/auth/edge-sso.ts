/**
 * Single sign-on behind an edge (issue 16, point 5; docs/upstream.md): the providers and the
 * round trip's state live upstream, so the edge passes /sso/initiate and the callback on. The
 * upstream's callback signs the member in for its own clients: a refresh cookie, and a web session
 * in its own store, which the edge cannot read. The edge turns that refresh token into a session of
 * its own (one refresh at the upstream, the tokens sealed in the edge's web_sessions) and answers
 * the callback's redirect with the edge's session cookie instead.
 */
import type { Context } from "hono";
import { upstreamCall, type UpstreamFetch } from "../lib/upstream";
import type { AppEnv } from "../types";
import { REFRESH_COOKIE } from "./sessions";
import { createWebSession, type ApiTokens } from "./web-session";

const CALLBACK = /^\/auth\/sso\/[^/]+\/callback$/;

/** The refresh token the upstream's answer sets, if any. */
function refreshTokenSet(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq).trim() === REFRESH_COOKIE && pair.slice(eq + 1).trim()) return pair.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The callback's answer as the browser gets it from the edge: with an edge web session when the
 * upstream signed the member in, untouched otherwise (an error page, an administrator's test).
 */
export async function adoptUpstreamSignIn(c: Context<AppEnv>, response: Response, upstreamFetch: UpstreamFetch): Promise<Response> {
  if (!CALLBACK.test(new URL(c.req.url).pathname)) return response;
  const refreshToken = refreshTokenSet(response);
  if (!refreshToken) return response;
  const refreshed = await upstreamCall(c.env, c.req.url, c.var.requestId, upstreamFetch, "PUT", "/auth/refresh", { refresh_token: refreshToken });
  if (!refreshed.ok) return c.redirect("/sso/error/session_failed", 302);
  const sessionCookie = await createWebSession({ cloudflare: { env: c.env } }, (await refreshed.json()) as ApiTokens);
  const answer = new Headers(response.headers);
  // The upstream's cookies name its own store and a refresh token now spent: the edge's replace them.
  answer.delete("set-cookie");
  answer.append("set-cookie", sessionCookie);
  return new Response(response.body, { status: response.status, headers: answer });
}
