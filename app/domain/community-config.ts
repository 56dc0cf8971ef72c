/**
 * An organisation's community config (SPEC.md section 3, "Community config") with its defaults,
 * filled in one place: by the Worker when it reads the stored JSON (workers/tenant/config.ts) and by
 * the pages when they read the organisation profile (an upstream API may leave keys out), so nothing
 * else repeats a default.
 */
import * as v from "valibot";
import { DEFAULT_REMINDER_OFFSETS, reminderOffsetsSchema } from "./reminders";

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
  /** Organisers moderate proposals too (administrators always do; issue 12). */
  organisers_moderate_proposals: bool(false),
  /** Moderators get one e-mail of the proposals waiting at most every this many hours; 0: none (issue 12). */
  proposal_digest_hours: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 30)), 24),
  /** How long a freed place is held for the first person of a waitlist before it passes to the next (issue 11). */
  waitlist_offer_hours: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(168)), 24),
  /** The month (1 to 12) the organisation's fiscal year starts on the 1st of, in its zone: the impact report's "this year" and "last year" (issue 30). */
  fiscal_year_start_month: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), 1),
  /** Minutes before an initiative its participants are reminded (issue 29): 24 hours and 2 hours unless changed. */
  reminder_offsets: v.optional(reminderOffsetsSchema, [...DEFAULT_REMINDER_OFFSETS]),
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

/** The config with every default filled in; one that fails validation is all defaults (`onInvalid` hears why). */
export function withCommunityDefaults(raw: unknown, onInvalid?: (issues: v.FlatErrors<typeof CommunityConfigSchema>) => void): CommunityConfig {
  const result = v.safeParse(CommunityConfigSchema, raw ?? {});
  if (result.success) return result.output;
  onInvalid?.(v.flatten<typeof CommunityConfigSchema>(result.issues));
  return v.parse(CommunityConfigSchema, {});
}

/** Where maps open for a new place: the organisation's default centre, else fixed coordinates (Madrid; SPEC.md section 9). */
export function defaultMapCenter(config: Pick<CommunityConfig, "default_latitude" | "default_longitude">) {
  return { latitude: config.default_latitude ?? 40.4168, longitude: config.default_longitude ?? -3.7038 };
}
