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
});
export type AppConfig = v.InferOutput<typeof ConfigSchema>;

const cache = new WeakMap<object, AppConfig>();

export function getConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    const result = v.safeParse(ConfigSchema, { ...env, UPSTREAM_URL: env.UPSTREAM_URL || undefined });
    if (!result.success) {
      throw new Error(`Invalid Worker configuration: ${result.issues.map((issue) => issue.message).join("; ")}`);
    }
    config = result.output;
    cache.set(env, config);
  }
  return config;
}

export const isProduction = (env: Env) => getConfig(env).ENVIRONMENT === "production";
