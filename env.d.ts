/**
 * The Worker's bindings, declared by hand (STACK.md: `wrangler types` clashes with
 * @cloudflare/workers-types). Keep in step with wrangler.toml and .dev.vars.example.
 */
interface Env {
  DB: D1Database;
  /** Organisation profiles cache; never a source of truth (DESIGN.md "Tenants"). */
  ORG_CACHE: KVNamespace;
  FILES: R2Bucket;
  /** Chat: one object per member of an organisation (durable-objects/chat-member.ts). */
  CHAT_MEMBERS: DurableObjectNamespace<import("./durable-objects/chat-member").ChatMember>;
  ASSETS: Fetcher;
  /** Slow work outside requests: the social CV's PDF (workers/jobs.ts). */
  JOBS: Queue<import("./workers/jobs").Job>;

  /**
   * "development" | "test" | "production"; unset counts as production (workers/lib/config.ts).
   * /dev/* and insecure OIDC issuers only outside production.
   */
  ENVIRONMENT?: string;
  DEFAULT_ORG_SLUG: string;
  /** Origin used in e-mail links when the organisation has no custom hostname. */
  PUBLIC_URL: string;

  /** Secret: HMAC key of access tokens (at least 32 characters). */
  TOKEN_SECRET?: string;
  /** Secrets of the HTTP e-mail provider; when absent, mail only lands in the outbox. */
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** When set, /auth and /api are proxied to this external service instead of the embedded one. */
  UPSTREAM_URL?: string;
  /** Secret shared by an edge and its upstream (docs/upstream.md): forwarded headers are trusted only with it. */
  EDGE_SECRET?: string;
  /** On an upstream: the edge in front of it, whose cached organisations a change drops (POST /edge/invalidate). */
  EDGE_URL?: string;
  /** PayPal REST credentials (workers/payments/paypal.ts); without them, outside production, a local fake. */
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_SECRET?: string;
  /** "sandbox" | "live" */
  PAYPAL_ENVIRONMENT?: string;
  /** Address search (workers/geocoding): a Nominatim-compatible service; unset, the offline geocoder. */
  GEOCODER_URL?: string;
  /** Custom hostnames' DNS check (workers/dns): "doh" or "fake"; default doh in production, fake elsewhere. */
  DNS_RESOLVER?: string;
  /** The DNS-over-HTTPS JSON endpoint; default Cloudflare's. */
  DOH_URL?: string;
  /** Cloudflare for SaaS (workers/hostnames/cloudflare-saas.ts): the zone of the fallback origin, and a token (secret). */
  CF_ZONE_ID?: string;
  CF_API_TOKEN?: string;
  /** Where maps read their .pmtiles basemap (docs/maps.md); default: the small offline one we serve. */
  BASEMAP_URL?: string;
  /** Optional bucket holding a full basemap, served with Range support by workers/basemap.ts. */
  BASEMAP?: R2Bucket;
  /** Web push (workers/push, docs/decisions/046): the VAPID pair (public key as browsers take it; private d as a secret) and its contact. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Verifiable credentials (workers/credentials): seals the organisations' signing keys. */
  CREDENTIALS_KEY_SECRET?: string;
  /** "webpush" | "fake"; default webpush in production, the local fake (GET /dev/push) elsewhere. */
  PUSH_SERVICE?: string;
}

declare namespace Cloudflare {
  // Lets `import { env } from "cloudflare:workers"` (tests) see the same bindings.
  interface Env extends globalThis.Env {}
}

/** Font files, imported as their bytes (wrangler.toml [[rules]] Data; tests/binary-modules.ts). */
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

