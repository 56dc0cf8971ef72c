/**
 * Requests from elsewhere (docs/decisions/011-requests-from-elsewhere.md): a state-changing
 * request that a browser could have been led to send by another site is refused at the edge, in
 * one place, before Remix or any action runs, so no future action can forget the check.
 *
 * - GET, HEAD and OPTIONS change nothing and always pass.
 * - Pages, resource routes and everything else outside /api and /auth: checked.
 * - /api and /auth serve Bearer clients (mobile apps), which send no Origin: checked only when
 *   the request carries cookies, i.e. when a browser's cookie (the refresh cookie on /auth) could
 *   be what authorises it.
 *
 * A checked request passes when its `Origin` names this host. Without `Origin`, `Sec-Fetch-Site`
 * decides: `same-origin` and `none` (typed or bookmarked by the user) pass, `same-site` (another
 * tenant's subdomain) and `cross-site` do not. With neither header the sender is not a browser
 * that another site could drive (curl, a server, a test): it passes, and the session cookie's
 * SameSite=Lax still keeps it out of cross-site posts of older browsers.
 */
import { forbidden } from "./domain-errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BEARER_API = /^\/(?:api|auth)(?:\/|$)/;
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

export const crossOriginRefused = () =>
  forbidden("cross_origin_request", "This request comes from another site; send it from a page of this site.");

/** The hosts this request was addressed to: the URL's, and the Host header's (wrangler dev's proxy may rewrite one). */
function ownHosts(request: Request): string[] {
  const host = request.headers.get("host");
  return [new URL(request.url).host, ...(host ? [host.toLowerCase()] : [])];
}

/** Whether an `Origin` header value names this request's host; "null" and malformed values do not. */
export function isOwnOrigin(origin: string, request: Request): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "https:" || url.protocol === "http:") && ownHosts(request).includes(url.host);
}

/** Whether the edge refuses this request as one sent from another site. */
export function isFromElsewhere(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (BEARER_API.test(new URL(request.url).pathname) && !request.headers.has("cookie")) return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return !isOwnOrigin(origin, request);
  const site = request.headers.get("sec-fetch-site");
  return site !== null && !ALLOWED_FETCH_SITES.has(site.toLowerCase());
}
