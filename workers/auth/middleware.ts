/** Bearer-token authentication for the API and the Auth service. */
import { createMiddleware } from "hono/factory";
import { getConfig } from "../lib/config";
import { unauthorized } from "../lib/domain-errors";
import type { RequestMemo } from "../lib/request-memo";
import type { AuthContext, AuthEnv } from "../types";
import { accountDisabled, getLiveSession, liveSessionKey } from "./sessions";
import { type AccessClaims, verifyAccessToken } from "./tokens";

const unauthenticated = () => unauthorized("unauthenticated", "Sign in to continue.");

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i);
  return match ? match[1] : null;
}

/**
 * The one check every use of an access token passes (Auth service, /api/{org}/*, chat and its
 * socket): the session it names is live and belongs to its member (else null), and the member's
 * account is not disabled (else 402 account_disabled). With the memo of a browser request, a page's
 * in-process calls share one check (the page's web identity has usually made it already).
 */
export async function authenticateClaims(env: Env, claims: AccessClaims, memo?: RequestMemo): Promise<AuthContext | null> {
  const read = () => getLiveSession(env, claims.sid);
  const session = await (memo ? memo.once(liveSessionKey(claims.sid), read) : read());
  if (!session || session.memberId !== claims.sub) return null;
  if (session.memberDisabled) throw accountDisabled();
  return { memberId: claims.sub, sessionId: claims.sid, expiresAt: claims.exp * 1000 };
}

/** The member behind the request's access token, or null (no token, forged, expired, revoked). */
export async function authenticate(env: Env, authorization: string | undefined, memo?: RequestMemo): Promise<AuthContext | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(getConfig(env).TOKEN_SECRET, token);
  return claims ? authenticateClaims(env, claims, memo) : null;
}

/**
 * The session an authentic access token names, expired or not: enough to end it (logout), never to
 * use it. A forged token names nothing.
 */
export async function sessionNamedBy(env: Env, authorization: string | undefined): Promise<string | null> {
  const token = bearerToken(authorization);
  const claims = token ? await verifyAccessToken(getConfig(env).TOKEN_SECRET, token, 0) : null;
  return claims?.sid ?? null;
}

export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
  if (!auth) throw unauthenticated();
  c.set("auth", auth);
  await next();
});

export { unauthenticated };
