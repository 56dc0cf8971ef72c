/**
 * The onboarding steps Commons knows (SPEC.md section 4), on their own: the settings editor lists
 * them without the preference cards' schemas (and the phone rules those carry).
 */

/** SPEC.md section 4, in the order the wizard (and this screen) goes through them. */
export const ONBOARDING_STEPS = [
  "public_groups",
  "social_networks",
  "categories",
  "target_audience",
  "address",
  "experience",
  "experience_education_and_skills",
  "alias",
  "specific_training",
  "availability",
  "availability_and_mobility",
  "volunteering_motivation",
  "motivations_and_expectations",
  "machine_number",
  "relation_with_org",
  "tshirt_size",
  "phone",
  "date_of_birth",
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const isOnboardingStep = (value: unknown): value is OnboardingStep => (ONBOARDING_STEPS as readonly unknown[]).includes(value);

