/**
 * What every signed-in page needs: the member, the organisation in use (the first of the member's
 * organisations, SPEC.md section 3) with its configuration, and the member's own profile.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { withCommunityDefaults } from "~/domain/community-config";
import { isStaffRole } from "~/domain/manage";
import { SOCIAL_NETWORKS, type SocialNetwork } from "~/domain/social";
import { memberCall, pathParam, publicCall, signinRedirect, throwIfUnavailable, type ApiArgs } from "./api.server";
import type { OrganizationProfile, SessionUser } from "../../../workers/api/types";
import type { NavEntry } from "../nav-entry";

export type { OrganizationProfile, OwnProfile, SessionUser } from "../../../workers/api/types";

/** The default contact of the contact-us link when the organisation has none (SPEC.md section 2). */
export const DEFAULT_CONTACT_EMAIL = "hello@commons.example";

function redirectTo(location: string, headers?: Record<string, string>) {
  return new Response(null, { status: 302, headers: { location, ...headers } });
}

/** Memoised per browser request (context.memo): every loader and action of it shares one answer. */
function once<T>(args: ApiArgs, key: string, compute: () => Promise<T>): Promise<T> {
  const session = args.request.headers.get("cookie") ?? "";
  return args.context.memo ? args.context.memo.once(`${key}:${session}`, compute) : compute();
}

/**
 * The signed-in member's identity; the organisation in use is their first one (SPEC.md section 3).
 * Read with the web session (context.webIdentity, one batch); only tokens of an upstream API, which
 * this Worker cannot read, make it ask PUT /auth/identity.
 */
export function memberIdentity(args: ApiArgs): Promise<SessionUser> {
  return once(args, "identity", async () => {
    const identity = args.context.webIdentity ? await args.context.webIdentity(args.request) : null;
    if (identity?.status === "signed-out") throw signinRedirect(args.request);
    if (identity?.status === "ended") throw signinRedirect(args.request, { "set-cookie": identity.setCookie });
    if (identity?.status === "disabled") throw redirectTo("/logout");
    const user = identity?.status === "member" ? identity.user : await identityFromApi(args);
    if (!user?.organizations[0]) throw redirectTo("/logout");
    return user;
  });
}

/** Who the upstream says the member is. It being down or failing is an error page, never a sign-out (issue 16). */
async function identityFromApi(args: ApiArgs): Promise<SessionUser | null> {
  const result = await memberCall(args, (api) => api.auth.identity.$put());
  if (result.ok) return result.data.user;
  throwIfUnavailable(result);
  return null;
}

/** The slug of the organisation in use, for `/api/{org}/...` calls. */
export const memberOrgSlug = async (args: ApiArgs) => (await memberIdentity(args)).organizations[0].slug;

/** GET /api/organization/profile/{org}, with the community config's defaults filled in (an upstream may leave keys out). */
export async function organizationProfile(args: ApiArgs, org: string) {
  const result = await publicCall(args, (api) => api.api.organization.profile[":slug"].$get({ param: { slug: pathParam(org) } }));
  if (!result.ok) return result;
  const { product_config } = result.data;
  // The same keys the API's type names, each now present; its extra keys stay JSON values.
  const community = withCommunityDefaults(product_config?.community) as OrganizationProfile["product_config"]["community"];
  return { ...result, data: { ...result.data, product_config: { ...product_config, community } } };
}

export function loadMember(args: ApiArgs) {
  return once(args, "member", () => readMember(args));
}

async function readMember(args: ApiArgs) {
  const user = await memberIdentity(args);
  const org = user.organizations[0];
  const [profile, organization] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].profile.$get({ param: { org: pathParam(org.slug) } })),
    organizationProfile(args, org.slug),
  ]);
  // SPEC.md section 8: a 402 on the profile forces the logout.
  if (!profile.ok && profile.status === 402) throw redirectTo("/logout");
  if (!profile.ok || !organization.ok) throw new Response("Profile unavailable", { status: profile.status || 500 });
  return { user, organization: organization.data, profile: profile.data };
}

export type MemberData = Awaited<ReturnType<typeof readMember>>;

/** The sidebar's entries after the feature gating of SPEC.md sections 2 and 6. */
/** The sidebar's entries for this member: the organisation's features, and the staff area for staff roles only. */
export function navigationFor(organization: OrganizationProfile, role?: string): NavEntry[] {
  const { features, hide_ranking_in_app } = organization.product_config.community;
  return [
    "wall",
    "initiative",
    ...(features.proposals ? (["proposal"] as const) : []),
    ...(features.responsible_profile ? (["responsible_profile"] as const) : []),
    ...(features.rankings && !hide_ranking_in_app ? (["rankings"] as const) : []),
    ...(features.about_our_program ? (["about-our-program"] as const) : []),
    ...(isStaffRole(role) ? (["manage"] as const) : []),
    "settings",
  ];
}

/** The social networks the organisation asks for (SPEC.md section 3), else all that Commons knows. */
export function socialNetworksFor(organization: OrganizationProfile): SocialNetwork[] {
  const configured = organization.product_config.community.social_network_profiles.filter((network): network is SocialNetwork =>
    (SOCIAL_NETWORKS as readonly string[]).includes(network),
  );
  return configured.length ? configured : [...SOCIAL_NETWORKS];
}

export const contactEmail = (organization: OrganizationProfile) =>
  organization.product_config.general.contact_email || DEFAULT_CONTACT_EMAIL;

export type { AppLoadContext };
