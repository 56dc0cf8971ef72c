/**
 * The initiatives staff manage (issue 11, points 2 and 3): the list an organiser works from
 * (search, type, status, mine or all), and one initiative's participants with their status,
 * manager approval, phone (when the organisation asks members for one), hours and indicator
 * totals, and the organiser's decision on a participant.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { instantOfZoned, regionZone } from "../../app/domain/zoned-time";
import type { IndicatorUnit, InitiativeStatus, InitiativeType } from "../../app/domain/initiatives";
import { PARTICIPANT_DECISIONS } from "../../app/domain/manage";
import { phoneRequired } from "../../app/domain/phone";
import { getDb, schema, type Database } from "../db/client";
import { recount } from "../initiatives/actions";
import { iso } from "../initiatives/serialize";
import { ChangedMeanwhileError, conflict, notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { guardedAudit } from "../audit/statements";
import { outboxEvent, outboxEvents } from "../webhooks/outbox";
import { initiativePayload, participationPayload, participationResource } from "../webhooks/payloads";
import { managedInitiative } from "./managed-initiative";
import { toWaitlistEntries, waitlistStatement } from "./waitlist";
import { pageLimit } from "./paging";
import { managedInitiatives, ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const { initiatives, participations, participationRecords: records, profiles, members, indicators } = schema;


export interface ManagedInitiative {
  id: string;
  slug: string;
  title: string;
  type: InitiativeType;
  status: InitiativeStatus;
  start_time: string | null;
  end_time: string | null;
  participant_count: number;
  /** -1: unlimited. */
  max_participants: number;
  /** Records and uploads waiting for a decision. */
  pending_count: number;
  /** Whether the actor created it or is named its organiser (for an administrator, not every one is). */
  mine: boolean;
}

export interface InitiativeListQuery {
  q?: string;
  type?: InitiativeType;
  status?: InitiativeStatus;
  /** `mine`: created by or naming the actor; `all`: every one the actor manages (an administrator: all). */
  scope?: "mine" | "all";
  /** YYYY-MM-DD in the organisation's zone: under way on that day or later. */
  from?: string;
  /** YYYY-MM-DD in the organisation's zone: started by the end of that day. */
  to?: string;
  /** The `next_cursor` of the page before (keyset paging: no page is counted through). */
  cursor?: string;
  /** Rows on the page, 1 to 100, 50 when absent (docs/api/pagination.md). */
  limit?: number;
}

/** A page's cursor (INITIATIVE_CURSOR): the start time (empty when none) and id of its last row. */
const encodeCursor = (row: { startTime: number | null; id: string }) => `${row.startTime ?? ""}.${row.id}`;
function decodeCursor(cursor: string) {
  const [start, ...id] = cursor.split(".");
  return { start: start === "" ? null : Number(start), id: id.join(".") };
}

/** The first instant of day `date` (YYYY-MM-DD) in `zone`, `days` days later. */
function dayStart(date: string, zone: string, days = 0) {
  const [year, month, day] = date.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  return Date.parse(instantOfZoned(`${next}T00:00`, zone) ?? `${next}T00:00:00Z`);
}

/** Created by the actor or naming them organiser, whatever their role. */
const ownedBy = (db: ReturnType<typeof getDb>, memberId: string) => managedInitiatives(db, { memberId, role: "organiser" });

/**
 * The statements of one page of listManagedInitiatives (exported so the tests can measure them):
 * the initiatives with a start time after the cursor, newest start first, then those without one
 * (where SQLite sorts them, last), by id. Keyset paging on initiatives_org_start_idx (org_id,
 * start_time, id): a page reads its own rows, however far down the list it is.
 */
export function managedInitiativesQueries(db: Database, org: Tenant, actor: StaffActor, query: InitiativeListQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const dated = and(
    isNotNull(initiatives.startTime),
    // After the cursor's row in (start_time, id) order, as one row value: a range on the index.
    after ? (after.start === null ? sql`0` : sql`(${initiatives.startTime}, ${initiatives.id}) < (${after.start}, ${after.id})`) : undefined,
  );
  const undated = and(isNull(initiatives.startTime), after?.start === null ? lt(initiatives.id, after.id) : undefined);
  return [managedInitiativesPart(db, org, actor, query, dated, true), managedInitiativesPart(db, org, actor, query, undated, false)] as const;
}

function managedInitiativesPart(db: Database, org: Tenant, actor: StaffActor, query: InitiativeListQuery, part: SQL | undefined, byStart: boolean) {
  const q = query.q?.trim();
  // What waits per initiative, counted from its participations on participation_records_pending_idx
  // (the records that wait): CROSS JOIN keeps that order, where the planner walked every pending
  // record of every organisation for each initiative listed (issue 26).
  const pendingRecords = sql`select count(*) from ${participations} cross join ${records} on ${records.participationId} = ${participations.id}
    where ${participations.initiativeId} = ${initiatives.id} and ${records.status} = 'pending'`;
  const pendingUploads = db
    .select({ n: count() })
    .from(schema.attachments)
    .where(and(eq(schema.attachments.initiativeId, initiatives.id), eq(schema.attachments.status, "pending")));
  const pending = sql<number>`(${pendingRecords}) + (${pendingUploads})`;
  const mine = ownedBy(db, actor.memberId)!;
  // An administrator's list walks the organisation's initiatives in order on
  // initiatives_org_start_idx and stops at the page. An organiser's starts from the few they
  // manage (by id: `+org_id` and `+start_time` are no index terms, or the planner walked every
  // initiative of the organisation to find theirs) and sorts those.
  const organiser = actor.role !== "admin";
  const managedIds = sql`(select ${schema.initiativeOrganisers.initiativeId} from ${schema.initiativeOrganisers}
    where ${schema.initiativeOrganisers.orgId} = ${org.id} and ${schema.initiativeOrganisers.memberId} = ${actor.memberId}
    union all select ${initiatives.id} from ${initiatives} where ${initiatives.submitterMemberId} = ${actor.memberId})`;
  const zone = regionZone(org.region);
  return db
    .select({
      id: initiatives.id,
      slug: initiatives.slug,
      title: initiatives.title,
      type: initiatives.type,
      status: initiatives.status,
      startTime: initiatives.startTime,
      endTime: initiatives.endTime,
      participantCount: initiatives.participantCount,
      maxParticipants: initiatives.maxParticipants,
      pending: pending.as("pending_count"),
      mine: sql<number>`case when ${mine} then 1 else 0 end`.as("mine"),
    })
    .from(initiatives)
    .where(
      and(
        organiser ? sql`+${initiatives.orgId} = ${org.id}` : eq(initiatives.orgId, org.id),
        organiser ? sql`${initiatives.id} in ${managedIds}` : undefined,
        query.scope === "mine" ? mine : undefined,
        query.type ? eq(initiatives.type, query.type) : undefined,
        query.status ? eq(initiatives.status, query.status) : undefined,
        // Without an end an initiative lasts its start day; without dates at all, it matches no date.
        query.from ? gte(sql`coalesce(${initiatives.endTime}, ${initiatives.startTime})`, dayStart(query.from, zone)) : undefined,
        query.to ? lt(initiatives.startTime, dayStart(query.to, zone, 1)) : undefined,
        // instr, not LIKE: what the member types is taken literally (as the wall's search does).
        q ? sql`instr(lower(${initiatives.title}), lower(${q})) > 0` : undefined,
        part,
      ),
    )
    .orderBy(...(byStart ? [organiser ? sql`+${initiatives.startTime} desc` : desc(initiatives.startTime)] : []), desc(initiatives.id))
    .limit(pageLimit(query.limit) + 1);
}

export async function listManagedInitiatives(env: Env, org: Tenant, actor: StaffActor, query: InitiativeListQuery) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const [dated, undated] = await db.batch(managedInitiativesQueries(db, org, actor, query));
  const rows = [...dated, ...undated];
  const limit = pageLimit(query.limit);
  const page = rows.slice(0, limit);
  return {
    initiatives: page.map(
      (row): ManagedInitiative => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        type: row.type,
        status: row.status,
        start_time: iso(row.startTime),
        end_time: iso(row.endTime),
        participant_count: row.participantCount,
        max_participants: row.maxParticipants,
        pending_count: Number(row.pending),
        mine: Number(row.mine) === 1,
      }),
    ),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
  };
}

type InitiativeRow = Awaited<ReturnType<typeof managedInitiative>>;

/** What the staff pages show of the initiative itself, beside its participants. */
const initiativeHeader = (org: Tenant, row: InitiativeRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  type: row.type,
  status: row.status,
  pinned: row.pinned,
  /** Whether the organisation pins initiatives to the top of the wall at all (can_pin_initiatives). */
  can_pin: org.community.can_pin_initiatives,
});

export interface ManagedParticipant {
  uuid: string;
  member_id: string;
  name: string;
  email: string;
  avatar: string | null;
  /** Only where the organisation asks members for a phone. */
  phone: string | null;
  status: (typeof schema.PARTICIPANT_STATUSES)[number];
  manager_approval_status: (typeof schema.MANAGER_APPROVAL_STATUSES)[number];
  joined_at: string;
  hours: { validated: number; pending: number };
  indicators: { id: string; name: string; unit: IndicatorUnit; validated: number; pending: number }[];
}

/** Everyone who joined the initiative (any status), with what they reported; oldest first. */
export async function listParticipants(env: Env, org: Tenant, actor: StaffActor, initiativeId: string) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const counted = sql`${records.status} in ('validated', 'granted')`;
  const [people, totals, indicatorRows, waiting] = await db.batch([
    db
      .select({
        uuid: participations.uuid,
        memberId: participations.memberId,
        status: participations.status,
        approval: participations.managerApprovalStatus,
        joinedAt: participations.createdAt,
        name: profiles.name,
        avatarKey: profiles.avatarKey,
        phone: profiles.phone,
        email: members.email,
      })
      .from(participations)
      .innerJoin(members, eq(members.id, participations.memberId))
      .leftJoin(profiles, eq(profiles.memberId, participations.memberId))
      .where(eq(participations.initiativeId, initiative.id))
      .orderBy(participations.createdAt, participations.id),
    db
      .select({
        uuid: participations.uuid,
        indicatorId: records.indicatorId,
        type: records.type,
        validatedHours: sql<number>`coalesce(sum(case when ${counted} then ${records.hours} end), 0)`.as("validated_hours"),
        pendingHours: sql<number>`coalesce(sum(case when ${records.status} = 'pending' then ${records.hours} end), 0)`.as("pending_hours"),
        validatedValue: sql<number>`coalesce(sum(case when ${counted} then ${records.value} end), 0)`.as("validated_value"),
        pendingValue: sql<number>`coalesce(sum(case when ${records.status} = 'pending' then ${records.value} end), 0)`.as("pending_value"),
      })
      .from(records)
      .innerJoin(participations, eq(participations.id, records.participationId))
      .where(eq(participations.initiativeId, initiative.id))
      .groupBy(participations.uuid, records.type, records.indicatorId),
    db.select({ id: indicators.id, name: indicators.name, unit: indicators.unit }).from(indicators).where(eq(indicators.initiativeId, initiative.id)).orderBy(indicators.sortOrder),
    waitlistStatement(db, initiative.id),
  ]);
  const showPhone = phoneRequired(org.community);
  return {
    initiative: initiativeHeader(org, initiative),
    /** Who waits for a place, first in line first (issue 11, point 8). */
    waitlist: toWaitlistEntries(waiting),
    participants: people.map((person): ManagedParticipant => {
      const mine = totals.filter((total) => total.uuid === person.uuid);
      const hours = mine.find((total) => total.type === "hours");
      return {
        uuid: person.uuid,
        member_id: person.memberId,
        name: person.name ?? "",
        email: person.email,
        avatar: avatarUrl(person.memberId, person.avatarKey),
        phone: showPhone ? person.phone : null,
        status: person.status,
        manager_approval_status: person.approval,
        joined_at: iso(person.joinedAt)!,
        hours: { validated: Number(hours?.validatedHours ?? 0), pending: Number(hours?.pendingHours ?? 0) },
        indicators: indicatorRows.map((indicator) => {
          const total = mine.find((row) => row.type === "indicator" && row.indicatorId === indicator.id);
          return { ...indicator, validated: Number(total?.validatedValue ?? 0), pending: Number(total?.pendingValue ?? 0) };
        }),
      };
    }),
  };
}

export { PARTICIPANT_DECISIONS };

/**
 * The organiser sets a participant's status: accepted (back in, even past the cap: the organiser
 * decides), rejected (cannot join again) or not going. The count is recounted in the same batch.
 * A status changed by someone else since it was read: 409 participant_changed with it as stored.
 */
export async function setParticipantStatus(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  initiativeId: string,
  uuid: string,
  status: (typeof PARTICIPANT_DECISIONS)[number],
  now: number,
) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const [row] = await db
    .select({ id: participations.id, memberId: participations.memberId, status: participations.status, approval: participations.managerApprovalStatus })
    .from(participations)
    .where(and(eq(participations.initiativeId, initiative.id), inArray(participations.uuid, [uuid])));
  if (!row) throw notFound("participant_not_found", "The participant cannot be found.");
  if (row.status === status) return;
  if (row.status === "pending" && status === "not_going") throw conflict("participant_not_joined", "Only a participant who joined can be marked not going.");
  // One guarded write (decision 025): the change applies only to the status this organiser saw.
  const audit = guardedAudit(db, org.id, actor.memberId, [{ action: `participant.${status}`, targetType: "participation", targetId: row.id, detail: { from: row.status } }], now, (target) =>
    sql`exists (select 1 from ${participations} where ${participations.id} = ${target} and ${participations.status} = ${row.status})`,
  );
  const told =
    status === "not_going"
      ? []
      : [
          outboxEvents(
            db,
            org.id,
            status === "accepted" ? "participation.approved" : "participation.rejected",
            [{ target: row.id, resource: participationResource(initiative.id, row.memberId), payload: participationPayload({ uuid, initiativeId: initiative.id, slug: initiative.slug, title: initiative.title, memberId: row.memberId }, status) }],
            now,
            (target) => sql`${target} in ${audit.targets}`,
          ),
        ];
  const [, , , written, [after]] = await db.batch([
    audit.statement,
    db.update(participations).set({ status, updatedAt: now }).where(sql`${participations.id} in ${audit.targets}`),
    recount(db, initiative.id),
    audit.written,
    db.select({ status: participations.status, approval: participations.managerApprovalStatus }).from(participations).where(eq(participations.id, row.id)),
    ...told,
  ]);
  if (!written.length) {
    throw new ChangedMeanwhileError("participant_changed", "Someone else changed this participant meanwhile.", {
      uuid,
      status: after?.status ?? row.status,
      manager_approval_status: after?.approval ?? row.approval,
    });
  }
}

/**
 * Staff change an initiative's status (open, suspended, canceled) or its pin; pinning needs the
 * organisation's can_pin_initiatives (409 pinning_disabled). The change and its audit row are one
 * guarded write; a change to what it already is writes nothing; one that finds the initiative
 * changed since it was read is 409 initiative_changed. Answers the initiative as it now is.
 */
export async function updateInitiativeState(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  initiativeId: string,
  change: { status?: InitiativeStatus; pinned?: boolean },
  now: number,
) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  if (change.pinned !== undefined && !org.community.can_pin_initiatives) {
    throw conflict("pinning_disabled", "This organisation does not pin initiatives.");
  }
  const set = {
    ...(change.status !== undefined && change.status !== initiative.status ? { status: change.status } : {}),
    ...(change.pinned !== undefined && change.pinned !== initiative.pinned ? { pinned: change.pinned } : {}),
  };
  if (!Object.keys(set).length) return initiativeHeader(org, initiative);
  const db = getDb(env);
  const entries = [
    ...(set.status ? [{ action: `initiative.${set.status}`, targetType: "initiative" as const, targetId: initiative.id, detail: { from: initiative.status } }] : []),
    ...(set.pinned !== undefined ? [{ action: set.pinned ? "initiative.pinned" : "initiative.unpinned", targetType: "initiative" as const, targetId: initiative.id }] : []),
  ];
  // One guarded write (decision 025): the change applies only to the state this staff member saw.
  const seen = and(
    set.status ? eq(initiatives.status, initiative.status) : undefined,
    set.pinned !== undefined ? eq(initiatives.pinned, initiative.pinned) : undefined,
  );
  const audit = guardedAudit(db, org.id, actor.memberId, entries, now, (target) => sql`exists (select 1 from ${initiatives} where ${initiatives.id} = ${target} and ${seen})`);
  const won = (target: SQL) => sql`${target} in ${audit.targets}`;
  const [, , written, [after]] = await db.batch([
    audit.statement,
    db.update(initiatives).set({ ...set, updatedAt: now }).where(and(eq(initiatives.id, initiative.id), sql`${initiatives.id} in ${audit.targets}`)),
    audit.written,
    db.select({ status: initiatives.status, pinned: initiatives.pinned }).from(initiatives).where(eq(initiatives.id, initiative.id)),
    outboxEvent(
      db,
      org.id,
      set.status === "canceled" ? "initiative.cancelled" : "initiative.updated",
      `initiative:${initiative.id}`,
      initiativePayload(env, org, { id: initiative.id, slug: initiative.slug, title: initiative.title, status: set.status ?? initiative.status }),
      now,
      won,
    ),
  ]);
  const stored = initiativeHeader(org, { ...initiative, ...after });
  if (!written.length) throw new ChangedMeanwhileError("initiative_changed", "Someone else changed this initiative meanwhile.", stored);
  return stored;
}
