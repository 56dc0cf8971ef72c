/**
 * Where a sign-up journey starts, as pure rules (no Remix runtime, so unit tests reach them): the
 * organisation of a sign-up link, and the first step on the request's own host. A non-public
 * organisation's token appears only in a journey that brought it (docs/decisions/004).
 */
import type { DraftOrganization, SignupClosed } from "~/domain/signup-types";
import type { OrganizationProfile as ApiOrganizationProfile } from "../../workers/api/types";
import type { Tenant } from "../../workers/tenant/organizations";

/**
 * The organisation profile of GET /api/organization/... (the fields the journey reads, typed by
 * the API's own serializer). `corporate` is an upstream's explicit answer; the embedded API leaves
 * it out and isCorporate decides from the flags.
 */
export type OrganizationProfile = Pick<
  ApiOrganizationProfile,
  "organization_name" | "organization_slug" | "organization_logo" | "organization_logo_small" | "is_default_org" | "is_mini_profile" | "is_public" | "signup_token"
> & {
  corporate?: boolean;
  product_config: { community: Partial<Pick<ApiOrganizationProfile["product_config"]["community"], "disable_create_new_account">> };
};

/** Corporate: neither the default organisation nor a public one (as the API decides). */
export const isCorporate = (org: OrganizationProfile) => org.corporate ?? (!org.is_default_org && !org.is_public);

export const draftOrganization = (org: OrganizationProfile): DraftOrganization => ({
  name: org.organization_name,
  logo: org.organization_logo ?? org.organization_logo_small,
});

/**
 * The draft fields a sign-up link sets once its organisation is known (SPEC.md section 2): the
 * corporate screen for a corporate organisation with its token, else /signup keeping the token.
 * A corporate organisation found by an initiative has no token in its public profile and gets none
 * here: on its own host, /signup admits through its e-mail domains or SSO instead.
 */
export function signupLinkJourney(org: OrganizationProfile): { start: string; signup_token: string | undefined; organization: DraftOrganization | null } {
  const token = org.signup_token ?? undefined;
  return {
    start: token && isCorporate(org) ? `/signup/c/${token}` : "/signup",
    signup_token: token,
    organization: token ? draftOrganization(org) : null,
  };
}

/**
 * The first step on the request's own host, without a sign-up link's token: the host's
 * organisation (null on the default host) and whether its form can admit anyone. A non-public
 * organisation admits here only through an e-mail domain or its SSO (the API decides; decision
 * 004): its token is never put in this page or its redirects.
 */
export function hostSignup(tenant: Tenant, token: string | undefined): { organization: DraftOrganization | null; closed: SignupClosed | null } {
  const organization = tenant.isDefault ? null : { name: tenant.name, logo: tenant.logo ?? tenant.logoSmall };
  if (token) return { organization: null, closed: null };
  if (tenant.community.disable_create_new_account) return { organization, closed: "disabled" };
  const admitsSomeone = tenant.isDefault || tenant.isPublic || tenant.emailDomains.length > 0 || tenant.sso.length > 0;
  return { organization, closed: admitsSomeone ? null : "invitation_required" };
}
