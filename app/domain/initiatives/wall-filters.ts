/**
 * The wall's filters (SPEC.md section 2, "Wall"): read from the URL by the loader (with the one
 * schema of app/domain/initiatives/wall-filter.ts) and written back into links and hidden inputs by
 * the screen, so every filter is a plain GET that works without JavaScript. Pure, shared by server
 * and browser.
 */
// Straight from the module, not the index: the browser bundle needs none of the other initiative schemas.
import { type WallFilters } from "~/domain/initiatives/wall-filter";

export { dateInputValue, dateWindow, parseWallCursor, parseWallFilters, SEARCH_MAX_LENGTH, type WallFilters } from "~/domain/initiatives/wall-filter";

/** The filters as URL parameters (only those set), for the API call and the screen's links. */
export function wallQuery(filters: WallFilters, { pinnable = true } = {}): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.search) query.set("search", filters.search);
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (filters.type) query.set("type", filters.type);
  if (filters.sdg) query.set("sdg", String(filters.sdg));
  if (filters.category) query.set("category", filters.category);
  if (filters.pinned && pinnable) query.set("pinned", "true");
  return query;
}

/** The wall URL of the same search from `cursor` on (a page's `next_cursor`; null: the first page). */
export function pageHref(filters: WallFilters, cursor: string | null) {
  const query = wallQuery(filters);
  if (cursor) query.set("cursor", cursor);
  const search = query.toString();
  return search ? `/wall?${search}` : "/wall";
}

/** How many filters (besides the search) are set: the count on the filter button. */
export const activeFilterCount = (filters: WallFilters) =>
  [filters.type, filters.sdg, filters.category, filters.pinned, filters.from, filters.to].filter(Boolean).length;

/**
 * The causes an initiative works for (migrations/0001_lookups.sql, in its order), offered by the
 * category filter and named by the `category.*` keys of the shared lookups namespace.
 */
export const CATEGORY_SLUGS = [
  "environment",
  "climate-change",
  "animals",
  "oceans-and-coasts",
  "forests-and-nature",
  "recycling-and-waste",
  "children",
  "youth",
  "elderly",
  "families",
  "women",
  "disability",
  "health",
  "mental-health",
  "addictions",
  "education",
  "literacy",
  "digital-inclusion",
  "employment",
  "entrepreneurship",
  "financial-education",
  "poverty",
  "hunger-and-food",
  "homelessness",
  "housing",
  "migrants-and-refugees",
  "human-rights",
  "gender-equality",
  "lgbtiq",
  "social-inclusion",
  "prisons-and-reintegration",
  "culture-and-heritage",
  "sport",
  "community-development",
  "rural-development",
  "emergencies",
  "international-cooperation",
  "water-and-sanitation",
  "energy",
  "road-safety",
] as const;
