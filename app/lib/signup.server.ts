/**
 * The sign-up journey's server side (SPEC.md sections 2, 4, 5, 8): the draft kept between steps,
 * the calls to POST /api/signup and POST /auth/confirm_email, and where each answer leads.
 *
 * The draft lives in a signed, HttpOnly cookie: name, e-mail, choices and what the last answer said
 * is missing. Never the password: it is sent once, by the step that asks for it.
 */
import { createCookieSessionStorage, data, redirect, type AppLoadContext, type Session } from "@remix-run/cloudflare";
import * as v from "valibot";
import {
  checkPasswordPolicy,
  DEFAULT_PASSWORD_POLICY,
  passwordPolicyMessageKey,
  PasswordPolicySchema,
  type PasswordPolicy,
} from "~/domain/password-policy";
import { isSlug } from "~/domain/slug";
import { SignupSchema, SIGNUP_MISSING, type SignupMissing } from "~/domain/signup";
import { detectLocale } from "~/i18n/locale.server";
import { getConfig } from "../../workers/lib/config";
import { hasSession, publicApi, type ApiArgs, type ApiError, type ApiResult } from "./api.server";
import { createWebSession, type ApiTokens } from "../../workers/auth/web-session";
import type { DraftOrganization, SignupOrganization, StepResult } from "~/domain/signup-types";
import { readForm } from "./form.server";
import { signupLinkJourney, type OrganizationProfile } from "./signup-entry";

export type { DraftOrganization, SignupOrganization, StepResult };
export type { OrganizationProfile };
export { draftOrganization, hostSignup, isCorporate } from "./signup-entry";

export interface SignupDraft {
  name?: string;
  email?: string;
  agreeTC?: boolean;
  agreeComms?: boolean;
  signup_token?: string;
  public_organization_slug?: string;
  /** The initiative of a /signup/i/{slug} link: where the new member goes once signed in. */
  initiative?: string;
  /** The first step this journey started from: /signup or /signup/c/{token}. */
  start?: string;
  organization?: DraftOrganization | null;
  missing?: SignupMissing;
  password_policy?: PasswordPolicy;
  public_organizations?: SignupOrganization[];
  sso_url?: string;
}

interface SignupAnswer {
  corporate: { name: string; slug: string; logo: string | null; logo_small: string | null } | null;
  user: { email: string; name: string };
  auth: (ApiTokens & Record<string, unknown>) | null;
  missing: SignupMissing | null;
  password_policy: unknown;
  public_organizations: SignupOrganization[];
  url: string | null;
}

const DRAFT_KEY = "draft";
/** The draft outlives a coffee break, not a week. */
const DRAFT_MAX_AGE_S = 24 * 3600;
/** Browsers drop cookies over 4 KB; a long organisation list is fetched again instead. */
const ORGANIZATIONS_BUDGET = 2400;
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

function storage(context: AppLoadContext) {
  return createCookieSessionStorage<{ [DRAFT_KEY]: SignupDraft }>({
    cookie: {
      name: "commons_signup",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      maxAge: DRAFT_MAX_AGE_S,
      secrets: [getConfig(context.cloudflare.env).TOKEN_SECRET],
    },
  });
}

export interface DraftHandle {
  draft: SignupDraft;
  session: Session<{ [DRAFT_KEY]: SignupDraft }>;
}

export async function readDraft({ context, request }: ApiArgs): Promise<DraftHandle> {
  const session = await storage(context).getSession(request.headers.get("cookie"));
  return { draft: { ...(session.get(DRAFT_KEY) ?? {}) }, session };
}

/** Saves the draft; answers the Set-Cookie value. */
export function saveDraft(context: AppLoadContext, { session }: DraftHandle, draft: SignupDraft) {
  session.set(DRAFT_KEY, draft);
  return storage(context).commitSession(session);
}

export function clearDraft(context: AppLoadContext, { session }: DraftHandle) {
  return storage(context).destroySession(session);
}

export const isToken = (value: string | undefined): value is string => !!value && TOKEN.test(value);

/** Where a signed-in member goes: the initiative of the sign-up link, else home. */
export const homeAfterSignup = (draft: SignupDraft) => (draft.initiative ? `/initiative/${encodeURIComponent(draft.initiative)}` : "/");

/** A visitor who already has a session has nothing to sign up for: on to their page. */
export async function redirectIfSignedIn(args: ApiArgs, target?: string) {
  if (!(await hasSession(args))) return;
  const handle = await readDraft(args);
  throw redirect(target ?? homeAfterSignup(handle.draft), { headers: { "set-cookie": await clearDraft(args.context, handle) } });
}

/** Steps after the first need a draft with the first step's answers; without one, start again. */
export async function requireDraft(args: ApiArgs): Promise<DraftHandle> {
  await redirectIfSignedIn(args);
  const handle = await readDraft(args);
  if (!handle.draft.email || !handle.draft.name || !handle.draft.agreeTC) throw redirect(handle.draft.start ?? "/signup");
  return handle;
}

/** A later step: with a draft, and the step the last answer asked for (else that step). */
export async function requireStep(args: ApiArgs, step: SignupMissing): Promise<DraftHandle> {
  const handle = await requireDraft(args);
  const { missing } = handle.draft;
  if (missing !== step) throw redirect(missing ? `/signup/${missing}` : (handle.draft.start ?? "/signup"));
  return handle;
}

export const policyOf = (draft: SignupDraft): PasswordPolicy => draft.password_policy ?? DEFAULT_PASSWORD_POLICY;

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * The organisation of a sign-up token (GET /api/organization/{token}) or of an initiative
 * (GET /api/organization/by_initiative_slug/{slug}); null when there is none (a malformed value
 * included). Any other failure is the error page's.
 */
export async function findOrganization(args: ApiArgs, by: { token: string } | { initiative: string }): Promise<OrganizationProfile | null> {
  const path =
    "token" in by
      ? isToken(by.token) && `/api/organization/${encodeURIComponent(by.token)}`
      : isSlug(by.initiative) && `/api/organization/by_initiative_slug/${encodeURIComponent(by.initiative)}`;
  if (!path) return null;
  const result = await publicApi<OrganizationProfile>(args, "GET", path);
  if (result.ok) return result.data;
  if (result.status === 404) return null;
  throw new Response(null, { status: result.status });
}

/** POST /auth/confirm_email {email, app: "web"}: sends the confirmation link again. */
export async function resendConfirmation(args: ApiArgs, email: string): Promise<StepResult> {
  const result = await publicApi(args, "POST", "/auth/confirm_email", { email, app: "web" });
  return result.ok ? { resent: true } : { resendFailure: { status: result.status, code: result.error.error } };
}

/** The e-mail the resend tip of a 412 is about (a hidden field of its form). */
export function resendFromForm(args: ApiArgs, form: FormData) {
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  return resendConfirmation(args, email);
}

function issuesToErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

const failed = (result: StepResult, status: number) => data(result, { status });

function apiFailure(error: ApiError, status: number, email: string, values?: StepResult["values"]) {
  return failed({ errors: error.fields, failure: { status, code: error.error, email }, values }, status);
}

/** The path of a step, or null for an answer this app does not know. */
const stepPath = (missing: SignupMissing | null) => (missing && SIGNUP_MISSING.includes(missing) ? `/signup/${missing}` : null);

/**
 * Sends the draft (and the password, on the password step) to POST /api/signup and follows the
 * answer (SPEC.md section 4): with auth, sign in and go home; else on to /signup/{missing}.
 * Throws the redirect; answers the failure for the page.
 */
export async function submitDraft(args: ApiArgs, handle: DraftHandle, draft: SignupDraft, password?: string, values?: StepResult["values"]) {
  const language = await detectLocale(args.request);
  const body = {
    name: draft.name,
    email: draft.email,
    agreeTC: draft.agreeTC === true,
    agreeComms: draft.agreeComms === true,
    language,
    ...(password !== undefined ? { password } : {}),
    ...(draft.signup_token ? { signup_token: draft.signup_token } : {}),
    ...(draft.public_organization_slug ? { public_organization_slug: draft.public_organization_slug } : {}),
  };
  const result: ApiResult<SignupAnswer> = await publicApi<SignupAnswer>(args, "POST", "/api/signup", body);
  if (!result.ok) return apiFailure(result.error, result.status, draft.email ?? "", values);
  const answer = result.data;
  const headers = new Headers();

  if (answer.auth?.access_token) {
    headers.append("set-cookie", await createWebSession(args.context, answer.auth));
    headers.append("set-cookie", await clearDraft(args.context, handle));
    throw redirect(homeAfterSignup(draft), { headers });
  }
  const next = stepPath(answer.missing);
  if (!next) throw redirect(`/signin?email=${encodeURIComponent(answer.user.email)}`);

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
  const result = await publicApi<SignupAnswer>(args, "POST", "/api/signup", {
    name: draft.name,
    email: draft.email,
    agreeTC: true,
    agreeComms: draft.agreeComms === true,
  });
  return result.ok ? result.data.public_organizations : [];
}

/**
 * The token /signup keeps from a /signup/{token} or /signup/i/... link. A corporate journey's token
 * belongs to /signup/c/{token} and is not carried over to a plain /signup.
 */
export const keptToken = (draft: SignupDraft) => (draft.start?.startsWith("/signup/c/") ? undefined : draft.signup_token);

/** Form checkboxes: present ("on") or absent. */
const checked = (form: FormData, name: string) => {
  const value = form.get(name);
  return value === "on" || value === "true";
};

/**
 * The first step's action (/signup and /signup/c/{token}): SignupSchema decides, then the API.
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
  const parsed = v.safeParse(SignupSchema, { ...values, agreeTC: checked(form, "agreeTC") });
  if (!parsed.success) return failed({ errors: issuesToErrors(parsed.issues), values }, 400);
  const { name, email, agreeComms } = parsed.output;
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

/** The password step's action: the policy here first (400 with its key), then the API. */
export async function submitPassword(args: ApiArgs) {
  const form = await readForm(args.request);
  const handle = await requireDraft(args);
  const other = await commonIntent(args, form, handle);
  if (other) return other;
  const password = String(form.get("password") ?? "");
  const rule = password === "" ? "form_error_required" : checkPasswordPolicy(password, policyOf(handle.draft), handle.draft.email);
  if (rule) return failed({ errors: { password: rule === "form_error_required" ? rule : passwordPolicyMessageKey(rule) } }, 400);
  return submitDraft(args, handle, handle.draft, password);
}

/** The organisation step's action: the chosen public organisation, then the API. */
export async function submitOrganization(args: ApiArgs) {
  const form = await readForm(args.request);
  const handle = await requireDraft(args);
  const other = await commonIntent(args, form, handle);
  if (other) return other;
  const slug = String(form.get("organization") ?? "");
  if (!isSlug(slug)) return failed({ errors: { organization: "form_error_choose_organization" } }, 400);
  const chosen = handle.draft.public_organizations?.find((org) => org.slug === slug);
  const draft: SignupDraft = {
    ...handle.draft,
    public_organization_slug: slug,
    organization: chosen ? { name: chosen.name, logo: chosen.logo ?? chosen.logo_small } : null,
  };
  return submitDraft(args, handle, draft);
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

/**
 * Where a sign-up link leads once its organisation is known (SPEC.md section 2): the corporate
 * screen for a corporate organisation, else /signup with the organisation's token kept in the draft.
 */
export async function followSignupLink(args: ApiArgs, org: OrganizationProfile, extra: Pick<SignupDraft, "initiative"> = {}) {
  const handle = await readDraft(args);
  const journey = signupLinkJourney(org);
  const draft: SignupDraft = { ...handle.draft, ...extra, ...journey, public_organization_slug: undefined, missing: undefined };
  throw redirect(journey.start, { headers: { "set-cookie": await saveDraft(args.context, handle, draft) } });
}

/**
 * The SSO start link of the answer, landing on the sign-up link's initiative when there is one:
 * /sso/initiate/{provider}/{redirectPath*} (SPEC.md section 2) with the redirect path replaced.
 */
export function ssoStartPath(url: string, initiative: string | undefined) {
  const parsed = new URL(url, "http://local.invalid");
  const match = /^\/sso\/initiate\/([^/]+)\/.*$/.exec(parsed.pathname);
  if (!initiative || !match) return url;
  parsed.pathname = `/sso/initiate/${match[1]}/initiative/${encodeURIComponent(initiative)}`;
  return parsed.origin === "http://local.invalid" ? parsed.pathname + parsed.search : parsed.toString();
}

/**
 * For the page that finishes a sign-up outside this journey (e.g. /confirm_email/{token} once it
 * has signed the member in): where to go (the sign-up link's initiative, else `fallback`) and the
 * Set-Cookie that forgets the draft (null when there was none).
 */
export async function finishSignup(args: ApiArgs, fallback = "/"): Promise<{ to: string; setCookie: string | null }> {
  const handle = await readDraft(args);
  if (!handle.draft.email) return { to: fallback, setCookie: null };
  return { to: handle.draft.initiative ? homeAfterSignup(handle.draft) : fallback, setCookie: await clearDraft(args.context, handle) };
}
