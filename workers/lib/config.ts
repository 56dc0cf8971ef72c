/**
 * Secrets and settings validated once per isolate (DESIGN.md: "secrets validated at start").
 * A missing secret fails loudly with a clear message instead of a confusing error later.
 */
import * as v from "valibot";
import { BASE64URL_LETTER } from "../../app/domain/tokens";

/**
 * The TOKEN_SECRET of .dev.vars.example: public, so it must never sign production tokens
 * (tests/unit/config.test.ts checks that the example file still holds this value).
 */
export const EXAMPLE_TOKEN_SECRET = "dev-only-token-secret-change-me-0123456789abcdef";

/** The CREDENTIALS_KEY_SECRET of .dev.vars.example: public too, so refused in production the same way. */
export const EXAMPLE_CREDENTIALS_KEY_SECRET = "dev-only-credentials-key-secret-change-me-0123456789";

const ConfigSchema = v.object({
  // Unset counts as production: a deploy that forgets the variable stays closed. Development
  // declares itself in .dev.vars (wrangler dev), tests in their own bindings.
  ENVIRONMENT: v.optional(v.picklist(["development", "test", "production"], "ENVIRONMENT must be development, test or production"), "production"),
  TOKEN_SECRET: v.pipe(v.string("TOKEN_SECRET is not set (see .dev.vars.example)"), v.minLength(32, "TOKEN_SECRET must be at least 32 characters")),
  PUBLIC_URL: v.pipe(v.string(), v.url("PUBLIC_URL must be an absolute URL")),
  DEFAULT_ORG_SLUG: v.pipe(v.string(), v.nonEmpty()),
  UPSTREAM_URL: v.optional(v.pipe(v.string(), v.url())),
  // Shared between an edge and its upstream (docs/upstream.md): the upstream trusts forwarded
  // host, protocol and public address only from a request that carries it.
  EDGE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "EDGE_SECRET must be at least 32 characters"))),
  // On an upstream: the edge in front of it, told to drop its cached organisations after a change.
  EDGE_URL: v.optional(v.pipe(v.string(), v.url("EDGE_URL must be an absolute URL"))),
  // PayPal contributions (workers/payments): both or neither; without them a local fake stands in
  // outside production. PAYPAL_ENVIRONMENT defaults to live in production, sandbox elsewhere.
  PAYPAL_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  PAYPAL_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  PAYPAL_ENVIRONMENT: v.optional(v.picklist(["sandbox", "live"], "PAYPAL_ENVIRONMENT must be sandbox or live")),
  // Address search (workers/geocoding): a service with Nominatim's search API; without it, the offline geocoder.
  GEOCODER_URL: v.optional(v.pipe(v.string(), v.url("GEOCODER_URL must be an absolute URL"))),
  // The basemap maps draw (workers/maps.ts reads it): a path on this site or an absolute URL; unset, the offline one.
  BASEMAP_URL: v.optional(v.pipe(v.string(), v.check((value) => value.startsWith("/") || /^https?:\/\/\S+$/.test(value), "BASEMAP_URL must be a path on this site (/basemap/…) or an absolute URL"))),
  // Custom hostnames (workers/hostnames): DNS checks over HTTPS in production, a local fake
  // elsewhere unless DNS_RESOLVER=doh; DOH_URL defaults to Cloudflare's resolver.
  DNS_RESOLVER: v.optional(v.picklist(["doh", "fake"], "DNS_RESOLVER must be doh or fake")),
  DOH_URL: v.optional(v.pipe(v.string(), v.url("DOH_URL must be an absolute URL"))),
  // Cloudflare for SaaS: with both, a verified hostname gets its certificate there (docs/hostnames.md).
  CF_ZONE_ID: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, "CF_ZONE_ID must be a zone id (32 hex characters)"))),
  CF_API_TOKEN: v.optional(v.pipe(v.string(), v.nonEmpty())),
  // Web push (workers/push): the VAPID pair and contact, all three or none (push off); the real push
  // services in production, the local fake elsewhere unless PUSH_SERVICE says otherwise.
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(new RegExp(`^B${BASE64URL_LETTER}{86}$`), "VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters starting with B)"))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(new RegExp(`^${BASE64URL_LETTER}{43}$`), "VAPID_PRIVATE_KEY must be a P-256 private key (d) in base64url (43 characters)"))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: or https: URL"))),
  PUSH_SERVICE: v.optional(v.picklist(["webpush", "fake"], "PUSH_SERVICE must be webpush or fake")),
  // Verifiable credentials (workers/credentials, docs/credentials.md): the key the organisations'
  // signing keys are sealed with. Unset: no credentials are issued (their calls answer 503).
  CREDENTIALS_KEY_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "CREDENTIALS_KEY_SECRET must be at least 32 characters"))),
});
export type AppConfig = v.InferOutput<typeof ConfigSchema>;

const cache = new WeakMap<object, AppConfig>();

export function getConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    // Empty values (as .dev.vars.example leaves them) mean "not set".
    const values = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === "" ? undefined : value]));
    const result = v.safeParse(ConfigSchema, values);
    if (!result.success) {
      throw new Error(`Invalid Worker configuration: ${result.issues.map((issue) => issue.message).join("; ")}`);
    }
    if (result.output.ENVIRONMENT === "production" && result.output.TOKEN_SECRET === EXAMPLE_TOKEN_SECRET) {
      throw new Error(
        "Invalid Worker configuration: TOKEN_SECRET is the public example value of .dev.vars.example; in production set a secret of your own (wrangler secret put TOKEN_SECRET), in development set ENVIRONMENT=development in .dev.vars",
      );
    }
    if (result.output.ENVIRONMENT === "production" && result.output.CREDENTIALS_KEY_SECRET === EXAMPLE_CREDENTIALS_KEY_SECRET) {
      throw new Error("Invalid Worker configuration: CREDENTIALS_KEY_SECRET is the public example value of .dev.vars.example; in production set a secret of your own (wrangler secret put CREDENTIALS_KEY_SECRET)");
    }
    if (!result.output.CF_ZONE_ID !== !result.output.CF_API_TOKEN) {
      throw new Error("Invalid Worker configuration: set both CF_ZONE_ID and CF_API_TOKEN, or neither");
    }
    if (!result.output.PAYPAL_CLIENT_ID !== !result.output.PAYPAL_SECRET) {
      throw new Error("Invalid Worker configuration: set both PAYPAL_CLIENT_ID and PAYPAL_SECRET, or neither");
    }
    if (new Set([!result.output.VAPID_PUBLIC_KEY, !result.output.VAPID_PRIVATE_KEY, !result.output.VAPID_SUBJECT]).size > 1) {
      throw new Error("Invalid Worker configuration: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none (see .dev.vars.example)");
    }
    config = result.output;
    cache.set(env, config);
  }
  return config;
}

export const isProduction = (env: Env) => getConfig(env).ENVIRONMENT === "production";
