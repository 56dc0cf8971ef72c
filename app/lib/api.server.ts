/**
 * The one client the web app's loaders and actions use to reach the API (SPEC.md section 7),
 * embedded or upstream alike. Authenticated calls carry the session's access token; a 401 triggers
 * one refresh (single flight, workers/auth/web-session.ts) and one retry.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { signedOutPath } from "./signed-out";
import {
  clearSessionCookie,
  createWebSession,
  deleteWebSession,
  getWebSession,
  needsRefresh,
  refreshWebSession,
  type ApiTokens,
  type WebSession,
} from "../../workers/auth/web-session";

export interface ApiError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export interface ApiArgs {
  context: AppLoadContext;
  request: Request;
}

const FORWARDED = ["cf-connecting-ip", "user-agent", "accept-language", "x-request-id"];

/** Extra request headers of one call (e.g. the contribution's Idempotency-Key). */
export interface ApiOptions {
  headers?: Record<string, string>;
}

/** memberFetch's request: extra headers and a raw body. */
export interface FetchInit extends ApiOptions {
  /** A raw body (multipart FormData...); JSON bodies go through memberApi's `body` instead. */
  body?: BodyInit;
}

/** One request to the API as Remix's server sees it: the raw Response, or null when none came back. */
async function dispatch({ context, request }: ApiArgs, method: string, path: string, init: FetchInit, token?: string): Promise<Response | null> {
  const headers = new Headers({ accept: "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  if (token) headers.set("authorization", `Bearer ${token}`);
  // Same origin as the page, so the API resolves the same organisation.
  const url = new URL(path, request.url);
  try {
    return await context.api(new Request(url, { method, headers, body: init.body }));
  } catch {
    return null;
  }
}

async function send<T>(args: ApiArgs, method: string, path: string, body: unknown, token?: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const json = body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  const response = await dispatch(args, method, path, { body: json.body, headers: { ...json.headers, ...options.headers } }, token);
  // SPEC.md section 8: a missing response counts as 400 Bad Request.
  if (!response) return { ok: false, status: 400, error: { error: "bad_request", message: "No response" } };
  return readResult<T>(response);
}

/** An API answer as `{ok, status, data}` or `{ok: false, status, error}`. */
export async function readResult<T>(response: Response): Promise<ApiResult<T>> {
  if (response.status === 204) return { ok: true, status: 204, data: undefined as T };
  const payload = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = payload && typeof payload === "object" && "error" in payload ? (payload as ApiError) : { error: "unknown", message: response.statusText };
  return { ok: false, status: response.status, error };
}

/** Calls that need no member (sign-up, look-up, organisation profiles...). */
export function publicApi<T>(args: ApiArgs, method: string, path: string, body?: unknown) {
  return send<T>(args, method, path, body);
}

function refresher(args: ApiArgs) {
  return async (refreshToken: string) => {
    const result = await send<ApiTokens>(args, "PUT", "/auth/refresh", { refresh_token: refreshToken });
    return result.ok ? result.data : null;
  };
}

/**
 * Where a visitor without a session goes (signed-out.ts): /signin keeping where they were going,
 * or the sign-up link of the initiative they were linked to. A plain 302 Response (Remix follows
 * any thrown redirect), so this module stays free of the Remix runtime.
 */
export function signinRedirect(request: Request, headers?: Record<string, string>) {
  const url = new URL(request.url);
  return new Response(null, { status: 302, headers: { location: signedOutPath(url.pathname + url.search), ...headers } });
}

/**
 * Runs `call` with the signed-in member's access token; on a 401 refreshes the session once
 * (single flight) and retries. Without a live session it throws a redirect to /signin (the session
 * cookie cleared when the API ended the session). The one place of the refresh-and-retry rule.
 */
async function asMember<R extends { status: number }>(args: ApiArgs, call: (token: string) => Promise<R>): Promise<R> {
  let session: WebSession | null = await getWebSession(args.context, args.request);
  if (!session) throw signinRedirect(args.request);
  if (needsRefresh(session)) session = await refreshWebSession(args.context, session, refresher(args));
  if (!session) throw signinRedirect(args.request, { "set-cookie": clearSessionCookie() });
  const first = await call(session.accessToken);
  if (first.status !== 401) return first;
  const renewed = await refreshWebSession(args.context, session, refresher(args));
  if (!renewed) throw signinRedirect(args.request, { "set-cookie": clearSessionCookie() });
  return call(renewed.accessToken);
}

/** A write (anything but GET) makes what the request had worked out stale (request-memo.ts). */
async function forgettingAfterWrite<R>(args: ApiArgs, method: string, call: Promise<R>): Promise<R> {
  try {
    return await call;
  } finally {
    if (method !== "GET") args.context.memo?.forget();
  }
}

/** A JSON call as the signed-in member (see asMember for sessions and refresh). */
export function memberApi<T>(args: ApiArgs, method: string, path: string, body?: unknown, options?: ApiOptions): Promise<ApiResult<T>> {
  return forgettingAfterWrite(args, method, memberRead<T>(args, method, path, body, options));
}

/** memberApi for a call that changes nothing, whatever its method (the identity's PUT): the memo stays. */
export function memberRead<T>(args: ApiArgs, method: string, path: string, body?: unknown, options?: ApiOptions): Promise<ApiResult<T>> {
  return asMember(args, (token) => send<T>(args, method, path, body, token, options));
}

/**
 * A call as the signed-in member that answers the API's raw Response: file downloads streamed to
 * the browser, multipart uploads. A body given here must be re-readable for the retry (FormData,
 * string, bytes; not a stream). A missing response is a 400 like everywhere else.
 */
export function memberFetch(args: ApiArgs, method: string, path: string, init: FetchInit = {}): Promise<Response> {
  const call = asMember(args, async (token) => (await dispatch(args, method, path, init, token)) ?? Response.json({ error: "bad_request", message: "No response" }, { status: 400 }));
  return forgettingAfterWrite(args, method, call);
}

/** Ends the session at the API and here; answers the Set-Cookie that clears the browser's cookie. */
export async function endSession(args: ApiArgs): Promise<string> {
  const session = await getWebSession(args.context, args.request);
  if (session) {
    await send(args, "DELETE", "/auth/identity", undefined, session.accessToken);
    await deleteWebSession(args.context, session);
  }
  return clearSessionCookie();
}

/** Starts the web session for tokens the API issued (sign-in, sign-up); answers its Set-Cookie. */
export const startWebSession = (args: Pick<ApiArgs, "context">, tokens: ApiTokens) => createWebSession(args.context, tokens);

export const hasSession = async (args: ApiArgs) => (await getWebSession(args.context, args.request)) !== null;
