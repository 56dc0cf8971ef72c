/**
 * The web app's session (DESIGN.md "Sessions"): an opaque id in an HttpOnly, Secure, SameSite=Lax
 * cookie; the API's access and refresh tokens it stands for are sealed in D1 (web_sessions).
 * Token refresh lives here, once: single flight per session, across requests and isolates.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import type { RequestMemo } from "../lib/request-memo";
import { randomToken, seal, sha256Hex, unseal } from "../lib/crypto";
import { getConfig } from "../lib/config";
import { verifyAccessToken } from "./tokens";

export const SESSION_COOKIE = "commons_session";
const SESSION_MAX_AGE_S = 30 * 24 * 3600;
/** SPEC.md section 9: wait at most 10 s for a refresh in progress. */
const REFRESH_WAIT_MS = 10_000;
const REFRESH_POLL_MS = 200;
/** Refresh a little before the access token expires, so a page never fails on a stale token. */
const EXPIRY_MARGIN_MS = 30_000;

export interface ApiTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface WebSession {
  id: string;
  accessToken: string;
  accessExpiresAt: number;
}

const { webSessions } = schema;

export type WebSessionRow = typeof webSessions.$inferSelect;

/** All these functions need is the Worker's env: the SSO callback (a Hono route) uses them too. */
/** What the web session needs of a request's context: the bindings, and the browser request's memo if any. */
export interface WebSessionContext {
  cloudflare: { env: Env };
  memo?: RequestMemo;
}
type EnvContext = WebSessionContext;

const secretOf = (context: EnvContext) => getConfig(context.cloudflare.env).TOKEN_SECRET;
const db = (context: EnvContext) => getDb(context.cloudflare.env);
const byId = (id: string) => eq(webSessions.id, id);

function cookieValue(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=") || null;
  }
  return null;
}

export function sessionCookie(value: string, maxAge = SESSION_MAX_AGE_S) {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export const clearSessionCookie = () => sessionCookie("", 0);

/**
 * The Auth session and member an access token names, when this Worker issued it (auth/web-identity.ts
 * reads the member with the web session from them); nulls for an upstream API's tokens.
 */
/**
 * Whose tokens these are, when this Worker issued them. At an edge (UPSTREAM_URL) it issued none:
 * even a token its secret happens to verify names a session of the upstream's, not of this D1.
 */
async function tokenOwner(context: EnvContext, secret: string, accessToken: string) {
  if (context.cloudflare.env.UPSTREAM_URL) return { sessionId: null, memberId: null };
  const claims = await verifyAccessToken(secret, accessToken, 0);
  return { sessionId: claims?.sid ?? null, memberId: claims?.sub ?? null };
}

/** Starts a web session for freshly issued tokens; answers the Set-Cookie value. */
export async function createWebSession(context: EnvContext, tokens: ApiTokens): Promise<string> {
  const value = randomToken();
  const now = Date.now();
  const secret = secretOf(context);
  const owner = await tokenOwner(context, secret, tokens.access_token);
  await db(context)
    .insert(webSessions)
    .values({
      id: await sha256Hex(value),
      accessToken: await seal(secret, tokens.access_token),
      accessExpiresAt: now + tokens.expires_in * 1000,
      refreshToken: await seal(secret, tokens.refresh_token),
      expiresAt: now + SESSION_MAX_AGE_S * 1000,
      sessionId: owner.sessionId,
      memberId: owner.memberId,
    });
  return sessionCookie(value);
}

async function readRow(context: WebSessionContext, id: string) {
  return db(context).select().from(webSessions).where(byId(id)).get();
}

export async function toSession(context: EnvContext, row: Pick<WebSessionRow, "id" | "accessToken" | "accessExpiresAt">): Promise<WebSession | null> {
  const accessToken = await unseal(secretOf(context), row.accessToken);
  return accessToken ? { id: row.id, accessToken, accessExpiresAt: row.accessExpiresAt } : null;
}

/** The key of the web session of a cookie value in a browser request's memo (the web identity fills it too). */
export const webSessionKey = (value: string) => `web-session:${value}`;

/** The request's cookie value when it can be a web session's. */
export function sessionCookieOf(request: Request): string | null {
  const value = cookieValue(request);
  return value && value.length <= 100 ? value : null;
}

/**
 * A page read with a web session, or one that starts or ends it, is the member's alone: marked so
 * that no cache keeps it, the browser's included, or the Back button shows it again after a sign-out.
 * A page that chose its own caching keeps it.
 */
export function keptOutOfCaches(request: Request, response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  if (cookieValue(request) === null && !response.headers.has("set-cookie")) return response;
  const headers = new Headers(response.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The request's web session, read once per browser request (context.memo); null without one. */
export async function getWebSession(context: WebSessionContext, request: Request): Promise<WebSession | null> {
  const value = sessionCookieOf(request);
  if (!value) return null;
  return context.memo ? context.memo.once(webSessionKey(value), () => readWebSession(context, value)) : readWebSession(context, value);
}

async function readWebSession(context: WebSessionContext, value: string): Promise<WebSession | null> {
  const row = await readRow(context, await sha256Hex(value));
  if (!row || row.expiresAt <= Date.now()) return null;
  return toSession(context, row);
}

export async function deleteWebSession(context: WebSessionContext, session: WebSession) {
  context.memo?.forget();
  await db(context).delete(webSessions).where(byId(session.id));
}

const inFlight = new Map<string, Promise<WebSession | null>>();

/**
 * A fresh access token for the session. One refresh at a time per session: within this isolate
 * callers share one promise; across isolates a conditional UPDATE elects one refresher and the
 * others wait (up to 10 s) for the row to change. Null when the API refused: the session is over.
 */
export function refreshWebSession(
  context: WebSessionContext,
  session: WebSession,
  callRefresh: (refreshToken: string) => Promise<ApiTokens | null>,
): Promise<WebSession | null> {
  let pending = inFlight.get(session.id);
  if (!pending) {
    pending = doRefresh(context, session, callRefresh).finally(() => inFlight.delete(session.id));
    inFlight.set(session.id, pending);
  }
  return pending;
}

async function doRefresh(
  context: WebSessionContext,
  session: WebSession,
  callRefresh: (refreshToken: string) => Promise<ApiTokens | null>,
): Promise<WebSession | null> {
  const now = Date.now();
  const claimed = await db(context)
    .update(webSessions)
    .set({ refreshingUntil: now + REFRESH_WAIT_MS })
    .where(and(byId(session.id), or(isNull(webSessions.refreshingUntil), lt(webSessions.refreshingUntil, now))));
  if (claimed.meta.changes !== 1) return waitForRefresh(context, session);

  const row = await readRow(context, session.id);
  const refreshToken = row ? await unseal(secretOf(context), row.refreshToken) : null;
  const release = () => db(context).update(webSessions).set({ refreshingUntil: null }).where(byId(session.id));
  // Someone else refreshed between our read and our claim: their token is already fresh.
  if (row && row.accessExpiresAt > session.accessExpiresAt) {
    await release();
    return toSession(context, row);
  }
  let tokens: ApiTokens | null;
  try {
    tokens = refreshToken ? await callRefresh(refreshToken) : null;
  } catch (cause) {
    // The API could not say (down, failing): the session stays, unclaimed, for the next request.
    await release();
    throw cause;
  }
  if (!tokens) {
    await db(context).delete(webSessions).where(byId(session.id));
    return null;
  }
  return storeTokens(context, session.id, tokens);
}

/**
 * Puts new tokens in the session (a refresh, or a renewal the browser brought back from the
 * upstream's auth origin: session.renew.tsx) and ends any refresh in progress.
 */
export async function storeTokens(context: WebSessionContext, sessionId: string, tokens: ApiTokens): Promise<WebSession> {
  const secret = secretOf(context);
  const accessExpiresAt = Date.now() + tokens.expires_in * 1000;
  // A web session from before migration 0006 learns its owner here.
  const owner = await tokenOwner(context, secret, tokens.access_token);
  await db(context)
    .update(webSessions)
    .set({
      accessToken: await seal(secret, tokens.access_token),
      accessExpiresAt,
      refreshToken: await seal(secret, tokens.refresh_token),
      refreshingUntil: null,
      sessionId: owner.sessionId,
      memberId: owner.memberId,
    })
    .where(byId(sessionId));
  context.memo?.forget();
  return { id: sessionId, accessToken: tokens.access_token, accessExpiresAt };
}

async function waitForRefresh(context: WebSessionContext, session: WebSession): Promise<WebSession | null> {
  const deadline = Date.now() + REFRESH_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
    const row = await readRow(context, session.id);
    if (!row) return null;
    if (row.refreshingUntil !== null) continue;
    if (row.accessExpiresAt !== session.accessExpiresAt) return toSession(context, row);
    // Released without new tokens: the API could not say (down, failing). Still signed in.
    throw refreshUnavailable(502);
  }
  // No answer within SPEC.md's 10 s: an error, not the end of the session.
  throw refreshUnavailable(504);
}

/** A page's answer when the session's refresh could not be done (the member stays signed in). */
const refreshUnavailable = (status: 502 | 504) =>
  Response.json(
    { error: status === 504 ? "upstream_timeout" : "upstream_unavailable", message: "The service cannot be reached; try again in a few minutes." },
    { status, headers: { "cache-control": "no-store" } },
  );

export const needsRefresh = (session: WebSession) => session.accessExpiresAt - EXPIRY_MARGIN_MS <= Date.now();

/**
 * The web session of a page's requests, as the load context hands it to the web app
 * (`context.webSessions`): the web app keeps no session code of its own and imports none from here.
 */
export interface WebSessionStore {
  get(request: Request): Promise<WebSession | null>;
  /** Whether the access token is about to expire (refresh it before the call). */
  needsRefresh(session: WebSession): boolean;
  /** The Set-Cookie value that removes the session cookie. */
  clearCookie(): string;
  /** Stores the tokens; answers the Set-Cookie value. */
  create(tokens: ApiTokens): Promise<string>;
  delete(session: WebSession): Promise<void>;
  refresh(session: WebSession, callRefresh: (refreshToken: string) => Promise<ApiTokens | null>): Promise<WebSession | null>;
  /** Puts tokens brought back by the browser (a renewal through the auth origin) in the session. */
  renew(session: WebSession, tokens: ApiTokens): Promise<WebSession>;
}

export function webSessionStore(context: WebSessionContext): WebSessionStore {
  return {
    get: (request) => getWebSession(context, request),
    needsRefresh,
    clearCookie: clearSessionCookie,
    create: (tokens) => createWebSession(context, tokens),
    delete: (session) => deleteWebSession(context, session),
    refresh: (session, callRefresh) => refreshWebSession(context, session, callRefresh),
    renew: (session, tokens) => storeTokens(context, session.id, tokens),
  };
}
