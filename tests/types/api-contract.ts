/**
 * Type-level test, checked by `npm run typecheck` (tsconfig includes tests/): the pages' API calls
 * are typed from the API's own handlers (workers/api/index.ts), so reading a field an answer does
 * not have, or sending a body a validator refuses, fails the type check. Each `@ts-expect-error`
 * below must find an error, or tsc fails on the unused directive: the check cannot pass silently.
 * Nothing here runs.
 */
import { memberCall, publicCall, type AnswerOf, type ApiArgs, type ApiClient } from "../../app/lib/server/api.server";
import type { OrganizationProfile, OwnProfile, SessionUser } from "../../workers/api/types";

declare const args: ApiArgs;

export async function answersAreTheApisOwn() {
  const organization = await publicCall(args, (api) => api.api.organization.profile[":slug"].$get({ param: { slug: "acme" } }));
  if (organization.ok) {
    const name: string = organization.data.organization_name;
    // @ts-expect-error the profile has no `organisation_name` (a misspelt or renamed field)
    void organization.data.organisation_name;
    // @ts-expect-error `region` is a string, not a number
    const region: number = organization.data.region;
    void name;
    void region;
  }

  const wall = await memberCall(args, (api) => api.api[":org"].wall.$get({ param: { org: "acme" }, query: {} }));
  if (wall.ok) {
    const slugs: string[] = wall.data.initiatives.map((initiative) => initiative.slug);
    // @ts-expect-error the wall answers `initiatives`, not `items`
    void wall.data.items;
    void slugs;
  }
  // @ts-expect-error the wall's query is typed by its validator: the search is `search`, not `q`
  void memberCall(args, (api) => api.api[":org"].wall.$get({ param: { org: "acme" }, query: { q: "beach" } }));
}

export async function bodiesAreChecked() {
  // @ts-expect-error /auth/login needs a password
  await publicCall(args, (api) => api.auth.login.$post({ json: { email: "a@b.co" } }));
  // @ts-expect-error /auth/password_policy/{token} takes only the two token types
  await publicCall(args, (api) => api.auth.password_policy[":token"].$get({ param: { token: "t" }, query: { token_type: "magic_link" } }));
}

/** The entity types pages use are the answers' types, not copies. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ProfileAnswer = AnswerOf<Awaited<ReturnType<ApiClient["api"]["organization"]["profile"][":slug"]["$get"]>>>;
type OwnProfileAnswer = AnswerOf<Awaited<ReturnType<ApiClient["api"][":org"]["profile"]["$get"]>>>;
type IdentityAnswer = AnswerOf<Awaited<ReturnType<ApiClient["auth"]["identity"]["$put"]>>>;
export const organizationIsTheAnswer: Same<OrganizationProfile, ProfileAnswer> = true;
export const ownProfileIsTheAnswer: Same<OwnProfile, OwnProfileAnswer> = true;
export const sessionUserIsTheAnswer: Same<SessionUser, IdentityAnswer["user"]> = true;
