import { describe, expect, it, vi } from "vitest";
import { DEFAULT_FEATURES, withCommunityDefaults } from "../../app/domain/community-config";

describe("withCommunityDefaults", () => {
  it("fills every default of SPEC.md's community config into a partial one", () => {
    const config = withCommunityDefaults({ features: { chat: false }, hide_rating: true });
    expect(config.features).toEqual({ ...DEFAULT_FEATURES, chat: false });
    expect(config).toMatchObject({
      hide_rating: true,
      hide_ranking_in_app: false,
      require_manager_approval: true,
      consider_working_hours: true,
      onboarding_steps: [],
      required_onboarding_steps: [],
      social_network_profiles: ["linkedin"],
      onboarding_social_network_profiles: [],
      evaluation_configuration: { hide_evaluate_initiative: false, hide_evaluate_organizer: false },
      currency: "EUR",
      max_number_of_sdgs: 3,
      language: "en-US",
    });
  });

  it("reads a missing config as all defaults", () => {
    expect(withCommunityDefaults(undefined)).toEqual(withCommunityDefaults({}));
    expect(withCommunityDefaults(null).features).toEqual(DEFAULT_FEATURES);
  });

  it("keeps keys it does not know (the config is open-ended)", () => {
    expect(withCommunityDefaults({ something_new: 1 })).toMatchObject({ something_new: 1 });
  });

  it("falls back to the defaults for an invalid config, and says why", () => {
    const onInvalid = vi.fn();
    expect(withCommunityDefaults({ hide_rating: "yes" }, onInvalid)).toEqual(withCommunityDefaults({}));
    expect(onInvalid).toHaveBeenCalledWith(expect.objectContaining({ nested: { hide_rating: [expect.any(String)] } }));
  });
});
