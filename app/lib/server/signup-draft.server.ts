/**
 * The sign-up journey's draft (SPEC.md sections 2 and 4): what the visitor answered so far, kept
 * between steps, and the guards that send a visitor to the step they are at.
 *
 * The draft lives in a signed, HttpOnly cookie: name, e-mail, choices and what the last answer said
 * is missing. Never the password: it is sent once, by the step that asks for it.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext, type Session } from "@remix-run/cloudflare";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "~/domain/password-policy";
import type { SignupMissing } from "~/domain/signup";
import type { DraftOrganization, SignupOrganization } from "~/domain/signup-types";
import { hasSession, type ApiArgs } from "./api.server";
import { isLinkToken } from "~/domain/tokens";

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

const DRAFT_KEY = "draft";
/** The draft outlives a coffee break, not a week. */
const DRAFT_MAX_AGE_S = 24 * 3600;
/** Browsers drop cookies over 4 KB; a long organisation list is fetched again instead. */

function storage(context: AppLoadContext) {
  return createCookieSessionStorage<{ [DRAFT_KEY]: SignupDraft }>({
    cookie: {
      name: "commons_signup",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      maxAge: DRAFT_MAX_AGE_S,
      // Set: the edge refuses every request before a page runs without it (workers/lib/config.ts).
      secrets: [context.cloudflare.env.TOKEN_SECRET!],
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

export const isToken = (value: string | undefined): value is string => isLinkToken(value);

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

/**
 * The token /signup keeps from a /signup/{token} or /signup/i/... link. A corporate journey's token
 * belongs to /signup/c/{token} and is not carried over to a plain /signup.
 */
export const keptToken = (draft: SignupDraft) => (draft.start?.startsWith("/signup/c/") ? undefined : draft.signup_token);

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
