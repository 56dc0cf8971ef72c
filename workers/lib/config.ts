/**
 * Secrets and settings validated once per isolate (DESIGN.md: "secrets validated at start").
 * A missing secret fails loudly with a clear message instead of a confusing error later.
 */
import * as v from "valibot";

const ConfigSchema = v.object({
  ENVIRONMENT: v.optional(v.picklist(["development", "test", "production"]), "development"),
  TOKEN_SECRET: v.pipe(v.string("TOKEN_SECRET is not set (see .dev.vars.example)"), v.minLength(32, "TOKEN_SECRET must be at least 32 characters")),
  PUBLIC_URL: v.pipe(v.string(), v.url("PUBLIC_URL must be an absolute URL")),
  DEFAULT_ORG_SLUG: v.pipe(v.string(), v.nonEmpty()),
  UPSTREAM_URL: v.optional(v.pipe(v.string(), v.url())),
  // PayPal contributions (workers/payments): both or neither; without them a local fake stands in
  // outside production. PAYPAL_ENVIRONMENT defaults to live in production, sandbox elsewhere.
  PAYPAL_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  PAYPAL_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  PAYPAL_ENVIRONMENT: v.optional(v.picklist(["sandbox", "live"], "PAYPAL_ENVIRONMENT must be sandbox or live")),
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
    if (!result.output.PAYPAL_CLIENT_ID !== !result.output.PAYPAL_SECRET) {
      throw new Error("Invalid Worker configuration: set both PAYPAL_CLIENT_ID and PAYPAL_SECRET, or neither");
    }
    config = result.output;
    cache.set(env, config);
  }
  return config;
}

export const isProduction = (env: Env) => getConfig(env).ENVIRONMENT === "production";
