/** Loading and saving the preference cards of /settings/preferences. */
import { data, redirect } from "@remix-run/cloudflare";
import { SOCIAL_NETWORKS, type SocialNetwork } from "~/domain/social";
import type { ApiArgs } from "~/lib/api.server";
import { loadMember, memberOrgSlug, organizationProfile, socialNetworksFor, type OrganizationProfile } from "~/lib/member.server";
import { saveProfile } from "~/lib/settings.server";
import { configuredSteps, isOnboardingStep, parsePreference, readForm, type LookupEntry, type OnboardingStep, type PreferenceContext, type PreferenceValues } from "~/domain/preferences";
import { readForm as readFormBody } from "~/lib/form.server";

/** The onboarding's own list of networks (SPEC.md section 3), else the profile's. */
function onboardingNetworks(organization: OrganizationProfile): SocialNetwork[] {
  const own = organization.product_config.community.onboarding_social_network_profiles;
  const listed = SOCIAL_NETWORKS.filter((network) => own.includes(network));
  return listed.length ? listed : socialNetworksFor(organization);
}

const contextOf = (organization: OrganizationProfile): PreferenceContext => ({
  region: organization.region,
  networks: onboardingNetworks(organization),
});

export async function loadPreferences(args: ApiArgs) {
  const { organization, profile } = await loadMember(args);
  return {
    steps: configuredSteps(organization.product_config.community.onboarding_steps),
    context: contextOf(organization),
    values: {
      details: profile.details,
      phone: profile.phone ?? "",
      social: profile.social,
      public_user_groups: profile.public_user_groups,
      // Lookups carry a slug (translated by the page) and, from some upstreams, a name to fall back on.
      categories: profile.categories as LookupEntry[],
      target_audience: profile.target_audience as LookupEntry[],
    } satisfies PreferenceValues,
  };
}

const failed = (step: OnboardingStep, status: number, error: string | null, fields: Record<string, string>) => data({ step, error, fields }, { status });

/** Saves one card. Success goes back to the cards (Post/Redirect/Get) with a saved notice. */
export async function savePreference(args: ApiArgs) {
  const form = await readFormBody(args.request);
  const step = form.get("intent");
  if (!isOnboardingStep(step)) throw new Response("Unknown preference", { status: 400 });
  const found = await organizationProfile(args, await memberOrgSlug(args));
  if (!found.ok) throw new Response("Organisation unavailable", { status: found.status || 500 });
  const organization = found.data;
  if (!configuredSteps(organization.product_config.community.onboarding_steps).includes(step)) {
    throw new Response("Preference not offered", { status: 400 });
  }
  const parsed = parsePreference(step, readForm(form), contextOf(organization));
  if (!parsed.ok) return failed(step, 400, null, parsed.fields);
  const saved = await saveProfile(args, parsed.body);
  if (saved.ok) return redirect(`/settings/preferences?saved=${step}#pref-${step}`);
  const fields = Object.fromEntries(Object.entries(saved.fields).map(([key, value]) => [key.replace(/^(details|social)\./, ""), value]));
  return failed(step, saved.status, saved.status === 409 ? "phone_in_use" : saved.error, fields);
}
