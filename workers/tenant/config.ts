/**
 * An organisation's configuration (SPEC.md section 3, "Community config") with its defaults.
 * Stored as JSON in D1; parsed here, once, so nothing else reads raw JSON. The community config's
 * schema and defaults are app/domain/community-config.ts, which the pages apply too.
 */
import * as v from "valibot";
import { withCommunityDefaults, type CommunityConfig } from "../../app/domain/community-config";
import { PasswordPolicySchema } from "../../app/domain/password-policy";

export { CommunityConfigSchema, DEFAULT_FEATURES, FEATURES, type CommunityConfig, type Feature } from "../../app/domain/community-config";

export const GeneralConfigSchema = v.looseObject({
  contact_email: v.optional(v.nullable(v.string())),
  password_policy: v.optional(PasswordPolicySchema, {}),
});
export type GeneralConfig = v.InferOutput<typeof GeneralConfigSchema>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * A stored config that fails validation is a data bug, not the member's fault: log it and fall back
 * to the defaults rather than take the organisation down.
 */
export function parseCommunityConfig(json: string): CommunityConfig {
  return withCommunityDefaults(parseJson(json), (issues) => console.error(JSON.stringify({ level: "error", msg: "invalid community config", issues })));
}

export function parseGeneralConfig(json: string): GeneralConfig {
  return generalConfigOf(parseJson(json));
}

/** The general config from a value already parsed (an upstream's profile), or its defaults. */
export function generalConfigOf(raw: unknown): GeneralConfig {
  const result = v.safeParse(GeneralConfigSchema, raw);
  if (result.success) return result.output;
  console.error(JSON.stringify({ level: "error", msg: "invalid general config", issues: v.flatten(result.issues) }));
  return v.parse(GeneralConfigSchema, {});
}
