/**
 * Sign-up links (SPEC.md section 2): the organisation a link names, where the link leads, and the
 * SSO start that lands on the link's initiative.
 */
import { redirect } from "@remix-run/cloudflare";
import { isSlug } from "~/domain/slug";
import { pathParam, publicCall, type ApiArgs } from "./api.server";
import { isToken, readDraft, saveDraft, type SignupDraft } from "./signup-draft.server";
import { signupLinkJourney, type OrganizationProfile } from "../signup-entry";
import { initiativePath, ssoStartLandingOn } from "../signed-out";

/**
 * The organisation of a sign-up token (GET /api/organization/{token}) or of an initiative
 * (GET /api/organization/by_initiative_slug/{slug}); null when there is none (a malformed value
 * included). Any other failure is the error page's.
 */
export async function findOrganization(args: ApiArgs, by: { token: string } | { initiative: string }): Promise<OrganizationProfile | null> {
  const key = "token" in by ? isToken(by.token) && by.token : isSlug(by.initiative) && by.initiative;
  if (!key) return null;
  const result = await publicCall(args, (api) =>
    "token" in by
      ? api.api.organization[":token"].$get({ param: { token: pathParam(key) } })
      : api.api.organization.by_initiative_slug[":slug"].$get({ param: { slug: pathParam(key) } }),
  );
  if (result.ok) return result.data;
  if (result.status === 404) return null;
  throw new Response(null, { status: result.status });
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

/** The SSO start link of the answer, landing on the sign-up link's initiative when there is one. */
export function ssoStartPath(url: string, initiative: string | undefined) {
  return ssoStartLandingOn(url, initiative ? initiativePath(initiative) : null);
}

