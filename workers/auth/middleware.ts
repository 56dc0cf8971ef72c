/** Bearer-token authentication for the API and the Auth service. */
import { createMiddleware } from "hono/factory";
import { getConfig } from "../lib/config";
import { ApiError } from "../lib/errors";
import type { AppEnv, AuthContext } from "../types";
import { getLiveSession } from "./sessions";
import { verifyAccessToken } from "./tokens";

const unauthenticated = () => new ApiError(401, "unauthenticated", "Sign in to continue.");

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i);
  return match ? match[1] : null;
}

/** The member behind the request's access token, or null (no token, forged, expired, revoked). */
export async function authenticate(env: Env, authorization: string | undefined): Promise<AuthContext | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(getConfig(env).TOKEN_SECRET, token);
  if (!claims) return null;
  const session = await getLiveSession(env, claims.sid);
  if (!session || session.memberId !== claims.sub) return null;
  return { memberId: claims.sub, sessionId: claims.sid };
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authenticate(c.env, c.req.header("authorization"));
  if (!auth) throw unauthenticated();
  c.set("auth", auth);
  await next();
});

export { unauthenticated };
