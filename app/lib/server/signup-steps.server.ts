/**
 * The sign-up steps' actions (SPEC.md sections 4, 5, 8): each form checked here first, then
 * POST /api/signup (or POST /auth/confirm_email for a resend), and where each answer leads.
 */
import { data, redirect } from "@remix-run/cloudflare";
import * as v from "valibot";
import { parseForm } from "~/domain/form-values";
import { DEFAULT_PASSWORD_POLICY, PasswordPolicySchema } from "~/domain/password-policy";
import {
  SIGNUP_MISSING,
  SignupFirstStepFormSchema,
  SignupOrganizationFormSchema,
  signupPasswordFormSchema,
  type SignupMissing,
} from "~/domain/signup";
import type { SignupOrganization, StepResult } from "~/domain/signup-types";
import { detectLocale } from "~/i18n/locale.server";
import { publicCall, startWebSession, type ApiArgs, type ApiError } from "./api.server";
import type { ApiTokens } from "../../../workers/auth/web-session";
import { readForm } from "./form.server";
import { initiativePath, signinPath } from "../signed-out";
import {
  clearDraft,
  homeAfterSignup,
  isToken,
  keptToken,
  policyOf,
  readDraft,
  requireDraft,
  saveDraft,
  type DraftHandle,
  type SignupDraft,
} from "./signup-draft.server";

/**
 * Tokens in a sign-up answer. The embedded API answers `auth: null` (the member confirms the e-mail
 * first), but SPEC.md section 4 lets an upstream sign the member in at once, so the page still
 * checks what came back.
 */
function tokensIn(auth: unknown): ApiTokens | null {
  const token = auth && typeof auth === "object" && "access_token" in auth ? auth.access_token : null;
  return typeof token === "string" && token ? (auth as ApiTokens) : null;
}

/** Browsers drop cookies over 4 KB; a long organisation list is fetched again instead. */
const ORGANIZATIONS_BUDGET = 2400;

/** POST /auth/confirm_email {email, app: "web"}: sends the confirmation link again. */
export async function resendConfirmation(args: ApiArgs, email: string): Promise<StepResult> {
  const result = await publicCall(args, (api) => api.auth.confirm_email.$post({ json: { email, app: "web" } }));
  return result.ok ? { resent: true } : { resendFailure: { status: result.status, code: result.error.error } };
}

/** The e-mail the resend tip of a 412 is about (a hidden field of its form). */
export function resendFromForm(args: ApiArgs, form: FormData) {
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  return resendConfirmation(args, email);
}

const failed = (result: StepResult, status: number) => data(result, { status });

function apiFailure(error: ApiError, status: number, draft: SignupDraft, values?: StepResult["values"]) {
  const email = draft.email ?? "";
  return failed({ errors: error.fields, failure: { status, code: error.error, email, signin: signinFor(draft, email) }, values }, status);
}

/** The sign-in page for someone who has an account after all: on to the sign-up link's initiative (issue 28). */
export const signinFor = (draft: SignupDraft, email?: string) => signinPath(draft.initiative ? initiativePath(draft.initiative) : null, email);

/** The path of a step, or null for an answer this app does not know. */
const stepPath = (missing: SignupMissing | null) => (missing && SIGNUP_MISSING.includes(missing) ? `/signup/${missing}` : null);

/**
 * Sends the draft (and the password, on the password step) to POST /api/signup and follows the
 * answer (SPEC.md section 4): with auth, sign in and go home; else on to /signup/{missing}.
 * Throws the redirect; answers the failure for the page.
 */
export async function submitDraft(args: ApiArgs, handle: DraftHandle, draft: SignupDraft, password?: string, values?: StepResult["values"]) {
  const language = await detectLocale(args.request);
  // What requireDraft checks; the first step sets all three before it sends.
  if (!draft.name || !draft.email || draft.agreeTC !== true) throw redirect(draft.start ?? "/signup");
  const body = {
    name: draft.name,
    email: draft.email,
    agreeTC: draft.agreeTC,
    agreeComms: draft.agreeComms === true,
    language,
    ...(password !== undefined ? { password } : {}),
    ...(draft.signup_token ? { signup_token: draft.signup_token } : {}),
    ...(draft.public_organization_slug ? { public_organization_slug: draft.public_organization_slug } : {}),
    ...(draft.initiative ? { redirect_path: initiativePath(draft.initiative) } : {}),
  };
  const result = await publicCall(args, (api) => api.api.signup.$post({ json: body }));
  if (!result.ok) return apiFailure(result.error, result.status, draft, values);
  const answer = result.data;
  const headers = new Headers();

  const tokens = tokensIn(answer.auth);
  if (tokens) {
    headers.append("set-cookie", await startWebSession(args, tokens));
    headers.append("set-cookie", await clearDraft(args.context, handle));
    throw redirect(homeAfterSignup(draft), { headers });
  }
  const next = stepPath(answer.missing);
  if (!next) throw redirect(signinFor(draft, answer.user.email));

  const policy = v.safeParse(PasswordPolicySchema, answer.password_policy ?? {});
  const updated: SignupDraft = {
    ...draft,
    name: answer.user.name,
    email: answer.user.email,
    missing: answer.missing!,
    password_policy: policy.success ? policy.output : DEFAULT_PASSWORD_POLICY,
    organization: answer.corporate
      ? { name: answer.corporate.name, logo: answer.corporate.logo ?? answer.corporate.logo_small }
      : (draft.organization ?? null),
    public_organizations: undefined,
    sso_url: answer.missing === "sso_confirmation" && answer.url ? answer.url : undefined,
  };
  if (answer.missing === "organization") {
    const list = answer.public_organizations.map(({ slug, name, logo, logo_small, region }) => ({ slug, name, logo, logo_small, region }));
    if (JSON.stringify(list).length <= ORGANIZATIONS_BUDGET) updated.public_organizations = list;
  }
  headers.append("set-cookie", await saveDraft(args.context, handle, updated));
  throw redirect(next, { headers });
}

/** The list of the organisation step: from the draft, or asked again when it did not fit the cookie. */
export async function publicOrganizations(args: ApiArgs, draft: SignupDraft): Promise<SignupOrganization[]> {
  if (draft.public_organizations) return draft.public_organizations;
  // A draft without them gets the API's 400, which showed no list either.
  if (!draft.name || !draft.email) return [];
  const json = { name: draft.name, email: draft.email, agreeTC: true as const, agreeComms: draft.agreeComms === true };
  const result = await publicCall(args, (api) => api.api.signup.$post({ json }));
  return result.ok ? result.data.public_organizations : [];
}

/** Form checkboxes: present ("on") or absent. */
const checked = (form: FormData, name: string) => {
  const value = form.get(name);
  return value === "on" || value === "true";
};

/**
 * The first step's action (/signup and /signup/c/{token}): its form schema decides (SignupSchema's rules), then the API.
 * `start` is the page the journey goes back to; `signupToken` the organisation's, when known.
 */
export async function submitFirstStep(args: ApiArgs, options: { start: string; signupToken?: string }) {
  const form = await readForm(args.request);
  if (form.get("intent") === "resend") return resendFromForm(args, form);
  const handle = await readDraft(args);
  const values = {
    name: String(form.get("name") ?? "").slice(0, 200),
    email: String(form.get("email") ?? "").trim().toLowerCase().slice(0, 400),
    agreeComms: checked(form, "agreeComms"),
  };
  const parsed = parseForm(SignupFirstStepFormSchema, form);
  if (!parsed.ok) return failed({ errors: parsed.errors, values }, 400);
  const { name, email, agreeComms } = parsed.value;
  const signupToken = options.signupToken ?? keptToken(handle.draft);
  const draft: SignupDraft = {
    ...handle.draft,
    name,
    email,
    agreeTC: true,
    agreeComms,
    start: options.start,
    signup_token: isToken(signupToken) ? signupToken : undefined,
    // A new first step chooses again.
    public_organization_slug: undefined,
  };
  return submitDraft(args, handle, draft, undefined, values);
}

/** A later step's action: its form and draft, with the common intents (resend, restart) answered first. */
async function laterStep<T>(args: ApiArgs, step: (form: FormData, handle: DraftHandle) => Promise<T>) {
  const form = await readForm(args.request);
  const handle = await requireDraft(args);
  return (await commonIntent(args, form, handle)) ?? step(form, handle);
}

/** The password step's action: the policy here first (400 with its key), then the API. */
export function submitPassword(args: ApiArgs) {
  return laterStep(args, async (form, handle) => {
    const parsed = parseForm(signupPasswordFormSchema(policyOf(handle.draft), handle.draft.email ?? ""), form);
    if (!parsed.ok) return failed({ errors: parsed.errors }, 400);
    return submitDraft(args, handle, handle.draft, parsed.value.password);
  });
}

/** The organisation step's action: the chosen public organisation, then the API. */
export function submitOrganization(args: ApiArgs) {
  return laterStep(args, async (form, handle) => {
    const parsed = parseForm(SignupOrganizationFormSchema, form);
    if (!parsed.ok) return failed({ errors: parsed.errors }, 400);
    const slug = parsed.value.organization;
    const chosen = handle.draft.public_organizations?.find((org) => org.slug === slug);
    const draft: SignupDraft = {
      ...handle.draft,
      public_organization_slug: slug,
      organization: chosen ? { name: chosen.name, logo: chosen.logo ?? chosen.logo_small } : null,
    };
    return submitDraft(args, handle, draft);
  });
}

/** Answers of the resend tip and of "don't want this community", shared by the later steps. */
export async function commonIntent(args: ApiArgs, form: FormData, handle: DraftHandle) {
  const intent = form.get("intent");
  if (intent === "resend") return resendFromForm(args, form);
  if (intent === "restart") {
    throw redirect("/signup", { headers: { "set-cookie": await clearDraft(args.context, handle) } });
  }
  return null;
}

