/**
 * The wall's filters (SPEC.md section 2, "Wall"): read from the URL by the loader and written back
 * into links and hidden inputs by the screen, so every filter is a plain GET that works without
 * JavaScript. Pure, shared by server and browser.
 */
// Straight from the modules, not the index: the browser bundle needs no valibot schemas here.
import { isSlug } from "~/domain/slug";
import { dateFilterWindow } from "~/domain/initiatives/rules";
import { INITIATIVE_TYPES, SDG_SLUGS, type InitiativeType } from "~/domain/initiatives/types";

export interface WallFilters {
  search: string;
  type: InitiativeType | "";
  /** SDG id 1..17, or null for any. */
  sdg: number | null;
  category: string;
  pinned: boolean;
  /** YYYY-MM-DD, or "" for the edge of the default window. */
  from: string;
  to: string;
}

export const SEARCH_MAX_LENGTH = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day as the value of an `<input type="date">` (UTC, like the API's dates). */
export const dateInputValue = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The window the date inputs offer (SPEC.md section 9: 60 days back, a year ahead). */
export function dateWindow(now: number) {
  const { from, to } = dateFilterWindow(now);
  return { min: dateInputValue(from), max: dateInputValue(to) };
}

function dateParam(value: string | null, window: { min: string; max: string }) {
  if (!value || !DATE.test(value) || Number.isNaN(Date.parse(value))) return "";
  // ISO dates compare as strings: clamp into the window.
  if (value < window.min) return window.min;
  if (value > window.max) return window.max;
  return value;
}

/** The wall's filters from its URL; anything malformed is ignored rather than refused. */
export function parseWallFilters(params: URLSearchParams, now: number): WallFilters {
  const window = dateWindow(now);
  const type = params.get("type") ?? "";
  const sdg = Number(params.get("sdg"));
  const category = params.get("category") ?? "";
  let from = dateParam(params.get("from"), window);
  let to = dateParam(params.get("to"), window);
  if (from && to && from > to) [from, to] = [to, from];
  return {
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    type: (INITIATIVE_TYPES as readonly string[]).includes(type) ? (type as InitiativeType) : "",
    sdg: Number.isInteger(sdg) && sdg >= 1 && sdg <= SDG_SLUGS.length ? sdg : null,
    category: isSlug(category) ? category : "",
    pinned: params.get("pinned") === "true",
    from,
    to,
  };
}

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

/** The wall URL of another page of the same search. */
export function pageHref(filters: WallFilters, page: number) {
  const query = wallQuery(filters);
  if (page > 1) query.set("page", String(page));
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
