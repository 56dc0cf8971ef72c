/**
 * The Auth service (SPEC.md section 7), mounted at /auth. Error codes follow section 8; the choices
 * the spec leaves open are recorded in docs/api/auth.md.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { listOf, objectOf, ref, scalars } from "../openapi/answers";
import { jsonSchemaOf } from "../openapi/validated-input";
import { RenewedTokensSchema } from "../../app/domain/session-renewal";
import * as v from "valibot";
import { SUPPORTED_LOCALES } from "../../app/domain/locales";
import { EmailSchema } from "../../app/domain/email";
import { DomainError, badRequest, conflict, forbidden, notFound, preconditionFailed, unauthorized } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import { enforceRateLimit } from "../lib/rate-limit";
import { validate } from "../lib/validation";
import { getOrganizationById, organizationOrigin } from "../tenant/organizations";
import type { AppEnv } from "../types";
import { consumeEmailToken, peekEmailToken } from "../auth/email-tokens";
import { sendTokenEmail, type TokenEmailKind } from "../auth/mail";
import { acceptInvitation, acceptInvitationOf, declineInvitation, declineInvitationByToken, describeInvitation, invitationOfToken, pendingInvitations } from "../auth/invitation-answers";
import { type MemberRow, findMemberByEmail, findMemberById, latestPlatformTermsVersion, memberName, memberOrganizations, organizationSummary, userJson } from "../auth/members";
import { authenticate, bearerToken, sessionNamedBy, unauthenticated } from "../auth/middleware";
import { confirmEmail, confirmEmailWithPassword, resetPassword } from "../auth/password-changes";
import { assertAcceptablePassword, verifyPassword } from "../auth/passwords";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, signIn, tokensJson } from "../auth/session-response";
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from "../auth/sessions";
import { ssoRoutes } from "./sso";
import { ssoStartUrl } from "../auth/sso-flow";
import { exportFileName, memberDataExport } from "../account/export";
import { requestOwnDeletion } from "../account/deletion";
import type { Tenant } from "../tenant/organizations";

const PasswordSchema = v.pipe(v.string("form_error_required"), v.nonEmpty("form_error_required"), v.maxLength(1024, "password_policy_maxLength"));
const AppSchema = v.optional(v.pipe(v.string(), v.maxLength(40)));

const LookupBody = v.object({ email: EmailSchema, requiredProduct: v.optional(v.pipe(v.string(), v.maxLength(40))) });
const LoginBody = v.object({ email: EmailSchema, password: PasswordSchema, requiredProduct: v.optional(v.pipe(v.string(), v.maxLength(40))) });
const EmailAppBody = v.object({ email: EmailSchema, app: AppSchema });
const NewPasswordBody = v.object({
  password: PasswordSchema,
  agreements: v.optional(
    v.object({ agreeTC: v.optional(v.boolean()), agreeComms: v.optional(v.boolean()) }),
  ),
});
/** An invited member's first password, with the language of the page they chose it on: the app then speaks it. */
const InvitationPasswordBody = v.object({ ...NewPasswordBody.entries, language: v.optional(v.picklist(SUPPORTED_LOCALES)) });
/** The password is asked only of an account that has none: one chosen at sign-up is kept (issue 28). */
const ConfirmBody = v.object({ password: v.optional(PasswordSchema) });
const RefreshBody = v.object({ refresh_token: v.optional(v.pipe(v.string(), v.maxLength(200))) });
const TokenParam = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
const InvitationParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
/** Deleting one's account: the account's e-mail address, typed again. */
const DeletionBody = v.strictObject(
  { email: v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(320, "form_error_max_length")) },
  "form_error_unknown_field",
);
const PolicyQuery = v.object({ token_type: v.picklist(["password_reset", "email_confirmation", "invite"], "form_error_invalid") });

/** The member behind the request's access token; 401 without one. */
async function signedIn(c: Context<AppEnv>) {
  const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
  if (!auth) throw unauthenticated();
  return auth;
}

/** The organisation whose rules apply to a member: the request's tenant if they belong, else their first. */
async function memberTenant(env: Env, memberId: string, preferOrgId: string): Promise<Tenant | null> {
  const organizations = await memberOrganizations(env, memberId, preferOrgId);
  return organizations[0]?.tenant ?? null;
}

/** Recovery answers `declined` (402 email_not_found), the other flows `not_found` (SPEC.md section 8). */
const accountNotFound = (kind: "not_found" | "declined" = "not_found") =>
  new DomainError(kind, kind === "declined" ? "email_not_found" : "account_not_found", "There is no account with this e-mail.");

/** Mails a single-use link to a member, for the organisation whose rules apply to them. */
async function mailLink(env: Env, kind: TokenEmailKind, member: MemberRow, preferOrgId: string) {
  const tenant = await memberTenant(env, member.id, preferOrgId);
  if (!tenant) throw accountNotFound();
  await sendTokenEmail(env, kind, { ...member, name: await memberName(env, member.id) }, tenant);
}

/** The member and organisation a single-use e-mail token was issued for. */
async function tokenSubject(env: Env, row: { memberId: string; orgId: string | null }, fallbackOrgId: string) {
  const member = await findMemberById(env, row.memberId);
  if (!member) throw unauthorized("link_expired", "This link has expired or was already used.");
  const tenant = (row.orgId ? await getOrganizationById(env, row.orgId) : null) ?? (await memberTenant(env, member.id, fallbackOrgId));
  if (!tenant) throw notFound("organization_not_found", "The organisation no longer exists.");
  return { member, tenant };
}

export const authRoutes = new Hono<AppEnv>()
  .post("/lookup", describeRoute(doc("Auth", "public", { answer: ref("Lookup"), summary: "Which sign-in an e-mail address goes through (password or SSO) and its organisations.", errors: { 404: ["account_not_found"], 429: ["too_many_requests"] } })), validate("json", LookupBody), async (c) => {
    const { email } = c.req.valid("json");
    const attempt = await enforceRateLimit(c, "lookup", email);
    const member = await findMemberByEmail(c.env, email);
    const organizations = member ? await memberOrganizations(c.env, member.id, c.var.tenant.id) : [];
    const tenant = organizations[0]?.tenant ?? null;
    if (!member || !tenant) throw accountNotFound();
    // Only misses count: members of one office looking themselves up are never throttled.
    await attempt.succeeded();
    const sso = tenant.sso.find((provider) => provider.enforced);
    return c.json({
      email,
      nextStage: sso ? "sso_popup" : "password",
      organizations: organizations.map(({ tenant: org }) => organizationSummary(c.env, org)),
      url: sso ? ssoStartUrl(tenant.slug, sso.provider, email) : organizationOrigin(c.env, tenant),
    });
  })

  .post("/login", describeRoute(doc("Auth", "public", { summary: "Sign in with e-mail and password: an access token, the refresh cookie, the user.", answer: ref("Session"), errors: { 401: ["password_not_set", "wrong_password"], 402: ["email_not_found"], 403: ["account_disabled"], 412: ["email_not_confirmed"], 429: ["too_many_requests"] } })), validate("json", LoginBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const attempt = await enforceRateLimit(c, "login", email);
    const member = await findMemberByEmail(c.env, email);
    const matches = await verifyPassword(password, member?.passwordHash ?? null);
    // Only failures count (workers/lib/rate-limit.ts): the right password gives its hits back.
    if (matches) await attempt.succeeded();
    if (!member) throw accountNotFound("declined");
    if (member.disabledAt !== null) throw forbidden("account_disabled", "This account is disabled.");
    if (!member.passwordHash) throw unauthorized("password_not_set", "This account has no password yet; recover it to choose one.");
    if (!matches) throw unauthorized("wrong_password", "The e-mail or the password is not right.");
    if (member.emailConfirmedAt === null) throw preconditionFailed("email_not_confirmed", "Confirm your e-mail address first.");
    return c.json(await signIn(c, member));
  })

  .put("/identity", describeRoute(doc("Auth", "public", { answer: ref("Identity"), summary: "Who is signed in: the access token's session, or a new one from the refresh cookie.", errors: { 401: ["unauthenticated", "invalid_refresh_token"] } })), async (c) => {
    // With a valid access token: the same token back, with the time it has left. Only the refresh
    // token renews; otherwise a stolen access token could keep itself alive for ever.
    const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
    if (auth) {
      const member = await findMemberById(c.env, auth.memberId);
      if (!member) throw unauthenticated();
      const accessToken = bearerToken(c.req.header("authorization"))!;
      const expiresIn = Math.max(0, Math.floor((auth.expiresAt - Date.now()) / 1000));
      return c.json({ access_token: accessToken, expires_in: expiresIn, user: await userJson(c.env, member, c.var.tenant.id) });
    }
    const cookie = readRefreshCookie(c);
    if (!cookie) throw unauthenticated();
    const tokens = await rotateRefreshToken(c.env, cookie);
    setRefreshCookie(c, tokens.refresh_token);
    const member = await findMemberById(c.env, tokens.memberId);
    if (!member) throw unauthenticated();
    return c.json({ ...tokensJson(tokens), user: await userJson(c.env, member, c.var.tenant.id) });
  })

  .delete("/identity", describeRoute(doc("Auth", "public", { summary: "Sign out: the session of the token and of the refresh cookie end.", status: 204 })), async (c) => {
    // An expired access token still names its session: logging out must not depend on its age.
    const sessionId = await sessionNamedBy(c.env, c.req.header("authorization"));
    if (sessionId) await revokeSession(c.env, sessionId, "logout");
    const cookie = readRefreshCookie(c);
    if (cookie) {
      // Logging out with only the cookie ends that cookie's session too.
      const sessionId = await sessionOfRefreshToken(c.env, cookie);
      if (sessionId) await revokeSession(c.env, sessionId, "logout");
    }
    clearRefreshCookie(c);
    return c.body(null, 204);
  })

  .put("/refresh", describeRoute(doc("Auth", "public", { summary: "New tokens for a refresh token (the cookie, or `refresh_token` in a JSON body); the old one stops.", answer: jsonSchemaOf(RenewedTokensSchema), body: { schema: { type: "object", properties: { refresh_token: { type: "string" } } }, description: "The cookie is used when there is no body.", optional: true }, errors: { 400: ["validation_error"], 401: ["invalid_refresh_token"] } })), async (c) => {
    let fromBody: string | undefined;
    if (c.req.header("content-type")?.includes("application/json")) {
      const parsed = v.safeParse(RefreshBody, await jsonBody(c));
      if (!parsed.success) throw badRequest("validation_error", "refresh_token must be a string.", { refresh_token: "form_error_invalid" });
      fromBody = parsed.output.refresh_token;
    }
    const refreshToken = fromBody ?? readRefreshCookie(c);
    if (!refreshToken) throw unauthorized("invalid_refresh_token", "The session has ended; sign in again.");
    const tokens = await rotateRefreshToken(c.env, refreshToken);
    setRefreshCookie(c, tokens.refresh_token);
    return c.json(tokensJson(tokens));
  })

  .post("/recover_password", describeRoute(doc("Auth", "public", { summary: "Send a password recovery link.", status: 204, errors: { 404: ["account_not_found"], 429: ["too_many_requests"] } })), validate("json", EmailAppBody), async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimit(c, "recover_password", email);
    const member = await findMemberByEmail(c.env, email);
    if (!member) throw accountNotFound();
    await mailLink(c.env, "password_reset", member, c.var.tenant.id);
    return c.body(null, 204);
  })

  .put("/recover_password/:token", describeRoute(doc("Auth", "public", { summary: "Choose a new password through a recovery link; signs in.", answer: ref("Session"), errors: { 401: ["link_expired"] } })), validate("param", TokenParam), validate("json", NewPasswordBody), async (c) => {
    const { token } = c.req.valid("param");
    const { password, agreements } = c.req.valid("json");
    const row = await peekEmailToken(c.env, token, "password_reset");
    const { member, tenant } = await tokenSubject(c.env, row, c.var.tenant.id);
    assertAcceptablePassword(password, tenant.general.password_policy, member.email);
    const latestTerms = await latestPlatformTermsVersion(c.env);
    // The set-initial-password variant: terms must be accepted by whoever has not yet accepted them.
    if (agreements && !agreements.agreeTC && member.lastTermsAcceptedVersion < latestTerms) {
      throw badRequest("validation_error", "The terms must be accepted.", { agreeTC: "form_error_required" });
    }
    await consumeEmailToken(c.env, token, "password_reset");
    // The new password ends every other session; signIn opens the only one left.
    const updated = await resetPassword(c.env, member, password, agreements, latestTerms);
    return c.json(await signIn(c, updated));
  })

  // An invited member's first password (issue 15, /invite/{token}): the link proves the address, the
  // platform terms are accepted here when not yet, and the invitation is accepted.
  .put("/invitation/:token", describeRoute(doc("Auth", "public", { summary: "An invited member's first password through the invitation link; accepts the invitation and signs in.", answer: ref("Session"), errors: { 401: ["link_expired"], 404: ["invitation_not_found"] } })), validate("param", TokenParam), validate("json", InvitationPasswordBody), async (c) => {
    const { token } = c.req.valid("param");
    const { password, agreements, language } = c.req.valid("json");
    const row = await peekEmailToken(c.env, token, "invite");
    const { member, tenant } = await tokenSubject(c.env, row, c.var.tenant.id);
    assertAcceptablePassword(password, tenant.general.password_policy, member.email);
    const latestTerms = await latestPlatformTermsVersion(c.env);
    if (!agreements?.agreeTC && member.lastTermsAcceptedVersion < latestTerms) {
      throw badRequest("validation_error", "The terms must be accepted.", { agreeTC: "form_error_required" });
    }
    await consumeEmailToken(c.env, token, "invite");
    const updated = await resetPassword(c.env, member, password, agreements, latestTerms);
    await acceptInvitationOf(c.env, member.id, tenant.id, Date.now(), language);
    return c.json(await signIn(c, language ? { ...updated, language } : updated));
  })

  // An invitation's link as its page reads it (either kind: a new account's or an existing one's).
  .get("/invitation/:token", describeRoute(doc("Auth", "public", { answer: ref("InvitationLink"), summary: "What an invitation link is for, as its page reads it.", errors: { 401: ["link_expired"], 404: ["invitation_not_found"] } })), validate("param", TokenParam), async (c) => c.json(await describeInvitation(c.env, c.req.valid("param").token)))
  // An existing account's owner accepts, signed in as that account (issue 25, point 1).
  .post("/invitation/:token/accept", describeRoute(doc("Auth", "member", { answer: ref("AcceptedInvitation"), summary: "Accept an invitation, signed in as the invited account.", errors: { 403: ["invitation_for_another_account"], 404: ["invitation_not_found"] } })), validate("param", TokenParam), async (c) => {
    const auth = await signedIn(c);
    const { invitation } = await invitationOfToken(c.env, c.req.valid("param").token);
    return c.json(await acceptInvitation(c.env, auth.memberId, invitation.id));
  })
  // Saying no needs only the link: it proves the address, and declining writes nothing.
  .post("/invitation/:token/decline", describeRoute(doc("Auth", "public", { summary: "Decline an invitation (the link is enough).", status: 204, errors: { 404: ["invitation_not_found"] } })), validate("param", TokenParam), async (c) => {
    await declineInvitationByToken(c.env, c.req.valid("param").token);
    return c.body(null, 204);
  })
  // The signed-in account's pending invitations (the app's notice), and its answers to them.
  .get("/invitations", describeRoute(doc("Auth", "member", { summary: "The signed-in account's pending invitations.", answer: listOf("invitations") })), async (c) => c.json({ invitations: await pendingInvitations(c.env, (await signedIn(c)).memberId) }))
  .post("/invitations/:id/accept", describeRoute(doc("Auth", "member", { answer: ref("AcceptedInvitation"), summary: "Accept one of the account's pending invitations.", errors: { 404: ["invitation_not_found"] } })), validate("param", InvitationParam), async (c) => c.json(await acceptInvitation(c.env, (await signedIn(c)).memberId, c.req.valid("param").id)))
  .post("/invitations/:id/decline", describeRoute(doc("Auth", "member", { summary: "Decline one of the account's pending invitations.", status: 204, errors: { 404: ["invitation_not_found"] } })), validate("param", InvitationParam), async (c) => {
    await declineInvitation(c.env, (await signedIn(c)).memberId, c.req.valid("param").id);
    return c.body(null, 204);
  })

  // The account's own data, as one JSON document to keep (issue 28, point 6; decision 034).
  .get("/account/export", describeRoute(doc("Auth", "member", { answer: ref("MemberData"), summary: "The account's own data as one JSON document to keep." })), async (c) => {
    const auth = await signedIn(c);
    const now = Date.now();
    const document = await memberDataExport(c.env, auth.memberId, organizationOrigin(c.env, c.var.tenant), now);
    return c.json(document, 200, {
      "content-disposition": `attachment; filename="${exportFileName(now)}"`,
      "cache-control": "private, no-store",
    });
  })
  // Deleting the account: confirmed by its e-mail address; every session ends, the account is
  // erased after the grace period unless its owner signs in before (workers/account/deletion.ts).
  .post("/account/deletion", describeRoute(doc("Auth", "member", { answer: ref("DeletionState"), summary: "Ask for the account's deletion, confirmed by its e-mail address; every session ends.", status: 202, errors: { 400: ["validation_error"], 404: ["account_not_found"] } })), validate("json", DeletionBody), async (c) => {
    const auth = await signedIn(c);
    return c.json(await requestOwnDeletion(c.env, auth.memberId, c.req.valid("json").email), 202);
  })

  .get("/password_policy/:token", describeRoute(doc("Auth", "public", { answer: objectOf({ password_policy: scalars.anyObject, email: scalars.str, organization: scalars.str, needs_password: scalars.bool }), summary: "The password policy and e-mail of a reset or confirmation link.", errors: { 401: ["link_expired"] } })), validate("param", TokenParam), validate("query", PolicyQuery), async (c) => {
    const { token } = c.req.valid("param");
    const { token_type } = c.req.valid("query");
    const row = await peekEmailToken(c.env, token, token_type);
    const { member, tenant } = await tokenSubject(c.env, row, c.var.tenant.id);
    // The organisation the link is for: an invitation's page names it, whatever host it opens on.
    // A confirmation asks for a password only when the account has none (sign-up chose one).
    const needsPassword = token_type !== "email_confirmation" || !member.passwordHash;
    return c.json({ password_policy: tenant.general.password_policy, email: member.email, organization: tenant.name, needs_password: needsPassword });
  })

  .post("/confirm_email", describeRoute(doc("Auth", "public", { summary: "Send the e-mail confirmation link again.", status: 204, errors: { 404: ["account_not_found"], 409: ["email_already_confirmed"], 429: ["too_many_requests"] } })), validate("json", EmailAppBody), async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimit(c, "confirm_email", email);
    const member = await findMemberByEmail(c.env, email);
    if (!member) throw accountNotFound();
    if (member.emailConfirmedAt !== null) throw conflict("email_already_confirmed", "This e-mail is already confirmed; sign in.");
    await mailLink(c.env, "email_confirmation", member, c.var.tenant.id);
    return c.body(null, 204);
  })

  .put("/confirm_email/:token", describeRoute(doc("Auth", "public", { summary: "Confirm the e-mail address through its link (with a password when the account has none); signs in.", answer: ref("Session"), errors: { 401: ["link_expired"] } })), validate("param", TokenParam), validate("json", ConfirmBody), async (c) => {
    const { token } = c.req.valid("param");
    const { password } = c.req.valid("json");
    const row = await peekEmailToken(c.env, token, "email_confirmation");
    const { member, tenant } = await tokenSubject(c.env, row, c.var.tenant.id);
    if (password !== undefined) assertAcceptablePassword(password, tenant.general.password_policy, member.email);
    else if (!member.passwordHash) throw badRequest("validation_error", "Choose a password to confirm this account.", { password: "form_error_required" });
    await consumeEmailToken(c.env, token, "email_confirmation");
    // The link proves the address, as a reset link does: confirming signs the member in.
    const updated = password !== undefined ? await confirmEmailWithPassword(c.env, member, password) : await confirmEmail(c.env, member);
    return c.json(await signIn(c, updated));
  })

  .route("/sso", ssoRoutes);
