/**
 * The onboarding wizard's step selection (SPEC.md section 4; issue 14): for each of the 18 steps,
 * missing and present data; required and optional; hidden while terms are pending and once
 * completed for version 5; the order, and advancing past a step.
 */
import { describe, expect, it } from "vitest";
import { nextStepAfter, ONBOARDING_VERSION, onboardingStep, pendingSteps, stepMissing, type OnboardingConfig, type OnboardingProfile } from "../../app/domain/onboarding";
import { ONBOARDING_STEPS, type OnboardingStep, type PreferenceValues } from "../../app/domain/preferences";

const blank = (): OnboardingProfile => ({
  details: {},
  phone: "",
  social: {},
  public_user_groups: [{ name: "Madrid office", slug: "madrid", member: false }],
  categories: [{ slug: "environment", member: false }],
  target_audience: [{ slug: "children", member: false }],
  onboarding_completed_version: 0,
});

const config = (steps: readonly string[] = ONBOARDING_STEPS, required: string[] = []): OnboardingConfig => ({ onboarding_steps: steps, required_onboarding_steps: required, networks: ["linkedin", "github"] });

/** Each step: a change of the blank profile that gives it its data. */
const FILLED: Record<OnboardingStep, (p: PreferenceValues) => void> = {
  public_groups: (p) => (p.public_user_groups[0].member = true),
  social_networks: (p) => (p.social.github = "marta"),
  categories: (p) => (p.categories[0].member = true),
  target_audience: (p) => (p.target_audience[0].member = true),
  address: (p) => (p.details.address = "Calle Mayor 1"),
  experience: (p) => (p.details.talents_and_skills = "Cooking"),
  experience_education_and_skills: (p) => (p.details.education = "Biology"),
  alias: (p) => (p.details.alias = "Marti"),
  specific_training: (p) => (p.details.specific_training_first_aid = false),
  availability: (p) => (p.details.availability_days = ["weekends_and_holidays"]),
  availability_and_mobility: (p) => (p.details.availability_and_mobility = "Car, weekends"),
  volunteering_motivation: (p) => (p.details.volunteering_motivation_reason = ["curiosity"]),
  motivations_and_expectations: (p) => (p.details.motivations_and_expectations = "Meet people"),
  machine_number: (p) => (p.details.machine_number = "A-1234"),
  relation_with_org: (p) => (p.details.relation_with_org = "employee"),
  tshirt_size: (p) => (p.details.tshirt_size = "M"),
  phone: (p) => (p.phone = "+34612345678"),
  date_of_birth: (p) => (p.details.date_of_birth = "1990-04-01"),
};

describe("stepMissing, step by step", () => {
  for (const step of ONBOARDING_STEPS) {
    it(`${step}: missing when blank, present once filled, and only that step changes`, () => {
      const profile = blank();
      expect(stepMissing(step, profile, ["linkedin", "github"])).toBe(true);
      FILLED[step](profile);
      expect(stepMissing(step, profile, ["linkedin", "github"])).toBe(false);
      const stillMissing = pendingSteps(config(), profile);
      expect(stillMissing).not.toContain(step);
      expect(stillMissing).toHaveLength(ONBOARDING_STEPS.length - 1);
    });
  }

  it("counts whitespace, empty lists and emptied hours as missing", () => {
    const profile = blank();
    profile.details = { address: "   ", availability_days: [], availability_preferred_location: [], availability_hours: null, alias: null };
    expect(stepMissing("address", profile, [])).toBe(true);
    expect(stepMissing("availability", profile, [])).toBe(true);
    expect(stepMissing("alias", profile, [])).toBe(true);
  });

  it("does not ask for a list the organisation offers nothing in", () => {
    const profile = { ...blank(), public_user_groups: [], categories: [], target_audience: [] };
    expect(stepMissing("public_groups", profile, [])).toBe(false);
    expect(stepMissing("categories", profile, [])).toBe(false);
    expect(stepMissing("target_audience", profile, [])).toBe(false);
  });

  it("asks for networks only among the configured ones", () => {
    const profile = blank();
    profile.social = { twitter: "marta" };
    expect(stepMissing("social_networks", profile, ["linkedin"])).toBe(true);
    expect(stepMissing("social_networks", profile, ["twitter", "linkedin"])).toBe(false);
  });

  it("keeps the experience step while all four fields are empty, and the education step while its three are", () => {
    const profile = blank();
    profile.details = { education: "", technical_skills: null };
    expect(stepMissing("experience", profile, [])).toBe(true);
    expect(stepMissing("experience_education_and_skills", profile, [])).toBe(true);
    profile.details.volunteering_experience = "Food bank";
    expect(stepMissing("experience", profile, [])).toBe(false);
  });
});

describe("onboardingStep", () => {
  it("walks only configured, missing steps, in the spec's order whatever the configuration's", () => {
    const profile = blank();
    FILLED.alias(profile);
    const steps = config(["phone", "alias", "categories", "tshirt_size"]);
    expect(pendingSteps(steps, profile)).toEqual(["categories", "tshirt_size", "phone"]);
    expect(onboardingStep(steps, profile, { termsPending: false, after: null })).toEqual({ step: "categories", required: false, position: 1, total: 4 });
  });

  it("advances to the next higher pending step, and ends after the last", () => {
    const profile = blank();
    const steps = config(["categories", "alias", "phone"]);
    expect(onboardingStep(steps, profile, { termsPending: false, after: "categories" })?.step).toBe("alias");
    FILLED.phone(profile);
    expect(onboardingStep(steps, profile, { termsPending: false, after: "alias" })).toBeNull();
    expect(nextStepAfter(steps, profile, "alias")).toBeNull();
    // A step passed earlier is not offered again by this walk.
    expect(nextStepAfter(steps, profile, "categories")).toBe("alias");
  });

  it("marks required steps", () => {
    const step = onboardingStep(config(["phone", "tshirt_size"], ["phone"]), blank(), { termsPending: false, after: "tshirt_size" });
    expect(step).toEqual({ step: "phone", required: true, position: 2, total: 2 });
    expect(onboardingStep(config(["phone", "tshirt_size"], ["phone"]), blank(), { termsPending: false, after: null })?.required).toBe(false);
  });

  it("stays hidden while a terms modal is pending", () => {
    expect(onboardingStep(config(), blank(), { termsPending: true, after: null })).toBeNull();
  });

  it("stays hidden once completed for this version, and shows again for an older one", () => {
    expect(onboardingStep(config(), { ...blank(), onboarding_completed_version: ONBOARDING_VERSION }, { termsPending: false, after: null })).toBeNull();
    expect(onboardingStep(config(), { ...blank(), onboarding_completed_version: ONBOARDING_VERSION - 1 }, { termsPending: false, after: null })?.step).toBe("public_groups");
  });

  it("shows nothing when nothing is configured or everything is there, and ignores steps it does not know", () => {
    expect(onboardingStep(config([]), blank(), { termsPending: false, after: null })).toBeNull();
    const profile = blank();
    for (const fill of Object.values(FILLED)) fill(profile);
    expect(onboardingStep(config(), profile, { termsPending: false, after: null })).toBeNull();
    expect(pendingSteps(config(["favourite_colour", "alias"]), blank())).toEqual(["alias"]);
  });
});
