/**
 * POST /api/signup (SPEC.md sections 3, 4, 8). Each call answers what is still `missing`:
 * organization (choose a public one), password, sso_confirmation, or email_confirmation once the
 * account exists. 409: the account exists; 412: it exists but the e-mail is not confirmed.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import { SignupSchema, type SignupInput, type SignupMissing } from "../../app/domain/signup";
import { resolveLocale } from "../../app/domain/locales";
import { sendTokenEmail } from "../auth/mail";
import { accountExists, createMember, findMemberByEmail, latestPlatformTermsVersion } from "../auth/members";
import { assertAcceptablePassword, hashPassword } from "../auth/passwords";
import { ssoStartUrl } from "../auth/sso-flow";
import { forbidden, notFound, preconditionFailed } from "../lib/domain-errors";
import { enforceRateLimit } from "../lib/rate-limit";
import { validate } from "../lib/validation";
import {
  getOrganizationByEmailDomain,
  getOrganizationBySignupToken,
  getOrganizationBySlug,
  listPublicOrganizations,
  organizationOrigin,
  type Tenant,
} from "../tenant/organizations";
import type { AppEnv } from "../types";

const invitationRequired = () =>
  forbidden(
    "invitation_required",
    "This organisation admits new members only through its sign-up link, an invitation, an e-mail address of its domains or its single sign-on.",
  );

/**
 * Which organisation a sign-up joins: token, then chosen public one, then e-mail domain, then the
 * host's. A non-public organisation admits only its token, its e-mail domains or its SSO
 * (docs/decisions/004): on its own hostname, anything else is refused, since the hostname is no
 * secret.
 */
async function signupOrganization(env: Env, input: SignupInput, hostTenant: Tenant): Promise<{ tenant: Tenant; ssoOnly: boolean } | null> {
  if (input.signup_token) {
    const tenant = await getOrganizationBySignupToken(env, input.signup_token);
    if (!tenant) throw notFound("organization_not_found", "The sign-up link is not valid.");
    return { tenant, ssoOnly: false };
  }
  if (input.public_organization_slug) {
    const tenant = await getOrganizationBySlug(env, input.public_organization_slug);
    if (!tenant || !tenant.isPublic) throw notFound("organization_not_found", "The organisation cannot be found.");
    return { tenant, ssoOnly: false };
  }
  const byDomain = await getOrganizationByEmailDomain(env, input.email);
  if (byDomain) return { tenant: byDomain, ssoOnly: false };
  if (hostTenant.isDefault) return null;
  if (hostTenant.isPublic) return { tenant: hostTenant, ssoOnly: false };
  // Its SSO: the identity provider decides who belongs (the answer is the SSO start link).
  if (hostTenant.sso.length > 0) return { tenant: hostTenant, ssoOnly: true };
  throw invitationRequired();
}

const isCorporate = (tenant: Tenant) => !tenant.isDefault && !tenant.isPublic;

function corporateJson(tenant: Tenant | null) {
  return tenant && isCorporate(tenant)
    ? { name: tenant.name, slug: tenant.slug, logo: tenant.logo, logo_small: tenant.logoSmall }
    : null;
}

export const signupRoutes = new Hono<AppEnv>().post("/", describeRoute(doc("Organisations", "public", { answer: ref("SignupAnswer"), summary: "Create an account (sign-up), in the organisation of the host or of the sign-up token (201, its e-mail to confirm); 200 when something is still `missing`: an organisation to choose, a password, or SSO to go through.", status: 201, alsoStatus: 200, errors: { 400: ["validation_error"], 403: ["invitation_required", "signup_disabled"], 409: ["account_exists"], 412: ["email_not_confirmed"], 429: ["too_many_requests"] } })), validate("json", SignupSchema), async (c) => {
  const input = c.req.valid("json");
  await enforceRateLimit(c, "signup", input.email);
  const chosen = await signupOrganization(c.env, input, c.var.tenant);
  const tenant = chosen?.tenant ?? null;

  const answer = (missing: SignupMissing, extra: Record<string, unknown> = {}, status: 200 | 201 = 200) =>
    c.json(
      {
        corporate: corporateJson(tenant),
        user: { email: input.email, name: input.name },
        auth: null,
        missing,
        password_policy: (tenant ?? c.var.tenant).general.password_policy,
        public_organizations: [],
        url: tenant ? organizationOrigin(c.env, tenant) : null,
        defaults: {
          language: resolveLocale(input.language ?? (tenant ?? c.var.tenant).community.language),
          organization_slug: tenant?.slug ?? null,
        },
        ...extra,
      },
      status,
    );

  const existing = await findMemberByEmail(c.env, input.email);
  if (existing) {
    if (existing.emailConfirmedAt !== null) throw accountExists();
    throw preconditionFailed("email_not_confirmed", "This account exists but its e-mail is not confirmed yet.");
  }

  if (!tenant) {
    const publicOrganizations = await listPublicOrganizations(c.env);
    return answer("organization", {
      public_organizations: publicOrganizations.map((org) => ({
        slug: org.slug,
        name: org.name,
        logo: org.logo,
        logo_small: org.logoSmall,
        region: org.region,
      })),
    });
  }
  if (tenant.community.disable_create_new_account) {
    throw forbidden("signup_disabled", "This organisation does not accept new accounts.");
  }
  const sso = tenant.sso.find((provider) => provider.enforced) ?? (chosen?.ssoOnly ? tenant.sso[0] : undefined);
  if (sso) return answer("sso_confirmation", { url: ssoStartUrl(tenant.slug, sso.provider, input.email) });
  if (!input.password) return answer("password");

  assertAcceptablePassword(input.password, tenant.general.password_policy, input.email);
  const language = resolveLocale(input.language ?? tenant.community.language);
  const memberId = await createMember(c.env, {
    email: input.email,
    name: input.name,
    language,
    passwordHash: await hashPassword(input.password),
    emailConfirmed: false,
    orgId: tenant.id,
    termsVersion: await latestPlatformTermsVersion(c.env),
    commercialComms: input.agreeComms,
  });
  // The link goes on to where the sign-up began (an initiative), also in another browser.
  await sendTokenEmail(c.env, "email_confirmation", { id: memberId, email: input.email, language, name: input.name }, tenant, input.redirect_path);
  return answer("email_confirmation", {}, 201);
});
