/**
 * The onboarding wizard on the server (SPEC.md section 4; issue 14, point 3): which step the
 * signed-in layout shows (from the member's profile and organisation, already loaded: no extra
 * call), and the wizard's one action, POST /onboarding, which saves a step or passes an optional
 * one, remembers the last step passed in a cookie so the wizard moves on across pages and
 * reloads, and records completion (version 5) after the last.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { nextStepAfter, ONBOARDING_VERSION, onboardingStep, type OnboardingConfig } from "~/domain/onboarding";
import { configuredSteps, isOnboardingStep, type OnboardingStep } from "~/domain/preferences";
import { localPath } from "~/domain/same-origin";
import type { ApiArgs } from "./api.server";
import { readForm, wantsPage } from "./form.server";
import { loadMember, type OrganizationProfile, type OwnProfile } from "./member.server";
import { preferenceContext, preferenceValues, saveStep } from "./preferences.server";
import { saveProfile } from "./settings.server";

/** The last step saved or passed; a month is longer than any onboarding. */
const passedCookie = createCookie("commons_onboarding", { path: "/", sameSite: "lax", httpOnly: true, secure: true, maxAge: 30 * 24 * 3600 });

async function passedStep(request: Request): Promise<OnboardingStep | null> {
  const value: unknown = await passedCookie.parse(request.headers.get("cookie"));
  return isOnboardingStep(value) ? value : null;
}

export function onboardingConfig(organization: OrganizationProfile): OnboardingConfig {
  const { onboarding_steps, required_onboarding_steps } = organization.product_config.community;
  return { onboarding_steps, required_onboarding_steps, networks: preferenceContext(organization).networks };
}

/** What the layout needs to show the wizard now, or null when it stays hidden. */
export async function onboardingWizard(request: Request, organization: OrganizationProfile, profile: OwnProfile, termsPending: boolean) {
  const values = preferenceValues(profile);
  const step = onboardingStep(onboardingConfig(organization), { ...values, onboarding_completed_version: profile.onboarding_completed_version }, { termsPending, after: await passedStep(request) });
  const error = new URL(request.url).searchParams.get("onboarding_error");
  return step ? { ...step, values, context: preferenceContext(organization), failed: error === step.step } : null;
}

export type OnboardingAnswer = { ok: true; next: OnboardingStep | null } | { ok: false; status: number; error: string | null; fields: Record<string, string> };

/**
 * POST /onboarding {intent: save | skip, step, ...the step's fields}. A fetcher gets JSON (the
 * field errors, or ok and the next step); a plain form post goes back to the page it came from.
 */
export async function onboardingAction(args: ApiArgs): Promise<Response> {
  const { request } = args;
  const form = await readForm(request);
  const intent = form.get("intent");
  const step = form.get("step");
  const back = localPath(form.get("redirectTo"), new URL(request.url).origin) ?? localPath(request.headers.get("referer"), new URL(request.url).origin) ?? "/wall";
  const answer = (body: OnboardingAnswer, headers: Record<string, string> = {}) => {
    if (!wantsPage(request)) return Response.json(body, { status: body.ok ? 200 : body.status, headers: { "cache-control": "no-store", ...headers } });
    const target = new URL(back, request.url);
    target.searchParams.delete("onboarding_error");
    if (!body.ok && isOnboardingStep(step)) target.searchParams.set("onboarding_error", step);
    return redirect(target.pathname + target.search, { status: 303, headers });
  };
  if ((intent !== "save" && intent !== "skip") || !isOnboardingStep(step)) return answer({ ok: false, status: 400, error: "invalid_step", fields: {} });

  const { organization, profile } = await loadMember(args);
  const config = onboardingConfig(organization);
  if (!configuredSteps(config.onboarding_steps).includes(step)) return answer({ ok: false, status: 400, error: "invalid_step", fields: {} });
  let values = preferenceValues(profile);
  if (intent === "skip") {
    // A required step has no "continue without this": only its data lets the member on.
    if (config.required_onboarding_steps.includes(step)) return answer({ ok: false, status: 400, error: "step_required", fields: {} });
  } else {
    const saved = await saveStep(args, organization, step, form, values);
    if (!saved.ok) return answer({ ok: false, status: saved.status, error: saved.error, fields: saved.fields });
    // Nothing changed: nothing was sent, and the step moves on as if passed, unless it is required.
    if (saved.profile) values = preferenceValues(saved.profile);
    else if (config.required_onboarding_steps.includes(step)) return answer({ ok: false, status: 400, error: "step_required", fields: {} });
  }
  const next = nextStepAfter(config, values, step);
  if (next) return answer({ ok: true, next }, { "set-cookie": await passedCookie.serialize(step) });
  // After the last step: done for this version, and the position is forgotten.
  const completed = await saveProfile(args, { onboarding_completed_version: ONBOARDING_VERSION });
  if (!completed.ok) return answer({ ok: false, status: completed.status, error: completed.error, fields: {} });
  return answer({ ok: true, next: null }, { "set-cookie": await passedCookie.serialize("", { maxAge: 0 }) });
}
