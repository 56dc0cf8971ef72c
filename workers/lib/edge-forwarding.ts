/**
 * An edge in front of this Worker (issue 16; docs/upstream.md): the edge forwards /auth and /api
 * with the public request's host and protocol and its own public address, and proves it is the
 * edge with the secret both share (EDGE_SECRET). With the secret, this Worker answers as if the
 * request had come to the public address: the tenant of the public host, links and redirects on
 * the public origin. A request that claims to be the edge without the right secret is refused
 * (403); one that does not claim it is answered as it came (a forwarded host alone means nothing).
 * With the secret, the forwarded client address is the request's client too (rate limits).
 */
import { forbidden } from "./domain-errors";
import { getConfig } from "./config";
import { timingSafeEqual } from "./crypto";

export const EDGE_HEADERS = {
  secret: "x-commons-edge",
  host: "x-forwarded-host",
  proto: "x-forwarded-proto",
  publicUrl: "x-commons-public-url",
} as const;

const HOST = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/i;
/** An IPv4 or IPv6 address as the edge forwards it. */
const IP = /^[0-9a-f.:]{2,45}$/i;
const encoder = new TextEncoder();

/** Whether `presented` is this Worker's EDGE_SECRET (never, when it has none); compared in constant time. */
export function isEdgeSecret(env: Env, presented: string): boolean {
  const secret = getConfig(env).EDGE_SECRET;
  return Boolean(secret) && timingSafeEqual(encoder.encode(presented), encoder.encode(secret!));
}

const refused = () => forbidden("edge_secret_invalid", "This request claims to come from the edge without the edge's secret.");

/**
 * The request as the public address received it, and the env whose PUBLIC_URL is the edge's:
 * null when the request does not come through an edge; a DomainError (403) when it claims to
 * without the secret, or with forwarded values that are not a host, a protocol and an address.
 */
export function fromEdge(request: Request, env: Env) {
  const presented = request.headers.get(EDGE_HEADERS.secret);
  if (presented === null) return null;
  if (!isEdgeSecret(env, presented)) return refused();
  const host = request.headers.get(EDGE_HEADERS.host) ?? new URL(request.url).host;
  const proto = request.headers.get(EDGE_HEADERS.proto) ?? "https";
  const publicUrl = request.headers.get(EDGE_HEADERS.publicUrl);
  if (!HOST.test(host) || (proto !== "https" && proto !== "http") || (publicUrl !== null && !URL.canParse(publicUrl))) return refused();
  const url = new URL(request.url);
  url.protocol = `${proto}:`;
  url.host = host;
  // The edge's headers are spent here: the request answered next must not carry them again.
  const headers = new Headers(request.headers);
  for (const name of Object.values(EDGE_HEADERS)) headers.delete(name);
  headers.set("host", host);
  // The client is the edge's client, not the edge: rate limits count per member's address.
  const client = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (client && IP.test(client)) headers.set("cf-connecting-ip", client);
  headers.delete("x-forwarded-for");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
  if (request.method !== "GET" && request.method !== "HEAD") Object.assign(init, { body: request.body, duplex: "half" });
  return {
    request: new Request(url, init),
    env: publicUrl ? ({ ...env, PUBLIC_URL: new URL(publicUrl).origin } as Env) : env,
  };
}
