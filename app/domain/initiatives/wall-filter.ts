/**
 * The wall's filters (SPEC.md section 2, "Wall"; GET {org}/wall in section 7): one schema per
 * parameter, read by both sides. The API validates what it gets and refuses what fails (400 with
 * field errors, a reversed range too); the page normalises what a member typed, dropping what
 * fails, clamping dates into the window and putting a reversed range right, so that what it sends
 * always passes (docs/decisions/015-one-wall-filter.md).
 */
import * as v from "valibot";
import { slugSchema } from "../slug";
import { dateFilterWindow } from "./rules";
import { INITIATIVE_TYPES, SDG_SLUGS, type InitiativeType } from "./types";

export const SEARCH_MAX_LENGTH = 100;
/** The furthest page a wall URL may ask for. */
export const WALL_PAGE_MAX = 100_000;
/** A wall page's cursor (`next_cursor`): its last row's pinned flag, start time (empty when none) and id. */
export const WALL_CURSOR = /^([01])\.(\d{0,16})\.([\w-]{1,64})$/;

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const DAY_MS = 86_400_000;

/** An ISO date or date-time, as ms; a bare date as the start of that UTC day (`endOfDay`: its last ms). */
const isoTime = (endOfDay: boolean) =>
  v.pipe(
    v.string(),
    v.regex(DATE, "form_error_invalid_date"),
    v.transform((text) => {
      const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
      return text.length === 10 && endOfDay ? ms + DAY_MS - 1 : ms;
    }),
    v.check((ms) => Number.isFinite(ms), "form_error_invalid_date"),
  );

const whole = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, "form_error_invalid"),
    v.transform(Number),
    v.minValue(1, "form_error_invalid"),
    v.maxValue(max, "form_error_invalid"),
  );

/** One schema per URL parameter. */
export const wallFilterParams = {
  search: v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX_LENGTH, "form_error_max_length")),
  from: isoTime(false),
  to: isoTime(true),
  type: v.picklist(INITIATIVE_TYPES, "form_error_invalid"),
  sdg: whole(SDG_SLUGS.length),
  category: slugSchema(),
  pinned: v.picklist(["true", "false"], "form_error_invalid"),
  page: whole(WALL_PAGE_MAX),
};

/** The API's reading: every parameter optional (an empty one means "no filter"), a range that ends before it starts refused. */
export const wallQuerySchema = v.pipe(
  v.object({
    search: v.optional(wallFilterParams.search),
    from: v.optional(wallFilterParams.from),
    to: v.optional(wallFilterParams.to),
    type: v.optional(wallFilterParams.type),
    sdg: v.optional(wallFilterParams.sdg),
    category: v.optional(wallFilterParams.category),
    pinned: v.optional(wallFilterParams.pinned),
    page: v.optional(wallFilterParams.page, "1"),
    // The API's paging (docs/api/pagination.md): the page after a cursor, `limit` rows (50 when absent).
    cursor: v.optional(v.pipe(v.string(), v.regex(WALL_CURSOR, "form_error_invalid"))),
    limit: v.optional(whole(100)),
  }),
  v.forward(
    v.partialCheck([["from"], ["to"]], ({ from, to }) => from === undefined || to === undefined || from <= to, "form_error_date_range"),
    ["to"],
  ),
);

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

/** A day as the value of an `<input type="date">` (UTC, like the API's dates). */
export const dateInputValue = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The window the date inputs offer (SPEC.md section 9: 60 days back, a year ahead). */
export function dateWindow(now: number) {
  const { from, to } = dateFilterWindow(now);
  return { min: dateInputValue(from), max: dateInputValue(to) };
}

/** A parameter's value when its schema takes it, else undefined: the page ignores rather than refuses. */
function accepted<K extends keyof typeof wallFilterParams>(params: URLSearchParams, name: K): v.InferOutput<(typeof wallFilterParams)[K]> | undefined {
  const raw = params.get(name);
  if (!raw) return undefined;
  const parsed = v.safeParse(wallFilterParams[name], raw);
  return parsed.success ? parsed.output : undefined;
}

/** A date parameter as the day the date input shows, clamped into the window. */
function day(ms: number | undefined, window: { from: number; to: number }): string {
  return ms === undefined ? "" : dateInputValue(Math.min(Math.max(ms, window.from), window.to));
}

/** The page's reading of its URL: what the member typed, normalised so that the API takes it. */
export function parseWallFilters(params: URLSearchParams, now: number): WallFilters {
  const window = dateFilterWindow(now);
  let from = day(accepted(params, "from"), window);
  let to = day(accepted(params, "to"), window);
  // ISO days compare as strings.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    // A long search is cut rather than dropped: what the member typed first still filters.
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    type: accepted(params, "type") ?? "",
    sdg: accepted(params, "sdg") ?? null,
    category: accepted(params, "category") ?? "",
    pinned: accepted(params, "pinned") === "true",
    from,
    to,
  };
}

/**
 * Where the wall page a URL asks for starts (`?cursor=`, the `next_cursor` of the page before);
 * null for the first page, and for a cursor the API would refuse (the page then shows the first).
 */
export function parseWallCursor(params: URLSearchParams): string | null {
  const cursor = params.get("cursor");
  return cursor !== null && WALL_CURSOR.test(cursor) ? cursor : null;
}
