/**
 * DESIGN.md "Upstream, embedded by default": with UPSTREAM_URL set, /auth and /api are answered by
 * that external service (issue 16; docs/upstream.md), with the same paths under UPSTREAM_URL's own
 * path. The edge tells it the public host, protocol and address (trusted by the upstream only with
 * EDGE_SECRET, workers/lib/edge-forwarding.ts). Faults never become a 500: an upstream that cannot
 * be reached answers 502, one too slow 504, one that fails (5xx) 502; reads are retried once on a
 * network fault. The answer is passed on decoded: the platform compresses it for the client as
 * that client asked, never in an encoding it did not ask for.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getConfig } from "./config";
import { DomainError, upstreamTimeout, upstreamUnavailable } from "./domain-errors";
import { EDGE_HEADERS } from "./edge-forwarding";
import { errorJson } from "./errors";
import type { AppEnv } from "../types";

/** Headers that belong to one connection, never forwarded either way. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "host"];
/** How long the upstream has to answer (sign-in included: its missing answer is the 504 of SPEC.md section 8). */
export const UPSTREAM_TIMEOUT_MS = 20_000;
/** Reads that met a network fault are tried this many times in all. */
const READ_ATTEMPTS = 2;
const RETRY_DELAY_MS = 150;

export type UpstreamFetch = (request: Request) => Promise<Response>;

/** The upstream address of a request: UPSTREAM_URL's origin and path, then the request's path and query. */
export function upstreamTarget(upstream: string, incoming: URL): URL {
  const base = new URL(upstream);
  const target = new URL(base.origin);
  target.pathname = `${base.pathname.replace(/\/+$/, "")}${incoming.pathname}`;
  target.search = incoming.search;
  return target;
}

/** What the upstream is told: the client's headers without hop-by-hop ones or claims of its own to be an edge. */
export function forwardedHeaders(incoming: Request, env: Env, requestId: string): Headers {
  const url = new URL(incoming.url);
  const headers = new Headers(incoming.headers);
  for (const name of [...HOP_BY_HOP, ...Object.values(EDGE_HEADERS), "x-forwarded-for", "forwarded"]) headers.delete(name);
  const config = getConfig(env);
  headers.set(EDGE_HEADERS.host, url.host);
  headers.set(EDGE_HEADERS.proto, url.protocol.replace(":", ""));
  headers.set(EDGE_HEADERS.publicUrl, new URL(config.PUBLIC_URL).origin);
  if (config.EDGE_SECRET) headers.set(EDGE_HEADERS.secret, config.EDGE_SECRET);
  const client = incoming.headers.get("cf-connecting-ip");
  if (client) headers.set("x-forwarded-for", client);
  headers.set("x-request-id", requestId);
  return headers;
}

const isTimeout = (cause: unknown) => cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");

/** One request to the upstream with its deadline; reads retried once on a network fault. Throws the 502 or 504. */
async function ask(upstreamFetch: UpstreamFetch, target: URL, init: RequestInit): Promise<Response> {
  const idempotent = init.method === "GET" || init.method === "HEAD";
  for (let attempt = 1; ; attempt++) {
    try {
      return await upstreamFetch(new Request(target, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) }));
    } catch (cause) {
      if (isTimeout(cause)) throw upstreamTimeout("upstream_timeout", "The service did not answer in time; try again in a few minutes.");
      if (!idempotent || attempt >= READ_ATTEMPTS) {
        console.error(JSON.stringify({ level: "error", msg: "upstream unreachable", target: target.pathname, cause: String(cause) }));
        throw upstreamUnavailable("upstream_unavailable", "The service cannot be reached; try again in a few minutes.");
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}

/** The upstream's answer for the client: its faults as the edge's 502/504, its body decoded. */
export function answerOf(response: Response): Response {
  if (response.status >= 500) {
    console.error(JSON.stringify({ level: "error", msg: "upstream failed", status: response.status }));
    throw response.status === 504
      ? upstreamTimeout("upstream_timeout", "The service did not answer in time; try again in a few minutes.")
      : upstreamUnavailable("upstream_unavailable", "The service failed to answer; try again in a few minutes.");
  }
  const headers = new Headers(response.headers);
  // fetch hands the body over decoded: its old encoding and length no longer describe it.
  for (const name of [...HOP_BY_HOP, "content-encoding", "content-length"]) headers.delete(name);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * One call of the edge's own to the upstream (a tenant look-up, a token refresh), as a request to
 * `path` on the public address of `publicUrl` would be forwarded; its faults are the proxy's (502/504).
 */
export async function upstreamCall(env: Env, publicUrl: string, requestId: string, upstreamFetch: UpstreamFetch, method: string, path: string, body?: unknown): Promise<Response> {
  const url = new URL(path, publicUrl);
  const headers = forwardedHeaders(new Request(url, { headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) } }), env, requestId);
  const init: RequestInit = { method, headers, redirect: "manual", ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  return answerOf(await ask(upstreamFetch, upstreamTarget(getConfig(env).UPSTREAM_URL!, url), init));
}

/** A last look at the upstream's answer before the client gets it (the SSO callback's session swap). */
export type UpstreamAnswerHook = (c: Context<AppEnv>, response: Response) => Promise<Response>;

/** The proxy, with the fetch it uses (the network by default; tests hand in another Worker). */
export function proxyToUpstream(upstreamFetch: UpstreamFetch = (request) => fetch(request), adapt?: UpstreamAnswerHook) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const upstream = c.env.UPSTREAM_URL;
    if (!upstream) return next();
    const init: RequestInit & { duplex?: "half" } = { method: c.req.method, headers: forwardedHeaders(c.req.raw, c.env, c.var.requestId), redirect: "manual" };
    if (c.req.method !== "GET" && c.req.method !== "HEAD") Object.assign(init, { body: c.req.raw.body, duplex: "half" });
    try {
      const answer = answerOf(await ask(upstreamFetch, upstreamTarget(upstream, new URL(c.req.url)), init));
      c.res = adapt ? await adapt(c, answer) : answer;
    } catch (cause) {
      if (!(cause instanceof DomainError)) throw cause;
      c.res = errorJson(c, cause);
    }
  });
}
