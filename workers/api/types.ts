/**
 * The API's entities as their serializers build them: one type each, for the web app's pages and
 * components (`import type` from here). Inferred, never written again by hand, so a change to a
 * serializer reaches every page that reads it (docs/decisions/016-typed-api-client.md). Each is
 * the JSON a client receives (`JSONParsed`, as `c.json` types it: dates as strings, no undefined).
 */
import type { JSONParsed } from "hono/utils/types";
import type { userJson } from "../auth/members";
import type { organizationProfileJson } from "../tenant/profile";
import type { ownProfileJson } from "../profile/own-profile";

/** GET /api/organization/profile/{slug} and the other organisation look-ups. */
export type OrganizationProfile = JSONParsed<ReturnType<typeof organizationProfileJson>>;
/** The member as /auth answers them (login, identity, confirmation, reset). */
export type SessionUser = JSONParsed<Awaited<ReturnType<typeof userJson>>>;
/** GET and PUT /api/{org}/profile: the member's own profile. */
export type OwnProfile = JSONParsed<Awaited<ReturnType<typeof ownProfileJson>>>;
