/**
 * Sessions and refresh tokens (DESIGN.md "Sessions"). A session is one refresh-token family with an
 * absolute lifetime. Refresh tokens rotate on every use; presenting a rotated token again is reuse
 * (a stolen copy), and revokes the whole session.
 */
import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { randomToken, sha256Hex } from "../lib/crypto";
import { accountDisabled, unauthorized } from "../lib/domain-errors";
import { deleteSessionSubscriptions } from "../push/subscriptions";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "./tokens";

export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600_000;
export const REFRESH_COOKIE = "commons_refresh";

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  sessionId: string;
}

const invalidRefresh = (code = "invalid_refresh_token") =>
  unauthorized(code, "The session has ended; sign in again.");

export { accountDisabled };

/**
 * The reason of sessions ended by disabling their account. Such a session keeps answering 402
 * `account_disabled` (not 401) to its tokens while the account stays disabled, so a client learns
 * why and logs out (SPEC.md section 8); once the account is enabled again it is simply over (401).
 */
export const ACCOUNT_DISABLED_REASON = "account_disabled";

/** Whether a revoked session was ended by disabling its account, and the account is still disabled. */
const endedByDisabling = (session: { revokedReason: string | null }, memberDisabledAt: number | null) =>
  session.revokedReason === ACCOUNT_DISABLED_REASON && memberDisabledAt !== null;

async function issue(env: Env, memberId: string, sessionId: string, sessionExpiresAt: number, now: number) {
  const refreshToken = randomToken();
  const statement = getDb(env)
    .insert(schema.refreshTokens)
    .values({
      tokenHash: await sha256Hex(refreshToken),
      sessionId,
      expiresAt: Math.min(now + REFRESH_TOKEN_TTL_MS, sessionExpiresAt),
    });
  const accessToken = await signAccessToken(getConfig(env).TOKEN_SECRET, { sub: memberId, sid: sessionId }, now);
  return { statement, tokens: { access_token: accessToken, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_TTL_SECONDS, sessionId } };
}

export async function createSession(env: Env, memberId: string, userAgent?: string | null): Promise<IssuedTokens> {
  const db = getDb(env);
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const expiresAt = now + SESSION_MAX_AGE_MS;
  const { statement, tokens } = await issue(env, memberId, sessionId, expiresAt, now);
  await db.batch([
    db.insert(schema.sessions).values({ id: sessionId, memberId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null }),
    statement,
    // Signing in within the grace period keeps an account whose deletion was asked for (workers/account/deletion.ts).
    db
      .update(schema.members)
      .set({ deletionRequestedAt: null, deletionRequestedBy: null })
      .where(and(eq(schema.members.id, memberId), isNotNull(schema.members.deletionRequestedAt), isNull(schema.members.erasedAt))),
  ]);
  return tokens;
}

export async function revokeSession(env: Env, sessionId: string, reason: string) {
  const db = getDb(env);
  await db.batch([
    db
      .update(schema.sessions)
      .set({ revokedAt: Date.now(), revokedReason: reason })
      .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt))),
    // The device signed out is no longer the member's: its push subscriptions go with the session (decision 046).
    deleteSessionSubscriptions(env, sessionId),
  ]);
}

/** The statement that ends every live session of a member (for a batch with the change that requires it; `onlyIf`: only when that change happened). */
export function revokeMemberSessions(env: Env, memberId: string, reason: string, onlyIf?: SQL) {
  return getDb(env)
    .update(schema.sessions)
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where(and(eq(schema.sessions.memberId, memberId), isNull(schema.sessions.revokedAt), onlyIf));
}

/** Trades a refresh token for a new pair; a reused token revokes the family. */
export async function rotateRefreshToken(env: Env, refreshToken: string): Promise<IssuedTokens & { memberId: string }> {
  if (refreshToken.length < 20 || refreshToken.length > 200) throw invalidRefresh();
  const db = getDb(env);
  const now = Date.now();
  const tokenHash = await sha256Hex(refreshToken);
  const row = await db
    .select({ token: schema.refreshTokens, session: schema.sessions, disabledAt: schema.members.disabledAt })
    .from(schema.refreshTokens)
    .innerJoin(schema.sessions, eq(schema.sessions.id, schema.refreshTokens.sessionId))
    .innerJoin(schema.members, eq(schema.members.id, schema.sessions.memberId))
    .where(eq(schema.refreshTokens.tokenHash, tokenHash))
    .get();
  if (!row) throw invalidRefresh();
  const { token, session } = row;
  if (session.revokedAt !== null) throw endedByDisabling(session, row.disabledAt) ? accountDisabled() : invalidRefresh("session_revoked");
  if (row.disabledAt !== null) throw accountDisabled();
  if (token.usedAt !== null) {
    await revokeSession(env, session.id, "refresh_token_reused");
    throw invalidRefresh("refresh_token_reused");
  }
  if (token.expiresAt <= now || session.expiresAt <= now) throw invalidRefresh("session_expired");

  // Exactly one caller can mark the token used; a racing duplicate counts as reuse.
  const used = await db
    .update(schema.refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(schema.refreshTokens.tokenHash, tokenHash), isNull(schema.refreshTokens.usedAt)))
    .run();
  if (used.meta.changes !== 1) {
    await revokeSession(env, session.id, "refresh_token_reused");
    throw invalidRefresh("refresh_token_reused");
  }
  const { statement, tokens } = await issue(env, session.memberId, session.id, session.expiresAt, now);
  await statement;
  return { ...tokens, memberId: session.memberId };
}

/** The key of a session's live check in a browser request's memo (lib/request-memo.ts). */
export const liveSessionKey = (sessionId: string) => `live-session:${sessionId}`;

type SessionRow = typeof schema.sessions.$inferSelect;

/**
 * A session as read, or null when it was revoked or has expired; with whether its member is
 * disabled. A session ended by disabling its account comes back as disabled (402), not as over.
 */
export function liveSession(session: SessionRow | null, memberDisabledAt: number | null) {
  if (!session || session.expiresAt <= Date.now()) return null;
  if (session.revokedAt !== null) return endedByDisabling(session, memberDisabledAt) ? { ...session, memberDisabled: true } : null;
  return { ...session, memberDisabled: memberDisabledAt !== null };
}

export type LiveSession = NonNullable<ReturnType<typeof liveSession>>;

/**
 * The live session an access token names, or null when it was revoked or has expired; with whether
 * its member's account is disabled (one read: the check every token use pays anyway).
 */
export async function getLiveSession(env: Env, sessionId: string): Promise<LiveSession | null> {
  const row = await getDb(env)
    .select({ session: schema.sessions, disabledAt: schema.members.disabledAt })
    .from(schema.sessions)
    .innerJoin(schema.members, eq(schema.members.id, schema.sessions.memberId))
    .where(eq(schema.sessions.id, sessionId))
    .get();
  return row ? liveSession(row.session, row.disabledAt) : null;
}

export async function sessionOfRefreshToken(env: Env, refreshToken: string): Promise<string | null> {
  const row = await getDb(env)
    .select({ sessionId: schema.refreshTokens.sessionId })
    .from(schema.refreshTokens)
    .where(eq(schema.refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .get();
  return row?.sessionId ?? null;
}
