/**
 * Security headers on every answer, and the request id. The CSP allows inline scripts only with
 * this request's nonce (Remix renders its boot script with it).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../types";
import { mapServices } from "../maps";
import { randomToken } from "./crypto";

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The origin of an absolute URL, for the CSP; null for a path on our own origin or a bad URL. */
export function foreignOrigin(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** PayPal's JS SDK (the donation drawer's buttons): its script, its frames and its API. */
const PAYPAL = { script: ["https://www.paypal.com", "https://*.paypalobjects.com"], frame: ["https://*.paypal.com"], connect: ["https://*.paypal.com"] };

/**
 * PayPal is allowed on every page, not only on the contribute screen: after a client-side
 * navigation the document keeps the policy of the page it was first loaded as. It is a host
 * allowlist for PayPal alone; every other script still needs this response's nonce.
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: string, connectOrigins: string[] = [], frameOrigins: string[] = []) {
  return [
    "default-src 'self'",
    [`script-src 'self' 'nonce-${nonce}'`, ...PAYPAL.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins, ...PAYPAL.connect].join(" "),
    ["frame-src 'self'", ...frameOrigins, ...PAYPAL.frame].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  const nonce = randomToken(16);
  c.set("requestId", requestId);
  c.set("cspNonce", nonce);
  await next();
  // Answers from fetch() (static assets, proxied calls) have immutable headers: re-wrap first.
  const response = new Response(c.res.body, c.res);
  const embeddable = c.var.tenant?.community.embedabble_community_app ?? false;
  const headers = response.headers;
  headers.set("x-request-id", requestId);
  // A basemap hosted elsewhere (BASEMAP_URL, docs/maps.md) is read by the map with fetch().
  const basemapOrigin = foreignOrigin(mapServices(c.env).basemap.url);
  // Behind an edge, a session renewal frames a page of the upstream's auth origin (session.renew.tsx).
  const upstreamOrigin = foreignOrigin(c.env.UPSTREAM_URL);
  headers.set("content-security-policy", contentSecurityPolicy(nonce, embeddable ? "*" : "'none'", basemapOrigin ? [basemapOrigin] : [], upstreamOrigin ? [upstreamOrigin] : []));
  headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (!embeddable) headers.set("x-frame-options", "DENY");
  headers.set("permissions-policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
  // The SSO popup goes through the identity provider's origin and comes back to /sso/success, which
  // must still reach window.opener to reload the sign-in page: a COOP other than unsafe-none on the
  // pages of that round trip would put the popup in a new browsing context group and cut it off.
  const ssoRoundTrip = /^\/(?:sso|auth\/sso)\//.test(new URL(c.req.url).pathname);
  headers.set("cross-origin-opener-policy", ssoRoundTrip ? "unsafe-none" : "same-origin-allow-popups");
  c.res = undefined;
  c.res = response;
});
