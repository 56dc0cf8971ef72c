/**
 * /invite/{token} for an account that already exists (issue 25, point 1): the invitation is only
 * an offer. Its owner signs in as that account (not signed in, or signed in as someone else: the
 * page says so and offers the way), then accepts or declines explicitly. Declining needs only the
 * link. Accepting makes the membership (POST /auth/invitation/{token}/accept).
 */
import { redirect } from "@remix-run/cloudflare";
import { endSession, hasSession, memberCall, pathParam, publicCall, type ApiArgs } from "~/lib/server/api.server";
import { formOf, text } from "~/lib/server/auth-flow.server";
import { memberIdentity } from "~/lib/server/member.server";

export type JoinState = "signin" | "other_account" | "ready";

export interface JoinPage {
  kind: "join";
  token: string;
  state: JoinState;
  email: string;
  role: string;
  organization: string;
  /** Who is signed in, when it is another account. */
  signedInAs: string | null;
  /** Sign-in, coming back to this page. */
  signinUrl: string;
}

const signinPath = (token: string) => `/signin?${new URLSearchParams({ redirect: `/invite/${token}` })}`;

/** The page of an existing account's invitation link, or null when the token is no such link. */
export async function loadJoinInvitation(args: ApiArgs, token: string): Promise<JoinPage | null> {
  const result = await publicCall(args, (api) => api.auth.invitation[":token"].$get({ param: { token: pathParam(token) } }));
  if (!result.ok || result.data.needs_password) return null;
  const { email, role, organization } = result.data;
  const base = { kind: "join" as const, token, email, role, organization: organization.name, signinUrl: signinPath(token) };
  if (!(await hasSession(args))) return { ...base, state: "signin", signedInAs: null };
  const user = await memberIdentity(args);
  if (user.email !== email) return { ...base, state: "other_account", signedInAs: user.email };
  return { ...base, state: "ready", signedInAs: null };
}

export type JoinAnswer = { intent: "decline"; declined: true; organization: string } | { intent: string; error: string };

/** accept (signed in as the account), decline (the link is enough), or switch (sign out, then sign in as the account). */
export async function joinInvitationAction(args: ApiArgs, token: string): Promise<Response | { status: number; answer: JoinAnswer }> {
  const form = await formOf(args.request);
  const intent = text(form, "intent");
  const param = { token: pathParam(token) };
  if (intent === "switch") {
    const setCookie = await endSession(args);
    return redirect(signinPath(token), { headers: { "set-cookie": setCookie } });
  }
  if (intent === "decline") {
    // Named before it goes: the page shown after the answer can no longer read the invitation.
    const invitation = await publicCall(args, (api) => api.auth.invitation[":token"].$get({ param }));
    const result = await publicCall(args, (api) => api.auth.invitation[":token"].decline.$post({ param }));
    if (result.ok) return { status: 200, answer: { intent, declined: true, organization: invitation.ok ? invitation.data.organization.name : "" } };
    return { status: result.status, answer: { intent, error: result.error.error } };
  }
  if (intent === "accept") {
    const result = await memberCall(args, (api) => api.auth.invitation[":token"].accept.$post({ param }));
    if (result.ok) return redirect("/wall");
    return { status: result.status, answer: { intent, error: result.error.error } };
  }
  return { status: 400, answer: { intent, error: "validation_error" } };
}
