/**
 * The organisation profile as the API answers it (SPEC.md section 3, "source fields"):
 * organization_name, organization_slug, organization_logo, uuid, product_config {community, general}.
 */
import { withCommunityDefaults } from "../../app/domain/community-config";
import { generalConfigOf } from "./config";
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

/** A profile as an upstream API answers it (the fields above; an upstream may leave some out). */
export interface OrganizationProfileJson {
  uuid: string;
  organization_name: string;
  organization_slug: string;
  organization_logo?: string | null;
  organization_logo_small?: string | null;
  region?: string | null;
  is_default_org?: boolean;
  is_mini_profile?: boolean;
  is_public?: boolean;
  signup_token?: string | null;
  email_domains?: string[];
  url?: string | null;
  sso_providers?: string[];
  org_terms_version?: number;
  org_terms_url?: string | null;
  product_config?: { community?: unknown; general?: unknown };
}

/**
 * The tenant an edge builds from its upstream's profile (issue 16, point 2: the edge keeps no copy
 * of tenant data). What the profile does not tell (whether an SSO provider is enforced, a
 * corporate organisation's sign-up token) stays out: the edge passes /auth and /api on, and the
 * upstream, which knows, decides there. The hostname is the profile's own address, when it is
 * not the edge's default one.
 */
export function tenantFromProfile(env: Env, profile: OrganizationProfileJson): Tenant {
  const host = profile.url && URL.canParse(profile.url) ? new URL(profile.url).host : null;
  const defaultHost = new URL(env.PUBLIC_URL).host;
  return {
    id: profile.uuid,
    slug: profile.organization_slug,
    name: profile.organization_name,
    logo: profile.organization_logo ?? null,
    logoSmall: profile.organization_logo_small ?? null,
    region: profile.region ?? "",
    signupToken: profile.signup_token ?? "",
    isDefault: profile.is_default_org === true,
    isMiniProfile: profile.is_mini_profile === true,
    isPublic: profile.is_public === true,
    community: withCommunityDefaults(profile.product_config?.community),
    general: generalConfigOf(profile.product_config?.general ?? {}),
    orgTermsVersion: profile.org_terms_version ?? 0,
    orgTermsUrl: profile.org_terms_url ?? null,
    hostnames: host && host !== defaultHost ? [host.replace(/:\d+$/, "")] : [],
    emailDomains: profile.email_domains ?? [],
    sso: (profile.sso_providers ?? []).map((provider) => ({ provider, enforced: false })),
  };
}
