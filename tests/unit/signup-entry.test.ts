import { describe, expect, it } from "vitest";
import { hostSignup, signupLinkJourney, type OrganizationProfile } from "../../app/lib/signup-entry";
import { parseCommunityConfig, parseGeneralConfig } from "../../workers/tenant/config";
import type { Tenant } from "../../workers/tenant/organizations";

const tenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: "org-acme",
  slug: "acme",
  name: "Acme",
  logo: "/acme.svg",
  logoSmall: null,
  region: "ES",
  signupToken: "acme-secret-token",
  isDefault: false,
  isMiniProfile: false,
  isPublic: false,
  community: parseCommunityConfig("{}"),
  general: parseGeneralConfig("{}"),
  orgTermsVersion: 0,
  orgTermsUrl: null,
  hostnames: ["acme.localhost"],
  emailDomains: [],
  sso: [],
  ...overrides,
});

const profile = (overrides: Partial<OrganizationProfile> = {}): OrganizationProfile => ({
  organization_name: "Acme",
  organization_slug: "acme",
  organization_logo: "/acme.svg",
  organization_logo_small: null,
  is_default_org: false,
  is_mini_profile: false,
  is_public: false,
  signup_token: null,
  product_config: { community: {} },
  ...overrides,
});

describe("the first step on an organisation's own host", () => {
  it("a non-public organisation with no e-mail domain or SSO says it admits by invitation, never showing its token", () => {
    const closed = hostSignup(tenant(), undefined);
    expect(closed).toEqual({ organization: { name: "Acme", logo: "/acme.svg" }, closed: "invitation_required" });
    expect(JSON.stringify(closed)).not.toContain("acme-secret-token");
  });

  it("keeps the form where an e-mail domain or SSO can admit, and on public and default hosts", () => {
    expect(hostSignup(tenant({ emailDomains: ["acme.example"] }), undefined).closed).toBeNull();
    expect(hostSignup(tenant({ sso: [{ provider: "idp", enforced: false }] }), undefined).closed).toBeNull();
    expect(hostSignup(tenant({ isPublic: true }), undefined).closed).toBeNull();
    expect(hostSignup(tenant({ isDefault: true, isPublic: true }), undefined)).toEqual({ organization: null, closed: null });
    expect(hostSignup(tenant(), "a-token-the-visitor-brought").closed).toBeNull();
  });

  it("says so when the organisation takes no new accounts", () => {
    expect(hostSignup(tenant({ isPublic: true, community: parseCommunityConfig('{"disable_create_new_account":true}') }), undefined).closed).toBe("disabled");
  });
});

describe("a sign-up link's journey", () => {
  it("a corporate organisation found without its token (by an initiative) gets no token: /signup", () => {
    expect(signupLinkJourney(profile())).toEqual({ start: "/signup", signup_token: undefined, organization: null });
  });

  it("a link that carried the token goes to the corporate screen with it", () => {
    expect(signupLinkJourney(profile({ signup_token: "acme-secret-token", corporate: true }))).toEqual({
      start: "/signup/c/acme-secret-token",
      signup_token: "acme-secret-token",
      organization: { name: "Acme", logo: "/acme.svg" },
    });
    expect(signupLinkJourney(profile({ is_public: true, signup_token: "public-token" })).start).toBe("/signup");
  });
});
