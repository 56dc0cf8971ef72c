/**
 * The organisation profile as the API answers it (SPEC.md section 3, "source fields"):
 * organization_name, organization_slug, organization_logo, uuid, product_config {community, general}.
 */
import { organizationOrigin, type Tenant } from "./organizations";

export function organizationProfileJson(env: Env, tenant: Tenant, options: { withSignupToken: boolean }) {
  return {
    uuid: tenant.id,
    organization_name: tenant.name,
    organization_slug: tenant.slug,
    organization_logo: tenant.logo,
    organization_logo_small: tenant.logoSmall,
    region: tenant.region,
    is_default_org: tenant.isDefault,
    is_mini_profile: tenant.isMiniProfile,
    is_public: tenant.isPublic,
    // Corporate organisations' tokens are the key to join them: only who already holds it sees it.
    signup_token: options.withSignupToken || tenant.isPublic ? tenant.signupToken : null,
    email_domains: tenant.emailDomains,
    url: organizationOrigin(env, tenant),
    sso_providers: tenant.sso.map((provider) => provider.provider),
    org_terms_version: tenant.orgTermsVersion,
    org_terms_url: tenant.orgTermsUrl,
    product_config: { community: tenant.community, general: { contact_email: tenant.general.contact_email ?? null, password_policy: tenant.general.password_policy } },
  };
}
