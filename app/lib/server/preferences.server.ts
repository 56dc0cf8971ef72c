/**
 * Saving one onboarding step's form, for its card in /settings/preferences and for the onboarding
 * wizard alike: the step's schema (app/domain/preferences.ts), then PUT {org}/profile.
 */
import { parsePreference } from "~/domain/preference-schema";
import { preferenceChanged, readForm, type LookupEntry, type OnboardingStep, type PreferenceContext, type PreferenceValues } from "~/domain/preferences";
import { SOCIAL_NETWORKS, type SocialNetwork } from "~/domain/social";
import type { ApiArgs } from "./api.server";
import { socialNetworksFor, type OrganizationProfile, type OwnProfile } from "./member.server";
import { saveProfile } from "./settings.server";

/** The onboarding's own list of networks (SPEC.md section 3), else the profile's. */
function onboardingNetworks(organization: OrganizationProfile): SocialNetwork[] {
  const own = organization.product_config.community.onboarding_social_network_profiles;
  const listed = SOCIAL_NETWORKS.filter((network) => own.includes(network));
  return listed.length ? listed : socialNetworksFor(organization);
}

/** What the steps' schemas need to know of the organisation. */
export const preferenceContext = (organization: OrganizationProfile): PreferenceContext => ({
  region: organization.region,
  networks: onboardingNetworks(organization),
});

/** The member's answers the cards (and the onboarding wizard) show. */
export function preferenceValues(profile: OwnProfile): PreferenceValues {
  return {
    details: profile.details,
    phone: profile.phone ?? "",
    social: profile.social,
    public_user_groups: profile.public_user_groups,
    // Lookups carry a slug (translated by the page) and, from some upstreams, a name to fall back on.
    categories: profile.categories as LookupEntry[],
    target_audience: profile.target_audience as LookupEntry[],
  };
}

/** `profile` is null when nothing changed, so nothing was sent (SPEC.md section 4, "Profile modals"). */
export type StepSaved = { ok: true; profile: OwnProfile | null } | { ok: false; status: number; error: string | null; fields: Record<string, string> };

/**
 * Checks and saves one step's posted form, when it changes something. Field errors come back by field name; a phone already
 * used in the organisation (409) is `phone_in_use`, which the forms show as its own notification.
 */
export async function saveStep(args: ApiArgs, organization: OrganizationProfile, step: OnboardingStep, form: FormData, current: PreferenceValues): Promise<StepSaved> {
  const parsed = parsePreference(step, readForm(form), preferenceContext(organization));
  if (!parsed.ok) return { ok: false, status: 400, error: null, fields: parsed.fields };
  if (!preferenceChanged(step, parsed.body, current)) return { ok: true, profile: null };
  const saved = await saveProfile(args, parsed.body);
  if (saved.ok) return saved;
  const fields = Object.fromEntries(Object.entries(saved.fields).map(([key, value]) => [key.replace(/^(details|social)\./, ""), value]));
  return { ok: false, status: saved.status, error: saved.status === 409 ? "phone_in_use" : saved.error, fields };
}
