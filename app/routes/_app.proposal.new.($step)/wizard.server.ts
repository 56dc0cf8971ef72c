/**
 * The proposal wizard on the server (/proposal/new and /proposal/new/{step}; issue 12). The draft
 * lives at the API (GET/PUT/DELETE /api/{org}/proposal/draft), so it survives a reload, going back
 * and another device. Each step's form is checked with the API's own schema (stepErrors) before
 * the next step; Send posts the proposal, and a refusal goes back to the step of its first error.
 */
import { redirect } from "@remix-run/cloudflare";
import {
  firstErrorStep,
  isProposalStep,
  nextStep,
  previousStep,
  proposalPayload,
  proposalSteps,
  SKIPPABLE_STEPS,
  stepErrors,
  STEP_FIELDS,
  wizardField,
  withoutStep,
  withStepAnswers,
  type ProposalDraft,
  type ProposalStep,
} from "~/domain/proposals";
import { shownPrecision } from "~/domain/location-precision";
import { instantOfZoned } from "~/domain/zoned-time";
import { memberCall, pathParam, jsonBody, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";

const notFound = () => new Response("Not found", { status: 404 });

async function draftOf(args: ApiArgs) {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].proposal.draft.$get({ param: { org: pathParam(org) } }));
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok) throw new Response("The proposal cannot be loaded", { status: 502 });
  const rules = result.data.rules;
  const draft = result.data.data as ProposalDraft;
  // A single allowed type is chosen for the member (SPEC.md section 4).
  if (rules.allowedTypes.length === 1) draft.type = rules.allowedTypes[0];
  return { org, draft, rules };
}

const saveDraft = (args: ApiArgs, org: string, draft: ProposalDraft) =>
  memberCall(args, (api) => api.api[":org"].proposal.draft.$put({ param: { org: pathParam(org) }, json: { data: draft as Record<string, unknown> } }));

/** A step's page; before the first, the list. */
const stepPath = (step: ProposalStep | null) => (step ? `/proposal/new/${step}` : "/proposal");

export async function loadWizard(args: ApiArgs, step: string | undefined) {
  if (step !== undefined && !isProposalStep(step)) throw notFound();
  const { draft, rules } = await draftOf(args);
  const steps = proposalSteps(draft.type ?? null, rules.allowedTypes);
  // /proposal/new: the first step, which shows the intro (SPEC.md section 2: the list's button goes to /proposal/new/type).
  if (!step) throw redirect(stepPath(steps[0]));
  // A step this type skips (or a type not chosen yet past the type step): to the first one it walks.
  if (step && step !== "finish" && !steps.includes(step)) throw redirect(stepPath(steps[0]));
  if (step && step !== "finish" && steps.indexOf(step) > 0 && !draft.type) throw redirect(stepPath(steps[0]));
  // The where step: a pin found approximately (a city's centre for a street) is said to be approximate until moved (issue 28).
  const coordinate = (value: string | undefined) => (value ? Number(value) : null);
  const locationPrecision = step === "where" ? shownPrecision(draft.location_precision, coordinate(draft.latitude), coordinate(draft.longitude), args.context.locationPrecision) : null;
  return { step: step as ProposalStep, draft, rules, steps: steps.filter((s) => s !== "finish"), locationPrecision };
}

export type WizardAnswer = { errors: Record<string, string>; failure: string | null };

export async function actWizard(args: ApiArgs, step: string | undefined, form: FormData): Promise<Response | { status: number; answer: WizardAnswer }> {
  if (!step || !isProposalStep(step) || step === "finish") throw notFound();
  const { org, draft, rules } = await draftOf(args);
  const intent = String(form.get("intent") ?? "next");
  const toInstant = (local: string) => instantOfZoned(local, rules.zone);
  if (intent === "cancel") {
    await memberCall(args, (api) => api.api[":org"].proposal.draft.$delete({ param: { org: pathParam(org) } }));
    return redirect("/proposal");
  }
  if (intent === "send") {
    const sent = await memberCall(args, (api) => api.api[":org"].proposal.$post({ param: { org: pathParam(org) } }, jsonBody(proposalPayload(draft, toInstant))));
    if (sent.ok) {
      await memberCall(args, (api) => api.api[":org"].proposal.draft.$delete({ param: { org: pathParam(org) } }));
      return redirect("/proposal/new/finish");
    }
    if (sent.status === 400 && sent.error.fields) {
      // Back to the step of the first error, which shows it (section 4).
      const errors = Object.fromEntries(Object.entries(sent.error.fields).map(([field, key]) => [wizardField(field), key]));
      await saveDraft(args, org, { ...draft, errors });
      return redirect(stepPath(firstErrorStep(errors, draft.type ?? null, rules.allowedTypes) ?? "send"));
    }
    return { status: sent.status, answer: { errors: {}, failure: sent.status === 429 ? "too_many_requests" : "send_failed" } };
  }
  const answered = intent === "skip" && SKIPPABLE_STEPS.includes(step) ? withoutStep(draft, step) : withStepAnswers(draft, step, form);
  // This step's errors of a last send are answered now.
  const remaining = Object.fromEntries(Object.entries(draft.errors ?? {}).filter(([field]) => !(STEP_FIELDS[step] as string[]).includes(field)));
  const next: ProposalDraft = { ...answered, errors: remaining };
  if (intent === "back") {
    await saveDraft(args, org, next);
    return redirect(stepPath(previousStep(step, next.type ?? null, rules.allowedTypes)));
  }
  const errors = intent === "skip" ? {} : stepErrors(next, step, rules, toInstant);
  await saveDraft(args, org, next);
  if (Object.keys(errors).length) return { status: 400, answer: { errors, failure: null } };
  return redirect(stepPath(nextStep(step, next.type ?? null, rules.allowedTypes)));
}
