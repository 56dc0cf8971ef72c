/**
 * The one client the web app's loaders and actions use to reach the API (SPEC.md section 7),
 * embedded or upstream alike. Authenticated calls carry the session's access token; a 401 triggers
 * one refresh (single flight, in the load context's web session store, workers/auth/web-session.ts)
 * and one retry.
 *
 * Calls are typed from the API itself: Hono's `hc<ApiContract>` (workers/api/index.ts) with
 * `context.api` as its fetch, so an answer's type is what the API's handler returns and a changed
 * shape fails the type check here (docs/decisions/016-typed-api-client.md).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { renewalUrlOf } from "~/domain/session-renewal";
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiContract } from "../../../workers/api";
import { signedOutPath } from "../signed-out";
import type { ApiTokens, WebSession } from "../../../workers/auth/web-session";

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

/** The typed client: every path and body of /auth and /api, with the answers their handlers give. */
export type ApiClient = ReturnType<typeof hc<ApiContract>>;

/** What `fetch` of a client throws when the API gave no response (SPEC.md section 8: a 400). */
class NoResponse extends Error {}

/** A client whose requests go through dispatch (forwarded headers, the token, extra headers). */
function clientFor(args: ApiArgs, token?: string, options: ApiOptions = {}): ApiClient {
  return hc<ApiContract>(new URL(args.request.url).origin, {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers: Record<string, string> = Object.fromEntries(new Headers(init?.headers).entries());
      const response = await dispatch(args, init?.method ?? "GET", url.pathname + url.search, { body: init?.body ?? undefined, headers: { ...headers, ...options.headers } }, token);
      if (!response) throw new NoResponse();
      return response;
    },
  });
}

/** The success answer a typed call can give: the body of its 2xx statuses. */
type IfSuccess<Status, Body> = Status extends SuccessStatusCode ? Body : never;
export type AnswerOf<R> = R extends ClientResponse<infer Body, infer Status, infer _Format> ? IfSuccess<Status, Body> : never;

/** One typed call, made with `client`, as an ApiResult (a missing response counts as 400). */
async function typedCall<R extends ClientResponse<unknown, number, string>>(client: ApiClient, call: (api: ApiClient) => Promise<R>): Promise<ApiResult<AnswerOf<R>>> {
  try {
    // ClientResponse is the Response the API answered, typed by its route.
    return await readResult<AnswerOf<R>>((await call(client)) as unknown as Response);
  } catch (thrown) {
    if (thrown instanceof NoResponse) return noResponse();
    throw thrown;
  }
}

const noResponse = (): ApiResult<never> => ({ ok: false, status: 400, error: { error: "bad_request", message: "No response" } });

/** A path parameter as it goes in the URL (hc puts params in as they are, unencoded). */
export const pathParam = (value: string) => encodeURIComponent(value);

/**
 * A JSON body for a route that reads its own body (no validator, so the client has no type for
 * it): the route's answer is still typed. Goes in a call's options, e.g. `$put({ param }, jsonBody(x))`.
 */
export const jsonBody = (body: unknown) => ({ headers: { "content-type": "application/json" }, init: { body: JSON.stringify(body) } });

async function send<T>(args: ApiArgs, method: string, path: string, body: unknown, token?: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const json = body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  const response = await dispatch(args, method, path, { body: json.body, headers: { ...json.headers, ...options.headers } }, token);
  // SPEC.md section 8: a missing response counts as 400 Bad Request.
  if (!response) return noResponse();
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

/**
 * An API that is down, failing (5xx) or busy (429) says nothing about the member: the page answers
 * that status instead of signing anyone out (issue 16). Other refusals are the caller's to read.
 */
export function throwIfUnavailable(result: ApiResult<unknown>) {
  if (!result.ok && (result.status >= 500 || result.status === 429)) throw Response.json(result.error, { status: result.status, headers: { "cache-control": "no-store" } });
}

/** To /session/renew, which follows the upstream's URL in a hidden frame and comes back here. */
function renewalRedirect(request: Request, body: unknown): Response {
  const url = renewalUrlOf(body);
  if (!url) return Response.json({ error: "renewal_invalid", message: "The refresh asked for a renewal without a URL." }, { status: 502 });
  const here = new URL(request.url);
  const query = new URLSearchParams({ url, redirect: `${here.pathname}${here.search}` });
  return new Response(null, { status: 302, headers: { location: `/session/renew?${query}` } });
}

/**
 * The refresh call for the web session store: the new tokens, or null when the API refused the
 * refresh token (the session is over). An API that is down, too slow or failing (5xx) or busy
 * (429) says nothing about the session: the member stays signed in and the page answers that
 * status (issue 16: an unreachable upstream never signs a member out).
 */
function refresher(args: ApiArgs) {
  return async (refreshToken: string) => {
    const result = await send<ApiTokens>(args, "PUT", "/auth/refresh", { refresh_token: refreshToken });
    // 202: the upstream wants the browser to follow a URL first (SPEC.md section 4): the page renews there.
    if (result.ok && result.status === 202) throw renewalRedirect(args.request, result.data);
    if (result.ok) return result.data;
    throwIfUnavailable(result);
    return null;
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
  const sessions = args.context.webSessions;
  let session: WebSession | null = await sessions.get(args.request);
  if (!session) throw signinRedirect(args.request);
  if (sessions.needsRefresh(session)) session = await sessions.refresh(session, refresher(args));
  if (!session) throw signinRedirect(args.request, { "set-cookie": sessions.clearCookie() });
  const first = await call(session.accessToken);
  if (first.status !== 401) return first;
  const renewed = await sessions.refresh(session, refresher(args));
  if (!renewed) throw signinRedirect(args.request, { "set-cookie": sessions.clearCookie() });
  return call(renewed.accessToken);
}

/**
 * An untyped JSON call as the signed-in member, for the chat relay (chat.server.ts), which hands
 * the API's answer to the browser as it is and reads nothing of it. Pages use memberCall.
 */
export function memberApi(args: ApiArgs, method: string, path: string, body?: unknown): Promise<ApiResult<unknown>> {
  return asMember(args, (token) => send<unknown>(args, method, path, body, token));
}

/** A typed call that needs no member (sign-up, look-up, organisation profiles...). */
export function publicCall<R extends ClientResponse<unknown, number, string>>(args: ApiArgs, call: (api: ApiClient) => Promise<R>, options?: ApiOptions) {
  return typedCall(clientFor(args, undefined, options), call);
}

/**
 * A typed call as the signed-in member (see asMember for sessions and refresh). What a write makes
 * the page forget is decided where the load context's `api` runs it (workers/lib/request-memo.ts,
 * forgetAfterWrite), so the call itself carries no method of its own.
 */
export function memberCall<R extends ClientResponse<unknown, number, string>>(args: ApiArgs, call: (api: ApiClient) => Promise<R>, options?: ApiOptions) {
  return asMember(args, (token) => typedCall(clientFor(args, token, options), call));
}

/**
 * A call as the signed-in member that answers the API's raw Response: file downloads streamed to
 * the browser, multipart uploads. A body given here must be re-readable for the retry (FormData,
 * string, bytes; not a stream). A missing response is a 400 like everywhere else.
 */
export function memberFetch(args: ApiArgs, method: string, path: string, init: FetchInit = {}): Promise<Response> {
  return asMember(args, async (token) => (await dispatch(args, method, path, init, token)) ?? Response.json({ error: "bad_request", message: "No response" }, { status: 400 }));
}

/** Ends the session at the API and here; answers the Set-Cookie that clears the browser's cookie. */
export async function endSession(args: ApiArgs): Promise<string> {
  const session = await args.context.webSessions.get(args.request);
  if (session) {
    await send(args, "DELETE", "/auth/identity", undefined, session.accessToken);
    await args.context.webSessions.delete(session);
  }
  return args.context.webSessions.clearCookie();
}

/** Starts the web session for tokens the API issued (sign-in, sign-up); answers its Set-Cookie. */
export const startWebSession = (args: Pick<ApiArgs, "context">, tokens: ApiTokens) => args.context.webSessions.create(tokens);

export const hasSession = async (args: ApiArgs) => (await args.context.webSessions.get(args.request)) !== null;
