/**
 * The organisation's settings as its administrators edit them (issue 15, point 2): every key of the
 * community config (SPEC.md section 3), the organisation's name, region, contact address and
 * images, grouped by purpose. Pure and browser-safe: the API validates a change with
 * `settingsChangeSchema`; the /manage/settings screen renders its forms from `SETTINGS_GROUPS` and
 * turns a group's form back into the same change with `settingsFromForm`.
 */
import * as v from "valibot";
import { FEATURES } from "./community-config";
import { brandColourReadable, HEX_COLOUR } from "./contrast";
import { EMAIL_PATTERN } from "./email";
import { INITIATIVE_TYPES } from "./initiatives/types";
import { COMPLETE_LOCALES, SUPPORTED_LOCALES } from "./locales";
import { ONBOARDING_STEPS } from "./onboarding-steps";
import { SOCIAL_NETWORKS } from "./social";
import { REGIONS } from "./zoned-time";
import { offsetsFromText, reminderOffsetsSchema } from "./reminders";

export const CURRENCIES = ["EUR", "BRL"] as const;
export const ORGANIZATION_IMAGES = ["logo", "logo_small", "cover"] as const;
export type OrganizationImage = (typeof ORGANIZATION_IMAGES)[number];

/** Limits of the free texts. */
export const SETTINGS_LIMITS = {
  name: 120,
  short: 150,
  message: 500,
  quote: 300,
  program: 20000,
  text: 2000,
  texts: 500,
} as const;

const invalid = "form_error_invalid";
const bool = v.optional(v.boolean(invalid));
const int = (min: number, max: number) => v.optional(v.pipe(v.number(invalid), v.integer(invalid), v.minValue(min, "form_error_out_of_range"), v.maxValue(max, "form_error_out_of_range")));
const text = (max: number) => v.pipe(v.string(invalid), v.trim(), v.maxLength(max, "form_error_max_length"));
const nullableText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(text(max)),
      v.transform((value) => (value === "" ? null : value)),
    ),
  );
/** A list of known values, each once. */
const choices = <const T extends readonly [string, ...string[]]>(values: T, min = 0) =>
  v.optional(
    v.pipe(
      v.array(v.picklist(values, invalid), invalid),
      v.minLength(min, "form_error_required"),
      v.check((list) => new Set(list).size === list.length, invalid),
    ),
  );
const coordinate = (limit: number) => v.optional(v.nullable(v.pipe(v.number(invalid), v.minValue(-limit, "form_error_out_of_range"), v.maxValue(limit, "form_error_out_of_range"))));

/** An image of the organisation: its current address (kept), one uploaded through the API, or null. */
const imageAddress = v.optional(v.nullable(v.pipe(v.string(invalid), v.maxLength(500, invalid))));

/** A text override: a message key (`ns:key` or `key`) and its wording. */
export const TEXT_KEY_PATTERN = /^(?:[a-z][a-z0-9_]{0,40}:)?[a-z][a-z0-9_]{0,120}$/;
const textOverrides = v.pipe(
  v.record(v.pipe(v.string(), v.regex(TEXT_KEY_PATTERN, "settings_error_unknown_text")), v.pipe(v.string(invalid), v.maxLength(SETTINGS_LIMITS.text, "form_error_max_length")), invalid),
  v.check((overrides) => Object.keys(overrides).length <= SETTINGS_LIMITS.texts, "form_error_too_many"),
);

export const communityChangeSchema = v.strictObject(
  {
    features: v.optional(v.strictObject(Object.fromEntries(FEATURES.map((feature) => [feature, bool])) as Record<(typeof FEATURES)[number], typeof bool>, "form_error_unknown_field")),
    cover_url: imageAddress,
    cover_quote: v.optional(
      v.strictObject(
        { visible: bool, quote: v.optional(text(SETTINGS_LIMITS.quote)), author: v.optional(text(SETTINGS_LIMITS.short)), meta: v.optional(text(SETTINGS_LIMITS.short)) },
        "form_error_unknown_field",
      ),
    ),
    disable_create_new_account: bool,
    hide_ranking_in_app: bool,
    appIntl: v.optional(v.record(v.picklist(SUPPORTED_LOCALES, "settings_error_unknown_locale"), textOverrides, invalid)),
    can_override_dates: bool,
    can_override_date_limits: bool,
    social_network_profiles: choices(SOCIAL_NETWORKS),
    onboarding_social_network_profiles: choices(SOCIAL_NETWORKS),
    consider_working_hours: bool,
    require_manager_approval: bool,
    proposal_types: choices(INITIATIVE_TYPES, 1),
    max_number_of_sdgs: int(1, 17),
    show_attachments_before_participation: bool,
    hide_initiative_images: bool,
    hide_initiative_documents: bool,
    hide_rating: bool,
    evaluation_configuration: v.optional(v.strictObject({ hide_evaluate_initiative: bool, hide_evaluate_organizer: bool }, "form_error_unknown_field")),
    onboarding_steps: choices(ONBOARDING_STEPS),
    required_onboarding_steps: choices(ONBOARDING_STEPS),
    about_our_program: nullableText(SETTINGS_LIMITS.program),
    theme: v.optional(
      v.strictObject(
        {
          primary: v.optional(
            v.pipe(v.string(invalid), v.trim(), v.regex(HEX_COLOUR, "settings_error_colour"), v.toLowerCase(), v.check(brandColourReadable, "settings_error_contrast")),
          ),
        },
        "form_error_unknown_field",
      ),
    ),
    embedabble_community_app: bool,
    ask_member_phone: bool,
    can_pin_initiatives: bool,
    organisers_moderate_proposals: bool,
    proposal_digest_hours: int(0, 24 * 30),
    waitlist_offer_hours: int(1, 168),
    fiscal_year_start_month: int(1, 12),
    reminder_offsets: v.optional(reminderOffsetsSchema),
    initiative_banner: v.optional(v.strictObject({ visible: bool, content: v.optional(text(SETTINGS_LIMITS.message)) }, "form_error_unknown_field")),
    currency: v.optional(v.picklist(CURRENCIES, invalid)),
    initiative_participation_success_message: nullableText(SETTINGS_LIMITS.message),
    default_latitude: coordinate(90),
    default_longitude: coordinate(180),
    language: v.optional(v.picklist(COMPLETE_LOCALES, invalid)),
  },
  "form_error_unknown_field",
);
export type CommunityChange = v.InferOutput<typeof communityChangeSchema>;

/**
 * PUT /api/{org}/admin/config: any of the settings, at least one. Objects of the community config
 * (features, theme, cover_quote...) merge into the stored ones key by key; `appIntl` replaces the
 * overrides of each locale it names. `region` sets the organisation's region (its time zone) and
 * the config's alike.
 */
export const settingsChangeSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(v.pipe(text(SETTINGS_LIMITS.name), v.nonEmpty("form_error_required"))),
      region: v.optional(v.picklist(REGIONS, invalid)),
      contact_email: v.optional(
        v.pipe(
          v.nullable(v.pipe(v.string(invalid), v.trim(), v.toLowerCase(), v.maxLength(320, "form_error_invalid_email"))),
          v.transform((value) => (value === "" ? null : value)),
          v.check((value) => value === null || EMAIL_PATTERN.test(value), "form_error_invalid_email"),
        ),
      ),
      logo: imageAddress,
      logo_small: imageAddress,
      community: v.optional(communityChangeSchema),
    },
    "form_error_unknown_field",
  ),
  v.check((body) => Object.keys(body).length > 0 && (body.community === undefined || Object.keys(body.community).length > 0), "form_error_empty_update"),
);
export type SettingsChange = v.InferOutput<typeof settingsChangeSchema>;

/** How a setting is edited on the screen. */
export type SettingKind = "switch" | "integer" | "text" | "textarea" | "email" | "select" | "choices" | "colour" | "offsets";

export interface SettingField {
  /** Where the value sits in GET /admin/config and in the change: "community.features.rankings". */
  path: string;
  kind: SettingKind;
  options?: readonly string[];
  min?: number;
  max?: number;
  maxLength?: number;
}

const field = (path: string, kind: SettingKind, extra: Omit<SettingField, "path" | "kind"> = {}): SettingField => ({ path, kind, ...extra });
const community = (key: string, kind: SettingKind, extra?: Omit<SettingField, "path" | "kind">) => field(`community.${key}`, kind, extra);
const switches = (...keys: string[]) => keys.map((key) => community(key, "switch"));

/** The screen's groups, by purpose, in order; images, the map centre and texts have their own parts. */
export const SETTINGS_GROUPS = {
  features: FEATURES.map((feature) => community(`features.${feature}`, "switch")),
  accounts: [
    ...switches("disable_create_new_account", "ask_member_phone", "embedabble_community_app"),
    community("language", "select", { options: COMPLETE_LOCALES }),
    field("contact_email", "email", { maxLength: 320 }),
    community("social_network_profiles", "choices", { options: SOCIAL_NETWORKS }),
  ],
  initiatives: [
    ...switches("require_manager_approval", "consider_working_hours", "can_override_dates", "can_override_date_limits", "can_pin_initiatives"),
    ...switches("show_attachments_before_participation", "hide_initiative_images", "hide_initiative_documents"),
    community("max_number_of_sdgs", "integer", { min: 1, max: 17 }),
    community("waitlist_offer_hours", "integer", { min: 1, max: 168 }),
    community("fiscal_year_start_month", "integer", { min: 1, max: 12 }),
    community("reminder_offsets", "offsets"),
    community("currency", "select", { options: CURRENCIES }),
    field("region", "select", { options: REGIONS }),
    community("initiative_participation_success_message", "textarea", { maxLength: SETTINGS_LIMITS.message }),
    community("initiative_banner.visible", "switch"),
    community("initiative_banner.content", "textarea", { maxLength: SETTINGS_LIMITS.message }),
  ],
  onboarding: [
    community("onboarding_steps", "choices", { options: ONBOARDING_STEPS }),
    community("required_onboarding_steps", "choices", { options: ONBOARDING_STEPS }),
    community("onboarding_social_network_profiles", "choices", { options: SOCIAL_NETWORKS }),
  ],
  proposals: [
    community("proposal_types", "choices", { options: INITIATIVE_TYPES }),
    community("organisers_moderate_proposals", "switch"),
    community("proposal_digest_hours", "integer", { min: 0, max: 24 * 30 }),
  ],
  rating: switches("hide_rating", "evaluation_configuration.hide_evaluate_initiative", "evaluation_configuration.hide_evaluate_organizer"),
  appearance: [
    field("name", "text", { maxLength: SETTINGS_LIMITS.name }),
    community("theme.primary", "colour"),
    community("hide_ranking_in_app", "switch"),
    community("cover_quote.visible", "switch"),
    community("cover_quote.quote", "textarea", { maxLength: SETTINGS_LIMITS.quote }),
    community("cover_quote.author", "text", { maxLength: SETTINGS_LIMITS.short }),
    community("cover_quote.meta", "text", { maxLength: SETTINGS_LIMITS.short }),
    community("about_our_program", "textarea", { maxLength: SETTINGS_LIMITS.program }),
  ],
} satisfies Record<string, SettingField[]>;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;
export const SETTINGS_GROUP_IDS = Object.keys(SETTINGS_GROUPS) as SettingsGroup[];
export const isSettingsGroup = (value: unknown): value is SettingsGroup => typeof value === "string" && value in SETTINGS_GROUPS;

/** A field's name in messages and element ids: "community.cover_quote.visible" → "cover_quote_visible". */
export const settingId = (path: string) => path.replace(/^community\./, "").replaceAll(".", "_");

/** The value at a dotted path of GET /admin/config's answer. */
export function valueAt(settings: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), settings);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
}

/** A number field's value: a number, null when empty, or the text itself (the API refuses it). */
function numberOf(raw: string): number | string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : trimmed;
}

/** One group's form as the API's change (a switch not sent is off; an empty text clears it). */
export function settingsFromForm(group: SettingsGroup, form: FormData): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const { path, kind } of SETTINGS_GROUPS[group]) {
    const raw = form.get(path);
    const value =
      kind === "switch"
        ? raw === "on" || raw === "true"
        : kind === "choices"
          ? form.getAll(path).map(String)
          : kind === "integer"
            ? numberOf(String(raw ?? ""))
            : kind === "offsets"
              ? // "24h, 2h" as minutes (empty: none); a text that is not one goes as it is, for the API to
                // refuse; a form without the field leaves the stored offsets as they are.
                raw === null
                ? undefined
                : (offsetsFromText(String(raw)) ?? String(raw))
              : String(raw ?? "");
    setAt(change, path, value);
  }
  return change;
}

/** The map centre's form (latitude and longitude, both or neither) as the change. */
export function centreFromForm(form: FormData): Record<string, unknown> {
  return { community: { default_latitude: numberOf(String(form.get("latitude") ?? "")), default_longitude: numberOf(String(form.get("longitude") ?? "")) } };
}

/** The screen's tabs: the groups, then the texts reworded per locale (`appIntl`). */
export const SETTINGS_TABS = [...SETTINGS_GROUP_IDS, "texts"] as const;
export type SettingsTab = SettingsGroup | "texts";

/** The text search of the texts tab: at most this many matches. */
export const TEXT_SEARCH_LIMIT = 20;
