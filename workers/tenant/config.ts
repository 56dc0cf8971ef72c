/**
 * An organisation's configuration (SPEC.md section 3, "Community config") with its defaults.
 * Stored as JSON in D1; parsed here, once, so nothing else reads raw JSON or repeats a default.
 */
import * as v from "valibot";
import { PasswordPolicySchema } from "../../app/domain/password-policy";

export const FEATURES = [
  "rankings",
  "proposals",
  "collaborations",
  "responsible_profile",
  "points",
  "program",
  "about_our_program",
  "chat",
] as const;
export type Feature = (typeof FEATURES)[number];

export const DEFAULT_FEATURES: Record<Feature, boolean> = {
  rankings: true,
  proposals: true,
  collaborations: true,
  responsible_profile: true,
  points: false,
  program: false,
  about_our_program: false,
  chat: true,
};

const bool = (fallback: boolean) => v.optional(v.boolean(), fallback);
const optionalString = v.optional(v.nullable(v.string()));

export const CommunityConfigSchema = v.looseObject({
  features: v.pipe(
    v.optional(v.record(v.string(), v.boolean()), {}),
    v.transform((given) => ({ ...DEFAULT_FEATURES, ...given }) as Record<Feature, boolean> & Record<string, boolean>),
  ),
  cover_url: optionalString,
  cover_quote: v.optional(
    v.object({
      visible: bool(false),
      quote: v.optional(v.string(), ""),
      author: v.optional(v.string(), ""),
      meta: v.optional(v.string(), ""),
    }),
  ),
  disable_create_new_account: bool(false),
  hide_ranking_in_app: bool(false),
  /** Per-locale message overrides: {"es-ES": {"wall_title": "..."}} */
  appIntl: v.optional(v.record(v.string(), v.record(v.string(), v.string())), {}),
  can_override_dates: bool(false),
  can_override_date_limits: bool(false),
  social_network_profiles: v.optional(v.array(v.string()), ["linkedin"]),
  onboarding_social_network_profiles: v.optional(v.array(v.string()), []),
  consider_working_hours: bool(true),
  require_manager_approval: bool(true),
  proposal_types: v.optional(v.array(v.string()), ["volunteering", "donation", "collection", "informative"]),
  max_number_of_sdgs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(17)), 3),
  show_attachments_before_participation: bool(false),
  hide_initiative_images: bool(false),
  hide_initiative_documents: bool(false),
  hide_rating: bool(false),
  evaluation_configuration: v.optional(
    v.object({
      hide_evaluate_initiative: bool(false),
      hide_evaluate_organizer: bool(false),
    }),
    { hide_evaluate_initiative: false, hide_evaluate_organizer: false },
  ),
  onboarding_steps: v.optional(v.array(v.string()), []),
  required_onboarding_steps: v.optional(v.array(v.string()), []),
  about_our_program: optionalString,
  theme: v.optional(v.record(v.string(), v.string()), {}),
  embedabble_community_app: bool(false),
  ask_member_phone: bool(false),
  can_pin_initiatives: bool(false),
  initiative_banner: v.optional(v.object({ visible: bool(false), content: v.optional(v.string(), "") })),
  currency: v.optional(v.picklist(["EUR", "BRL"]), "EUR"),
  initiative_participation_success_message: optionalString,
  default_latitude: v.optional(v.nullable(v.number())),
  default_longitude: v.optional(v.nullable(v.number())),
  region: optionalString,
  /** Default language of the organisation's members. */
  language: v.optional(v.string(), "en-US"),
});
export type CommunityConfig = v.InferOutput<typeof CommunityConfigSchema>;

export const GeneralConfigSchema = v.looseObject({
  contact_email: optionalString,
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
  const result = v.safeParse(CommunityConfigSchema, parseJson(json));
  if (result.success) return result.output;
  console.error(JSON.stringify({ level: "error", msg: "invalid community config", issues: v.flatten(result.issues) }));
  return v.parse(CommunityConfigSchema, {});
}

export function parseGeneralConfig(json: string): GeneralConfig {
  const result = v.safeParse(GeneralConfigSchema, parseJson(json));
  if (result.success) return result.output;
  console.error(JSON.stringify({ level: "error", msg: "invalid general config", issues: v.flatten(result.issues) }));
  return v.parse(GeneralConfigSchema, {});
}
