/**
 * What the wall (/wall) and my initiatives (/initiative) loaders need from the API: the wall's
 * filters read from the URL (so every filter is a plain GET link that works without JavaScript),
 * the two list calls, and the few community-config values the screens show.
 */
import { wallQuery, type WallFilters } from "~/domain/initiatives/wall-filters";
import type { CommunityConfig } from "~/domain/community-config";
import type { InitiativeCard } from "~/domain/initiatives/types";
import { memberCall, pathParam, type ApiArgs } from "./api.server";
import { loadMember, memberOrgSlug } from "./member.server";

/**
 * The organisation's community config, from the member data the layout loads for the same request
 * (read once per request: the page's own read of the organisation profile was a second one).
 */
export async function communityConfig(args: ApiArgs): Promise<CommunityConfig> {
  return (await loadMember(args)).organization.product_config.community;
}

export interface WallData {
  initiatives: InitiativeCard[];
  /** Recently closed ones (first page only). */
  past: InitiativeCard[];
  /** Where this page starts (null: the first page) and where the next one does (null: this is the last). */
  cursor: string | null;
  next_cursor: string | null;
}

/** GET {org}/wall with the filters, from `cursor` on (keyset: docs/api/pagination.md); null when the API failed (the screen offers a reload). */
export async function loadWall(args: ApiArgs, filters: WallFilters, cursor: string | null, pinnable: boolean): Promise<WallData | null> {
  const org = await memberOrgSlug(args);
  const query = wallQuery(filters, { pinnable });
  if (cursor) query.set("cursor", cursor);
  const result = await memberCall(args, (api) => api.api[":org"].wall.$get({ param: { org: pathParam(org) }, query: Object.fromEntries(query) }));
  if (!result.ok) return null;
  const { initiatives = [], past = [], next_cursor = null } = result.data;
  return { initiatives, past, cursor, next_cursor };
}

/** GET {org}/initiative (mine, in the API's order); null when the API failed. */
export async function loadMyInitiatives(args: ApiArgs): Promise<InitiativeCard[] | null> {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].initiative.$get({ param: { org: pathParam(org) } }));
  return result.ok ? (result.data.initiatives ?? []) : null;
}
