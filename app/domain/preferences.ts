/**
 * The preference cards of /settings/preferences: one per onboarding step the organisation configures
 * (SPEC.md section 4, "Onboarding", in its order), each with the profile data it edits and one valibot
 * schema that turns the posted form into the partial PUT {org}/profile body. The browser runs the
 * same schema for instant feedback; the action runs it for the truth (and the API checks again).
 */
import type * as v from "valibot";
import {
  AVAILABILITY_DAYS,
  AVAILABILITY_LOCATIONS,
  type ProfileDetailsSchema,
  RELATIONS_WITH_ORG,
  TSHIRT_SIZES,
  VOLUNTEERING_MOTIVATIONS,
} from "~/domain/profile-details";
import type { SocialNetwork } from "~/domain/social";
import { ONBOARDING_STEPS, type OnboardingStep } from "~/domain/onboarding-steps";

export { isOnboardingStep, ONBOARDING_STEPS, type OnboardingStep } from "~/domain/onboarding-steps";

/** The configured steps Commons knows, once each, in the wizard's order. */
export const configuredSteps = (configured: readonly string[]): OnboardingStep[] => ONBOARDING_STEPS.filter((step) => configured.includes(step));

type DetailKey = keyof v.InferOutput<typeof ProfileDetailsSchema>;

/** How one profile detail is asked and shown. */
export type DetailField =
  | { kind: "text" | "textarea" | "date"; name: DetailKey }
  | { kind: "flag"; name: DetailKey }
  | { kind: "choice"; name: DetailKey; options: readonly string[]; multiple: boolean; translate: boolean }
  | { kind: "hours"; name: "availability_hours" };

const textarea = (name: DetailKey): DetailField => ({ kind: "textarea", name });
const choice = (name: DetailKey, options: readonly string[], multiple: boolean, translate = true): DetailField => ({ kind: "choice", name, options, multiple, translate });

/** The steps that edit `details`, and their fields. */
export const DETAIL_STEPS: Partial<Record<OnboardingStep, DetailField[]>> = {
  address: [{ kind: "text", name: "address" }],
  experience: ["professional_experience", "volunteering_experience", "social_work_motivations", "talents_and_skills"].map((n) => textarea(n as DetailKey)),
  experience_education_and_skills: ["education", "technical_skills", "leadership_skills"].map((n) => textarea(n as DetailKey)),
  alias: [{ kind: "text", name: "alias" }],
  specific_training: [
    { kind: "flag", name: "specific_training_cap_ccp" },
    { kind: "flag", name: "specific_training_first_aid" },
    { kind: "flag", name: "specific_training_received_volunteering_training" },
    { kind: "text", name: "specific_training_received_volunteering_training_where" },
  ],
  availability: [
    choice("availability_preferred_location", AVAILABILITY_LOCATIONS, true),
    choice("availability_days", AVAILABILITY_DAYS, true),
    { kind: "hours", name: "availability_hours" },
  ],
  availability_and_mobility: [textarea("availability_and_mobility")],
  volunteering_motivation: [choice("volunteering_motivation_reason", VOLUNTEERING_MOTIVATIONS, true)],
  motivations_and_expectations: [textarea("motivations_and_expectations")],
  machine_number: [{ kind: "text", name: "machine_number" }],
  relation_with_org: [choice("relation_with_org", RELATIONS_WITH_ORG, false)],
  tshirt_size: [choice("tshirt_size", TSHIRT_SIZES, false, false)],
  date_of_birth: [{ kind: "date", name: "date_of_birth" }],
};

/** The steps that pick from a list of the profile (slugs), and the profile field they replace. */
export const LIST_STEPS = { public_groups: "public_user_groups", categories: "categories", target_audience: "target_audience" } as const;
export type ListStep = keyof typeof LIST_STEPS;
export const isListStep = (step: OnboardingStep): step is ListStep => step in LIST_STEPS;

/** What the schemas need to know about the organisation. */
export interface PreferenceContext {
  /** The region a national phone number is read in. */
  region?: string;
  /** The networks the social card asks for. */
  networks: readonly SocialNetwork[];
}

/** A lookup the member may belong to: a slug (translated by the page) and, from some upstreams, a name to fall back on. */
export type LookupEntry = { slug: string; member: boolean; name?: string };

/** The member's saved answers the cards show (loadPreferences in app/routes/_app.settings.preferences/preferences.server.ts reads them). */
export interface PreferenceValues {
  details: Record<string, unknown>;
  phone: string;
  social: Record<string, string>;
  public_user_groups: { name: string; slug: string; member: boolean }[];
  categories: LookupEntry[];
  target_audience: LookupEntry[];
}

/** A posted form as plain values: repeated names (checkbox groups) become lists. */
export type RawForm = Record<string, string | string[]>;

export function readForm(form: FormData): RawForm {
  const raw: RawForm = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).map(String);
    raw[key] = values.length > 1 ? values : values[0];
  }
  return raw;
}

/** The input an issue's path belongs to: `details.alias` → `alias`, `public_user_groups.0` → `public_user_groups`. */
export function preferenceField(path: string): string {
  const [first, second] = path.split(".");
  return (first === "details" || first === "social") && second ? second : first;
}

/** A stored or posted value in one form, so "" / [] / undefined and null compare equal. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return "null";
  return JSON.stringify(Array.isArray(value) ? [...value].map(String).sort() : value);
}

/**
 * Whether a step's parsed body (parsePreference) changes what the profile holds (SPEC.md section 4,
 * "Profile modals": save only when the value changed, otherwise simply close).
 */
export function preferenceChanged(step: OnboardingStep, body: Record<string, unknown>, values: PreferenceValues): boolean {
  if (isListStep(step)) {
    const key = LIST_STEPS[step];
    const chosen = values[key].filter((entry) => entry.member).map((entry) => entry.slug);
    return comparable(body[key]) !== comparable(chosen);
  }
  if (step === "phone") return comparable(body.phone) !== comparable(values.phone);
  if (step === "social_networks") {
    const social = (body.social ?? {}) as Record<string, string>;
    return Object.entries(social).some(([network, handle]) => comparable(handle) !== comparable(values.social[network]));
  }
  const details = (body.details ?? {}) as Record<string, unknown>;
  return Object.entries(details).some(([name, value]) => comparable(value) !== comparable(values.details[name]));
}
