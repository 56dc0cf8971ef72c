/**
 * Tenants at an edge (issue 16, point 2; docs/upstream.md): with UPSTREAM_URL set, the edge's D1
 * holds no organisations. A request's organisation is the upstream's answer to
 * GET /api/organization/current for the public host (forwarded as for any call), cached in KV per
 * host for a short time, and dropped at once by POST /edge/invalidate (the upstream, or the
 * operator, calls it with the shared secret after a change).
 */
import { badRequest, forbidden } from "../lib/domain-errors";
import { notJson } from "../lib/json-body";
import { isEdgeSecret } from "../lib/edge-forwarding";
import { upstreamCall, type UpstreamFetch } from "../lib/upstream";
import { tenantFromProfile, type OrganizationProfileJson } from "./profile";
import type { Tenant } from "./organizations";

/** KV's shortest expiry: a change the upstream forgets to announce shows within a minute. */
export const UPSTREAM_TENANT_TTL_SECONDS = 60;
const PREFIX = "org:v1:upstream-host:";
const keyOf = (host: string) => `${PREFIX}${host.toLowerCase()}`;

/** The organisation of the request's public host, from the upstream (502/504 when it cannot say). */
export async function upstreamTenant(env: Env, request: Request, requestId: string, upstreamFetch: UpstreamFetch): Promise<Tenant> {
  const url = new URL(request.url);
  const cached = await env.ORG_CACHE.get<Tenant>(keyOf(url.host), "json");
  if (cached) return cached;
  const response = await upstreamCall(env, request.url, requestId, upstreamFetch, "GET", "/api/organization/current");
  const tenant = tenantFromProfile(env, (await response.json()) as OrganizationProfileJson);
  await env.ORG_CACHE.put(keyOf(url.host), JSON.stringify(tenant), { expirationTtl: UPSTREAM_TENANT_TTL_SECONDS });
  return tenant;
}

/**
 * POST /edge/invalidate `{ hosts?: string[] }` with the shared secret as a bearer token: drops the cached
 * organisations of those public hosts, or of every host without a list. 403 without the secret.
 */
export async function invalidateUpstreamTenants(env: Env, request: Request): Promise<{ dropped: number }> {
  // As a bearer token: the edge's own x-commons-edge header is for requests that come through it.
  const presented = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
  if (!isEdgeSecret(env, presented)) throw forbidden("edge_secret_invalid", "Only the upstream, with the shared secret, may drop the edge's cache.");
  // An empty body drops every entry; anything else must be a JSON object (`null` or `[]` is a 400, not a 500).
  const text = await request.text();
  let body: { hosts?: unknown };
  try {
    body = text.trim() ? (JSON.parse(text) as { hosts?: unknown }) : {};
  } catch {
    throw notJson();
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("bad_request", "The body must be a JSON object.");
  const hosts = Array.isArray(body.hosts) ? body.hosts.filter((host): host is string => typeof host === "string").slice(0, 100) : null;
  const keys = hosts ? hosts.map(keyOf) : (await env.ORG_CACHE.list({ prefix: PREFIX })).keys.map((key) => key.name);
  await Promise.all(keys.map((key) => env.ORG_CACHE.delete(key)));
  return { dropped: keys.length };
}
