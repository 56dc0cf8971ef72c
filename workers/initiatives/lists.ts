/**
 * The two lists of initiatives: the wall (what a member may still join, SPEC.md section 2 "Wall"
 * and section 4 "Wall list on change") and "my initiatives" (accepted, interested or given to).
 *
 * The wall filters in SQL with the same rules app/domain/initiatives/rules.ts states for one
 * initiative (belongsOnWall, isHistory), so a page of 10,000 initiatives never leaves the
 * database: it walks initiatives_wall_idx (org_id, status, pinned, start_time), excludes the
 * member's own initiatives through two small materialised sub-queries, and answers one page.
 * tests/workers/list-rules.test.ts checks the SQL against the rules on every kind of initiative.
 */
import { and, asc, type AnyColumn, desc, eq, gte, inArray, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import type { InitiativeCard, InitiativeType } from "../../app/domain/initiatives";
import { WALL_CURSOR } from "../../app/domain/initiatives/wall-filter";
import { getDb, schema, type Database } from "../db/client";
import type { Tenant } from "../tenant/organizations";
import { liveContribution, loadCards, ownCardStatements, toCards } from "./queries";
import type { InitiativeRow } from "./serialize";

const { initiatives, participations, interests, contributions, LONG_INITIATIVE, WALL_RECENT_SPAN_MS } = schema;

export const WALL_PAGE_SIZE = 50;
export const WALL_PAST_LIMIT = 20;
export const MINE_LIMIT = 500;

export interface WallFilters {
  search?: string;
  /** ms, already clamped to dateFilterWindow. */
  from: number;
  to: number;
  type?: InitiativeType;
  sdg?: number;
  category?: string;
  pinned?: boolean;
  /** The page by number, the older paging (reads every row before it); `cursor` wins when both are given. */
  page: number;
  /** The page after this row of the wall (the `next_cursor` of the page before: keyset, docs/api/pagination.md). */
  cursor?: WallCursor;
  /** Rows on the page, 1 to 100; WALL_PAGE_SIZE when absent. */
  limit?: number;
}

/** Where a page of the wall ends: its last row's place in wallOrder. */
export interface WallCursor {
  pinned: boolean;
  startTime: number | null;
  id: string;
}

export const encodeWallCursor = (row: { pinned: boolean; startTime: number | null; id: string }) => `${row.pinned ? 1 : 0}.${row.startTime ?? ""}.${row.id}`;

/** The row a cursor names (`{pinned}.{start}.{id}`, the start empty when none), or null when it is not one the wall gave. */
export function decodeWallCursor(cursor: string): WallCursor | null {
  const match = WALL_CURSOR.exec(cursor);
  return match ? { pinned: match[1] === "1", startTime: match[2] === "" ? null : Number(match[2]), id: match[3] } : null;
}

/**
 * The rows after `cursor` in wallOrder, for a query over the slices' pinned values `pins`. Within
 * one pinned value: after its start time and id (a row value, so a slice read in the index's order
 * seeks to it; rows without a start come first). Pinned first, where the organisation pins: after
 * a pinned row come the rest of the pinned and every unpinned one; after an unpinned row, no
 * pinned one. Null: nothing is after it in these slices.
 */
function afterWallCursor(cursor: WallCursor | undefined, pins: boolean[], pinFirst: boolean): SQL | undefined | null {
  if (!cursor) return undefined;
  const later =
    cursor.startTime === null
      ? sql`(${initiatives.startTime} is not null or ${initiatives.id} > ${cursor.id})`
      : sql`(${initiatives.startTime}, ${initiatives.id}) > (${cursor.startTime}, ${cursor.id})`;
  if (!pinFirst) return later;
  if (pins.length === 1) return pins[0] === cursor.pinned ? later : cursor.pinned ? undefined : null;
  return cursor.pinned ? or(eq(initiatives.pinned, false), later) : and(eq(initiatives.pinned, false), later);
}

/**
 * Whether `column` contains `term`, ignoring ASCII case as LIKE does. instr() rather than LIKE:
 * D1 refuses LIKE patterns longer than 50 bytes (a 100-character search would be a 500), and
 * instr() takes % and _ literally, with nothing to escape.
 */
const contains = (column: AnyColumn, term: string) => sql`instr(lower(${column}), lower(${term})) > 0`;

/** Registration closes at registration_end_time, else at end_time (rules.ts registrationClosed). */
const closesAt = sql`coalesce(${initiatives.registrationEndTime}, ${initiatives.endTime})`;

/** The filters both wall sections share: the member's own left out, search, type, SDG, category, pinned. */
function sharedConditions(db: Database, org: Tenant, memberId: string, f: WallFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    // Not accepted and not interested (belongsOnWall): looked up per initiative on the two unique
    // (initiative, member) keys, which reads only the rows a part of the wall walks. A list of the
    // member's own, materialised in each statement, read all of them (hundreds for an active
    // member) in every one of the wall's statements (issue 26).
    notExists(
      db
        .select({ one: sql`1` })
        .from(participations)
        .where(and(eq(participations.initiativeId, initiatives.id), eq(participations.memberId, memberId), eq(participations.status, "accepted"))),
    ),
    notExists(db.select({ one: sql`1` }).from(interests).where(and(eq(interests.initiativeId, initiatives.id), eq(interests.memberId, memberId)))),
  ];
  if (f.search) {
    conditions.push(sql`(${contains(initiatives.title, f.search)} or ${contains(initiatives.description, f.search)})`);
  }
  if (f.type) conditions.push(eq(initiatives.type, f.type));
  if (f.sdg) {
    conditions.push(sql`exists (select 1 from initiative_sdgs s where s.initiative_id = ${initiatives.id} and s.sdg_id = ${f.sdg})`);
  }
  if (f.category) {
    conditions.push(
      sql`exists (select 1 from initiative_categories c where c.initiative_id = ${initiatives.id} and c.category_slug = ${f.category})`,
    );
  }
  if (f.pinned && org.community.can_pin_initiatives) conditions.push(eq(initiatives.pinned, true));
  return conditions.filter((c): c is SQL => c !== undefined);
}

export interface WallPage {
  initiatives: InitiativeCard[];
  past: InitiativeCard[];
  /** The page's number when asked by `page`; null when asked by `cursor`. */
  page: number | null;
  has_more: boolean;
  next_cursor: string | null;
}

const WALL_STATUSES = ["open", "suspended"] as const;

/**
 * The wall is read in slices, one per status and pinned value, each in the order of
 * initiatives_wall_idx (org_id, status, pinned, start_time), so every slice stops after the rows
 * the page needs instead of sorting the whole organisation; the slices are merged in wallOrder.
 */
export function wallSlices(org: Tenant, pinnedOnly = false) {
  const pins = pinnedOnly && org.community.can_pin_initiatives ? [true] : [true, false];
  return WALL_STATUSES.flatMap((status) => pins.map((pinned) => ({ status, pinned })));
}

/**
 * The wall's rows are read in four parts that together hold exactly them, so that no part walks
 * the initiatives that have ended (most of an organisation that has used Commons for years;
 * issue 26, decision 042):
 * - `upcoming`: starting now or later, one statement per slice, from now on initiatives_wall_idx
 *   in the wall's order, so it stops after the rows the page needs;
 * - `recent`: started within WALL_RECENT_SPAN_MS before now, on the same index;
 * - `long` and `open_ended`: started before that (or with no start) and still running, which only
 *   initiatives lasting longer than the span (or without an end) can be: on
 *   initiatives_wall_long_idx, whose rows are those, by end time (from now on, or none).
 * The last three read every slice at once and sort what they find (few: what is running now).
 */
export const WALL_PARTS = ["upcoming", "recent", "long", "open_ended"] as const;
export type WallPart = (typeof WALL_PARTS)[number];
type WallSlice = { status: (typeof WALL_STATUSES)[number]; pinned: boolean };

function partConditions(part: WallPart, now: number): SQL[] {
  const startedLongAgo = sql`(${initiatives.startTime} is null or ${initiatives.startTime} < ${now - WALL_RECENT_SPAN_MS})`;
  switch (part) {
    case "upcoming":
      return [gte(initiatives.startTime, now)];
    case "recent":
      return [gte(initiatives.startTime, now - WALL_RECENT_SPAN_MS), lt(initiatives.startTime, now)];
    case "long":
      return [LONG_INITIATIVE, startedLongAgo, gte(initiatives.endTime, now)];
    case "open_ended":
      return [LONG_INITIATIVE, startedLongAgo, isNull(initiatives.endTime)];
  }
}

/**
 * The first `limit` rows of one part of the wall, of the slices given (exported so the tests can
 * EXPLAIN it). Only `upcoming` keeps the index's order; the others sort (`+start_time`: an
 * index in that order must not tempt the planner to walk the organisation's past instead).
 */
export function wallPartQuery(db: Database, org: Tenant, memberId: string, f: WallFilters, now: number, part: WallPart, slices: WallSlice[], limit: number) {
  const statuses = [...new Set(slices.map((slice) => slice.status))];
  const pins = [...new Set(slices.map((slice) => slice.pinned))];
  const after = afterWallCursor(f.cursor, pins, org.community.can_pin_initiatives);
  return db
    .select()
    .from(initiatives)
    .where(
      and(
        eq(initiatives.orgId, org.id),
        statuses.length === 1 ? eq(initiatives.status, statuses[0]) : inArray(initiatives.status, statuses),
        pins.length === 1 ? eq(initiatives.pinned, pins[0]) : inArray(initiatives.pinned, pins),
        ...partConditions(part, now),
        ...sharedConditions(db, org, memberId, f),
        // Not history: not ended, registration open.
        or(isNull(initiatives.endTime), gte(initiatives.endTime, now)),
        sql`(${closesAt} is null or ${closesAt} >= ${now})`,
        // Room left (isFull is false, or unlimited).
        or(lt(initiatives.maxParticipants, 0), lt(initiatives.participantCount, initiatives.maxParticipants)),
        // Within the date range: the initiative's span overlaps [from, to]. (coalesce, not an OR:
        // an OR on start_time tempts the planner away from the index order that lets LIMIT stop.)
        sql`coalesce(${initiatives.startTime}, 0) <= ${f.to}`,
        or(isNull(initiatives.endTime), gte(initiatives.endTime, f.from)),
        after === null ? sql`0` : after,
      ),
    )
    .orderBy(part === "upcoming" ? asc(initiatives.startTime) : sql`+${initiatives.startTime}`, asc(initiatives.id))
    .limit(limit);
}

/** The statements of one wall page's rows: `upcoming` per slice, the other parts for all slices. */
export function wallPartQueries(db: Database, org: Tenant, memberId: string, f: WallFilters, now: number, limit: number) {
  const slices = wallSlices(org, f.pinned);
  return [
    ...slices.map((slice) => wallPartQuery(db, org, memberId, f, now, "upcoming", [slice], limit)),
    ...WALL_PARTS.filter((part) => part !== "upcoming").map((part) => wallPartQuery(db, org, memberId, f, now, part, slices, limit)),
  ];
}

/** Pinned first where the organisation pins, then by start time (none first, as SQLite sorts), then id. */
export function wallOrder(pinFirst: boolean) {
  return (a: InitiativeRow, b: InitiativeRow) =>
    (pinFirst ? Number(b.pinned) - Number(a.pinned) : 0) ||
    (a.startTime ?? -Infinity) - (b.startTime ?? -Infinity) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The past section: registration closed within the window, newest first. */
export function pastQuery(db: Database, org: Tenant, memberId: string, f: WallFilters, now: number) {
  return db
    .select()
    .from(initiatives)
    .where(
      and(
        eq(initiatives.orgId, org.id),
        sql`${closesAt} < ${now}`,
        sql`${closesAt} >= ${f.from}`,
        sql`${closesAt} <= ${f.to}`,
        inArray(initiatives.status, WALL_STATUSES),
        ...sharedConditions(db, org, memberId, f),
      ),
    )
    .orderBy(desc(closesAt), asc(initiatives.id))
    .limit(WALL_PAST_LIMIT);
}

/**
 * One page of the wall: after `cursor` (keyset: each part seeks to it, so a page reads its own rows
 * however deep it is), else page `page` by number (the older paging: the first page × size rows of
 * every part are read). The past section comes with the first page only.
 */
export async function wallPage(env: Pick<Env, "DB">, org: Tenant, memberId: string, f: WallFilters, now: number): Promise<WallPage> {
  const db = getDb(env);
  const size = f.limit ?? WALL_PAGE_SIZE;
  const first = f.cursor ? false : f.page === 1;
  const end = f.cursor ? size : f.page * size;
  // The first end + 1 rows of every part hold the first end + 1 of the wall (after the cursor).
  const slices = wallPartQueries(db, org, memberId, f, now, end + 1);
  // The past section shows on the first page only. Everything in one round trip.
  const queries = first ? [...slices, pastQuery(db, org, memberId, f, now)] : slices;
  const results = (await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]])) as InitiativeRow[][];
  const pastRows = first ? results.pop()! : [];
  const rows = results.flat().sort(wallOrder(org.community.can_pin_initiatives));
  const pageRows = rows.slice(end - size, end);
  const cards = await loadCards(db, org, memberId, [...pageRows, ...pastRows]);
  const more = rows.length > end;
  return {
    initiatives: cards.slice(0, pageRows.length),
    past: cards.slice(pageRows.length),
    page: f.cursor ? null : f.page,
    has_more: more,
    next_cursor: more && pageRows.length ? encodeWallCursor(pageRows.at(-1)!) : null,
  };
}

/**
 * My initiatives (belongsToMine): accepted participations, interests and contributions (pending
 * pledges included: the member gave, even before the organisers confirm it), the
 * newest involvement first. One batch: the member's initiative ids with their latest activity
 * joined to those rows of the organisation (with their SDGs and categories), then the member's
 * own participations, interests and contributions, each read once (issue 26: a subquery of the
 * ids in every statement read the member's activity once per statement).
 */
export async function myInitiatives(env: Pick<Env, "DB">, org: Tenant, memberId: string): Promise<InitiativeCard[]> {
  const [rows, ...own] = await getDb(env).batch(myInitiativesQueries(getDb(env), org, memberId));
  const sdgs = rows.flatMap((row) => (JSON.parse(row.sdgs) as number[]).map((id) => ({ initiativeId: row.initiative.id, id })));
  const categories = rows.flatMap((row) => (JSON.parse(row.categories) as string[]).map((slug) => ({ initiativeId: row.initiative.id, slug })));
  return toCards(
    org,
    rows.map((row) => row.initiative),
    [sdgs, categories, ...own],
  );
}

/** The statements of myInitiatives' batch (exported so the tests can measure what they read). */
export function myInitiativesQueries(db: Database, org: Tenant, memberId: string) {
  const activity = sql`
    select initiative_id, max(at) as at from (
      select ${participations.initiativeId} as initiative_id, ${participations.createdAt} as at from ${participations}
        where ${participations.orgId} = ${org.id} and ${participations.memberId} = ${memberId} and ${participations.status} = 'accepted'
      union all
      select ${interests.initiativeId}, ${interests.createdAt} from ${interests} where ${interests.memberId} = ${memberId}
      union all
      select ${contributions.initiativeId}, ${contributions.createdAt} from ${contributions}
        where ${contributions.orgId} = ${org.id} and ${contributions.memberId} = ${memberId} and ${liveContribution} and ${contributions.amount} > 0
    ) group by initiative_id order by at desc, initiative_id limit ${MINE_LIMIT}`;
  const mine = db
    .select({ initiativeId: sql<string>`initiative_id`.as("initiative_id"), at: sql<number>`at`.as("at") })
    .from(sql`(${activity})`)
    .as("mine");
  const { initiativeSdgs: sdgs, initiativeCategories: categories } = schema;
  return [
    db
      .select({
        initiative: initiatives,
        // The cards' SDGs and categories, in the order cardStatements reads them.
        sdgs: sql<string>`(select json_group_array(sdg_id) from (select ${sdgs.sdgId} as sdg_id from ${sdgs} where ${sdgs.initiativeId} = ${initiatives.id} order by ${sdgs.sdgId}))`,
        categories: sql<string>`(select json_group_array(slug) from (select ${categories.categorySlug} as slug from ${categories} where ${categories.initiativeId} = ${initiatives.id} order by ${categories.categorySlug}))`,
      })
      .from(mine)
      // `+org_id`: the organisation is checked on the rows found by id (an interest may name another
      // organisation's initiative) but is no index term, which made the planner read every initiative
      // of the organisation instead of the member's few hundred (issue 26).
      .innerJoin(initiatives, and(eq(initiatives.id, mine.initiativeId), sql`+${initiatives.orgId} = ${org.id}`))
      .orderBy(desc(mine.at), asc(mine.initiativeId)),
    // The member's own rows of the organisation (interests carry no org_id: all of the member's).
    ...ownCardStatements(db, memberId, (column) =>
      column === participations.initiativeId ? eq(participations.orgId, org.id) : column === contributions.initiativeId ? eq(contributions.orgId, org.id) : undefined,
    ),
  ] as const;
}
