/**
 * Access tokens: short-lived HS256 JWTs naming the member and the session. They are checked against
 * the session row on every use, so logout and refresh-token reuse take effect at once.
 */
import { base64UrlDecode, base64UrlEncode, hmacSha256, timingSafeEqual } from "../lib/crypto";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

const encoder = new TextEncoder();
const HEADER = base64UrlEncode(encoder.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));

export async function signAccessToken(
  secret: string,
  claims: { sub: string; sid: string },
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const payload: AccessClaims = { ...claims, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  const body = `${HEADER}.${base64UrlEncode(encoder.encode(JSON.stringify(payload)))}`;
  return `${body}.${base64UrlEncode(await hmacSha256(secret, body))}`;
}

/**
 * The claims of a valid, unexpired token, or null for anything else (forged, malformed, expired,
 * or older than an access token's maximum age whatever its `exp` says). `now` 0: any age (only to
 * name the session an old token stood for, never to use it).
 */
export async function verifyAccessToken(secret: string, token: string, now = Date.now()): Promise<AccessClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  try {
    const expected = await hmacSha256(secret, `${parts[0]}.${parts[1]}`);
    if (!timingSafeEqual(expected, base64UrlDecode(parts[2]))) return null;
    const claims = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1]))) as Partial<AccessClaims>;
    if (typeof claims.sub !== "string" || typeof claims.sid !== "string" || typeof claims.exp !== "number" || typeof claims.iat !== "number") return null;
    if (claims.exp * 1000 <= now || (now > 0 && now - claims.iat * 1000 >= ACCESS_TOKEN_TTL_SECONDS * 1000)) return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}
