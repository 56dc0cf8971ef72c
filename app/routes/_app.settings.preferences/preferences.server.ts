/** Loading and saving the preference cards of /settings/preferences. */
import { data, redirect } from "@remix-run/cloudflare";
import type { ApiArgs } from "~/lib/server/api.server";
import { loadMember } from "~/lib/server/member.server";
import { preferenceContext, preferenceValues, saveStep } from "~/lib/server/preferences.server";
import { configuredSteps, isOnboardingStep } from "~/domain/preferences";
import { readForm as readFormBody } from "~/lib/server/form.server";

export async function loadPreferences(args: ApiArgs) {
  const { organization, profile } = await loadMember(args);
  return {
    steps: configuredSteps(organization.product_config.community.onboarding_steps),
    context: preferenceContext(organization),
    values: preferenceValues(profile),
  };
}

/** Saves one card. Success goes back to the cards (Post/Redirect/Get) with a saved notice. */
export async function savePreference(args: ApiArgs) {
  const form = await readFormBody(args.request);
  const step = form.get("intent");
  if (!isOnboardingStep(step)) throw new Response("Unknown preference", { status: 400 });
  const { organization, profile } = await loadMember(args);
  if (!configuredSteps(organization.product_config.community.onboarding_steps).includes(step)) {
    throw new Response("Preference not offered", { status: 400 });
  }
  const saved = await saveStep(args, organization, step, form, preferenceValues(profile));
  // Nothing changed: the card simply closes, with nothing saved to say.
  if (saved.ok) return redirect(saved.profile ? `/settings/preferences?saved=${step}#pref-${step}` : `/settings/preferences#pref-${step}`);
  return data({ step, error: saved.error, fields: saved.fields }, { status: saved.status });
}
