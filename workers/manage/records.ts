/**
 * The validation queue of hours and indicator records (issue 11, point 5): the records of the
 * initiatives the actor manages, and the decision on one or many. A validated record counts in the
 * member's hours and unlocks rating (canRate, SPEC.md section 4); a refused one carries its reason.
 * A bulk decision names only records the actor may decide (else nothing is decided); each record is
 * then decided once, and the answer says which this decision changed and which someone else had.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { IndicatorUnit } from "../../app/domain/initiatives";
import { RECORD_DECISIONS, TIME_BASES } from "../../app/domain/manage";
import { selectInChunks } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import type { Notice } from "./notify";
import { alreadyReviewed, decideFound, requireReviewable, reviewChange } from "./review";
import { outboxEvents } from "../webhooks/outbox";
import { requireRole, managedColumn, managedInitiativeIds, managedInitiatives, ORGANISING_ROLES, type StaffActor } from "./scope";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";

const { participationRecords: records, participations, initiatives, indicators, profiles } = schema;

export type RecordDecision = (typeof RECORD_DECISIONS)[number];
type TimeBasis = (typeof TIME_BASES)[number];

/** A record as staff see it: what was reported, by whom, for which initiative. */
export interface ManagedRecord {
  id: string;
  type: "hours" | "indicator";
  hours: number | null;
  value: number | null;
  unit: IndicatorUnit | null;
  indicator: { id: string; name: string } | null;
  status: (typeof schema.RECORD_STATUSES)[number];
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  participant: { uuid: string; member_id: string; name: string; avatar: string | null };
  initiative: { id: string; slug: string; title: string };
}

export interface RecordListQuery extends PageQuery {
  status: (typeof schema.RECORD_STATUSES)[number];
  initiative_id?: string;
  type?: "hours" | "indicator";
}

// Aliased where a joined table's column shares a name with the record's (id) or another's (name):
// D1 answers a batch's rows as objects keyed by column name, where one of two equal names is lost.
export const columns = {
  record: records,
  participantUuid: participations.uuid,
  memberId: participations.memberId,
  memberName: sql<string | null>`${profiles.name}`.as("member_name"),
  avatarKey: profiles.avatarKey,
  initiativeId: sql<string>`${initiatives.id}`.as("initiative_id_"),
  initiativeSlug: initiatives.slug,
  initiativeTitle: initiatives.title,
  indicatorName: sql<string | null>`${indicators.name}`.as("indicator_name"),
};

export function fromRecords(db: ReturnType<typeof getDb>, select: typeof columns & { managed?: SQL.Aliased<number> }) {
  return db
    .select(select)
    .from(records)
    .innerJoin(participations, eq(participations.id, records.participationId))
    .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .leftJoin(indicators, eq(indicators.id, records.indicatorId))
    .leftJoin(profiles, eq(profiles.memberId, participations.memberId));
}

/** A record's event data: what was reported, for whom, in which initiative. */
/** What a record.validated / record.rejected event says about the record (docs/integrations.md). */
export const recordPayload = (row: { record: { id: string; type: string; hours: number | null; value: number | null }; participantUuid: string; memberId: string; initiativeId: string; initiativeSlug: string; initiativeTitle: string }, status: string) => ({
  record: { id: row.record.id, type: row.record.type, status, hours: row.record.hours, value: row.record.value },
  participation: { uuid: row.participantUuid, member_id: row.memberId },
  initiative: { id: row.initiativeId, slug: row.initiativeSlug, title: row.initiativeTitle },
});

interface Row {
  record: typeof records.$inferSelect;
  participantUuid: string;
  memberId: string;
  memberName: string | null;
  avatarKey: string | null;
  initiativeId: string;
  initiativeSlug: string;
  initiativeTitle: string;
  indicatorName: string | null;
}

export function toManagedRecord(row: Row): ManagedRecord {
  const r = row.record;
  return {
    id: r.id,
    type: r.type,
    hours: r.hours,
    value: r.value,
    unit: (r.unit as IndicatorUnit | null) ?? null,
    indicator: r.indicatorId ? { id: r.indicatorId, name: row.indicatorName ?? "" } : null,
    status: r.status,
    reject_reason: r.status === "rejected" ? r.rejectReason : null,
    created_at: iso(r.createdAt)!,
    reviewed_at: iso(r.reviewedAt),
    participant: { uuid: row.participantUuid, member_id: row.memberId, name: row.memberName ?? "", avatar: avatarUrl(row.memberId, row.avatarKey) },
    initiative: { id: row.initiativeId, slug: row.initiativeSlug, title: row.initiativeTitle },
  };
}

/**
 * One page of the records of `status` in the initiatives the actor manages: what waits, oldest
 * first (the queue), anything decided newest first. `next` is the cursor of the following page.
 */
export async function listRecords(env: Env, org: Tenant, actor: StaffActor, query: RecordListQuery) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const paging = keyset(records.createdAt, records.id, query.cursor, query.status === "pending");
  // An organiser's page is read from the initiatives they manage (decision 043): the status is
  // checked on their rows (`+org_id`, `+status`), not by walking everything of that status in the organisation.
  const mine = managedInitiatives(db, actor) ? managedInitiativeIds(db, org.id, actor) : null;
  const rows = await fromRecords(db, columns)
    .where(
      and(
        mine
          ? and(inArray(participations.initiativeId, mine), sql`+${initiatives.orgId} = ${org.id} and +${records.status} = ${query.status}`)
          : and(eq(initiatives.orgId, org.id), eq(records.status, query.status)),
        query.initiative_id ? eq(initiatives.id, query.initiative_id) : undefined,
        query.type ? eq(records.type, query.type) : undefined,
        paging.after,
      ),
    )
    .orderBy(...paging.order)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit, (row) => row.record);
  return { records: page.map(toManagedRecord), next };
}

/**
 * The decision `status` (with `reason`) on the records `ids`: 404 when one is not a record of the
 * organisation, 403 when one belongs to an initiative the actor does not manage (nothing is
 * decided then). Each pending record is decided once (review.ts): answers the records as they now
 * are, the ids this decision changed (`applied`), the others (`lost`: decided before or by someone
 * else meanwhile), and the e-mails owed for the applied ones only.
 */
export async function reviewRecords(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  ids: string[],
  decision: { status: RecordDecision; reason: string | null; time_basis?: TimeBasis | null },
  now: number,
): Promise<{ records: ManagedRecord[]; applied: string[]; lost: string[]; notices: Notice[] }> {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const read = (chunk: string[]) =>
    fromRecords(db, { ...columns, managed: managedColumn(db, actor) }).where(and(eq(initiatives.orgId, org.id), inArray(records.id, chunk)));
  // Others besides the ids: the organisation, and the actor in the managed column.
  const found = await selectInChunks(db, ids, read, 4);
  requireReviewable(found, ids, "record");
  // Whose time the hours were (issue 30): corrected in the same guarded write as the decision.
  const basis = decision.time_basis === undefined ? {} : { timeBasis: decision.time_basis };
  const change = { ...reviewChange(decision, actor, now), ...basis };
  const reason = change.rejectReason;
  const { stored, applied, lost } = await decideFound(db, found, (row) => row.record.id, (row) => row.record.status === "pending", {
    table: records,
    change,
    audit: (id) => ({ action: `record.${decision.status}`, targetType: "record", targetId: id, detail: { ...(reason ? { reason } : {}), ...(decision.time_basis !== undefined ? { time_basis: decision.time_basis } : {}) } }),
    read,
    readOthers: 4,
    org,
    actor,
    now,
    outbox: (changed) =>
      outboxEvents(
        db,
        org.id,
        decision.status === "validated" ? "record.validated" : "record.rejected",
        found.map((row) => ({ target: row.record.id, resource: `record:${row.record.id}` as const, payload: recordPayload(row, decision.status) })),
        now,
        changed,
      ),
  });
  return {
    records: stored.map(toManagedRecord),
    applied: applied.map((row) => row.record.id),
    lost: lost.map((row) => row.record.id),
    notices: applied.map((row) => ({
      kind: decision.status === "validated" ? "records_validated" : "records_rejected",
      memberId: row.memberId,
      initiative: { slug: row.initiativeSlug, title: row.initiativeTitle },
      reason,
    })),
  };
}

/** The decision on one record: its answer, or 409 record_already_reviewed with the record as stored when it lost. */
export async function reviewRecord(env: Env, org: Tenant, actor: StaffActor, id: string, decision: { status: RecordDecision; reason: string | null; time_basis?: TimeBasis | null }, now: number) {
  const { records: [record], applied, notices } = await reviewRecords(env, org, actor, [id], decision, now);
  if (!applied.length) throw alreadyReviewed("record", record);
  return { record, notices };
}
