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
import { and, asc, type AnyColumn, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { InitiativeCard, InitiativeType } from "../../app/domain/initiatives";
import { getDb, schema, type Database } from "../db/client";
import type { Tenant } from "../tenant/organizations";
import { cardStatements, liveContribution, loadCards, toCards } from "./queries";
import type { InitiativeRow } from "./serialize";

const { initiatives, participations, interests, contributions } = schema;

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
  page: number;
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
    // Not accepted and not interested (belongsOnWall): the member's own initiatives, materialised once.
    notInArray(
      initiatives.id,
      db
        .select({ id: participations.initiativeId })
        .from(participations)
        .where(and(eq(participations.orgId, org.id), eq(participations.memberId, memberId), eq(participations.status, "accepted"))),
    ),
    notInArray(initiatives.id, db.select({ id: interests.initiativeId }).from(interests).where(eq(interests.memberId, memberId))),
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
  page: number;
  has_more: boolean;
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

/** One slice of the wall: the first `limit` rows of one status and pinned value (exported so the tests can EXPLAIN it). */
export function wallSliceQuery(
  db: Database,
  org: Tenant,
  memberId: string,
  f: WallFilters,
  now: number,
  slice: { status: (typeof WALL_STATUSES)[number]; pinned: boolean },
  limit: number,
) {
  return db
    .select()
    .from(initiatives)
    .where(
      and(
        eq(initiatives.orgId, org.id),
        eq(initiatives.status, slice.status),
        eq(initiatives.pinned, slice.pinned),
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
      ),
    )
    .orderBy(asc(initiatives.startTime), asc(initiatives.id))
    .limit(limit);
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

export async function wallPage(env: Pick<Env, "DB">, org: Tenant, memberId: string, f: WallFilters, now: number): Promise<WallPage> {
  const db = getDb(env);
  const end = f.page * WALL_PAGE_SIZE;
  const slices = wallSlices(org, f.pinned).map((slice) => wallSliceQuery(db, org, memberId, f, now, slice, end + 1));
  // The past section shows on the first page only. Everything in one round trip.
  const queries = f.page === 1 ? [...slices, pastQuery(db, org, memberId, f, now)] : slices;
  const results = (await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]])) as InitiativeRow[][];
  const pastRows = f.page === 1 ? results.pop()! : [];
  const rows = results.flat().sort(wallOrder(org.community.can_pin_initiatives));
  const pageRows = rows.slice(end - WALL_PAGE_SIZE, end);
  const cards = await loadCards(db, org, memberId, [...pageRows, ...pastRows]);
  return { initiatives: cards.slice(0, pageRows.length), past: cards.slice(pageRows.length), page: f.page, has_more: rows.length > end };
}

/**
 * My initiatives (belongsToMine): accepted participations, interests and contributions (pending
 * pledges included: the member gave, even before the organisers confirm it), the
 * newest involvement first. One batch: the member's initiative ids with their latest activity,
 * those rows of the organisation and what their cards show, the last two keyed by the first as a
 * subquery.
 */
export async function myInitiatives(env: Pick<Env, "DB">, org: Tenant, memberId: string): Promise<InitiativeCard[]> {
  const [order, rows, ...cards] = await getDb(env).batch(myInitiativesQueries(getDb(env), org, memberId));
  const rank = new Map(order.map((a, index) => [a.initiative_id, index]));
  const sorted = rows.filter((row) => rank.has(row.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return toCards(org, sorted, cards);
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
    ) group by initiative_id order by at desc limit ${MINE_LIMIT}`;
  const mine = sql`(select initiative_id from (${activity}))`;
  return [
    db.select({ initiative_id: sql<string>`initiative_id` }).from(sql`(${activity})`),
    // `+org_id`: the organisation is checked on the rows found by id (an interest may name another
    // organisation's initiative) but is no index term, which made the planner read every initiative
    // of the organisation instead of the member's few hundred (issue 26).
    db.select().from(initiatives).where(and(sql`+${initiatives.orgId} = ${org.id}`, inArray(initiatives.id, mine))),
    ...cardStatements(db, memberId, (column) => inArray(column, mine)),
  ] as const;
}
