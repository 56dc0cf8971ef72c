/**
 * The onboarding wizard's rules (SPEC.md section 4, "Onboarding"; issue 14, point 3), pure: which
 * configured steps still miss their data, which one the wizard shows after the last one passed,
 * and when it shows nothing at all. The signed-in layout asks `onboardingStep`; the /onboarding
 * action asks `nextStepAfter` to know whether a save or a skip was the last one.
 */
import { configuredSteps, type OnboardingStep, type PreferenceValues } from "./preferences";
import type { SocialNetwork } from "./social";

/** The onboarding version a completed wizard records (SPEC.md section 9). */
export const ONBOARDING_VERSION = 5;

/** What the rules read of the member's own profile. */
export interface OnboardingProfile extends PreferenceValues {
  onboarding_completed_version: number;
}

export interface OnboardingConfig {
  onboarding_steps: readonly string[];
  required_onboarding_steps: readonly string[];
  /** The networks the social step asks for. */
  networks: readonly SocialNetwork[];
}

const empty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && !Array.isArray(value) && Object.values(value as object).every((inner) => empty(inner)));

const allEmpty = (details: Record<string, unknown>, names: string[]) => names.every((name) => empty(details[name]));

/** A list step misses its data when there is something to choose and the member chose none. */
const noneChosen = (entries: { member: boolean }[]) => entries.length > 0 && !entries.some((entry) => entry.member);

/**
 * Whether a step's data is still missing (SPEC.md section 4). Lists: offered but none chosen. Single
 * values (address, alias, phone, date of birth, machine number, relation, t-shirt, availability and
 * mobility, motivations): empty. Experience: all four fields empty (the education step: its three).
 * Social: none of the configured networks has a value. Training, availability, motivation reasons:
 * nothing answered yet.
 */
export function stepMissing(step: OnboardingStep, profile: PreferenceValues, networks: readonly SocialNetwork[]): boolean {
  const details = profile.details ?? {};
  switch (step) {
    case "public_groups":
      return noneChosen(profile.public_user_groups);
    case "categories":
      return noneChosen(profile.categories);
    case "target_audience":
      return noneChosen(profile.target_audience);
    case "social_networks":
      return networks.every((network) => empty(profile.social[network]));
    case "phone":
      return empty(profile.phone);
    case "experience":
      return allEmpty(details, ["professional_experience", "volunteering_experience", "social_work_motivations", "talents_and_skills"]);
    case "experience_education_and_skills":
      return allEmpty(details, ["education", "technical_skills", "leadership_skills"]);
    case "specific_training":
      return allEmpty(details, [
        "specific_training_cap_ccp",
        "specific_training_first_aid",
        "specific_training_received_volunteering_training",
        "specific_training_received_volunteering_training_where",
      ]);
    case "availability":
      return allEmpty(details, ["availability_preferred_location", "availability_days", "availability_hours"]);
    case "volunteering_motivation":
      return empty(details.volunteering_motivation_reason);
    case "address":
    case "alias":
    case "machine_number":
    case "relation_with_org":
    case "tshirt_size":
    case "availability_and_mobility":
    case "motivations_and_expectations":
    case "date_of_birth":
      return empty(details[step]);
  }
}

/** The configured steps whose data is missing, in the wizard's order. */
export const pendingSteps = (config: OnboardingConfig, profile: PreferenceValues) =>
  configuredSteps(config.onboarding_steps).filter((step) => stepMissing(step, profile, config.networks));

/** The first pending step after `after` (the last one saved or passed), or after none. */
export function nextStepAfter(config: OnboardingConfig, profile: PreferenceValues, after: OnboardingStep | null): OnboardingStep | null {
  const steps = configuredSteps(config.onboarding_steps);
  const from = after ? steps.indexOf(after) + 1 : 0;
  return steps.slice(from).find((step) => stepMissing(step, profile, config.networks)) ?? null;
}

export interface WizardStep {
  step: OnboardingStep;
  /** Required steps cannot be passed: no "continue without this", no close. */
  required: boolean;
  /** 1-based place among the configured steps, and how many there are. */
  position: number;
  total: number;
}

/**
 * The step the wizard shows now, or null: hidden while a terms modal is pending, once completed for
 * this version, and when no configured step after the last one passed misses its data.
 */
export function onboardingStep(config: OnboardingConfig, profile: OnboardingProfile, options: { termsPending: boolean; after: OnboardingStep | null }): WizardStep | null {
  if (options.termsPending || profile.onboarding_completed_version >= ONBOARDING_VERSION) return null;
  const step = nextStepAfter(config, profile, options.after);
  if (!step) return null;
  const steps = configuredSteps(config.onboarding_steps);
  return { step, required: config.required_onboarding_steps.includes(step), position: steps.indexOf(step) + 1, total: steps.length };
}
