/**
 * The audit log as administrators read it (issue 15, point 6; docs/api/admin.md): every staff and
 * administrator action of the organisation (workers/audit/statements.ts writes each in the batch of its
 * change), newest first, filtered by kind of thing, action, who and when. Read only: there is no
 * call that changes or deletes a row.
 */
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "../db/client";
import { keyset, pageLimit, pageOf, type PageQuery } from "../manage/paging";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

/** What an audit entry can be about; the impact ledger's rate card, snapshots and management hours too (issue 30), API keys, webhook endpoints and chat channels (issue 31). */
export const AUDIT_TARGET_TYPES = ["record", "contribution", "attachment", "participation", "initiative", "proposal", "member", "organization", "invitation", "impact_rate_card", "impact_snapshot", "impact_management", "api_key", "webhook", "chat_app"] as const;

export interface AuditQuery extends PageQuery {
  target_type?: (typeof AUDIT_TARGET_TYPES)[number];
  /** An action, or its first part ("member" for every member.* action). */
  action?: string;
  actor_member_id?: string;
  /** Milliseconds: from (inclusive) and to (exclusive). */
  from?: number;
  to?: number;
}

/** The period and filters of the list, without its page (the CSV reads them all). */
export type AuditFilters = Omit<AuditQuery, "cursor" | "limit">;

/**
 * One page of the organisation's audit log, newest first. Each row names what it is about in the
 * same query (joins on primary keys, so a page is one read however many rows): the member and the
 * initiative of a record (hours or a result), a participation, a pledge or an upload, and the
 * record's type and amount, so "who validated Marta's hours for the food bank?" is answered from
 * the list; a member's or an initiative's own rows name it too.
 */
export async function listAudit(env: Env, org: Tenant, actor: StaffActor, query: AuditQuery) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { auditLog } = schema;
  const { after, order } = keyset(auditLog.createdAt, auditLog.id, query.cursor, false);
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.orgId, org.id),
    after,
    query.target_type ? eq(auditLog.targetType, query.target_type) : undefined,
    // A prefix by instr, not LIKE: no pattern for D1 to refuse (it takes at most 50 bytes), whatever the length.
    query.action ? (query.action.includes(".") ? eq(auditLog.action, query.action) : sql`instr(${auditLog.action}, ${`${query.action}.`}) = 1`) : undefined,
    query.actor_member_id ? eq(auditLog.actorMemberId, query.actor_member_id) : undefined,
    query.from !== undefined ? gte(auditLog.createdAt, query.from) : undefined,
    query.to !== undefined ? lt(auditLog.createdAt, query.to) : undefined,
  ];
  // What the row is about: the item it names, then that item's member and initiative.
  const record = alias(schema.participationRecords, "subject_record");
  const participation = alias(schema.participations, "subject_participation");
  const contribution = alias(schema.contributions, "subject_contribution");
  const attachment = alias(schema.attachments, "subject_attachment");
  const subjectMember = alias(schema.profiles, "subject_member");
  const subjectInitiative = alias(schema.initiatives, "subject_initiative");
  const named = (type: (typeof AUDIT_TARGET_TYPES)[number]) => sql`case when ${auditLog.targetType} = ${type} then ${auditLog.targetId} end`;
  const memberId = sql<string | null>`coalesce(${participation.memberId}, ${contribution.memberId}, ${attachment.memberId}, ${named("member")})`;
  const initiativeId = sql<string | null>`coalesce(${participation.initiativeId}, ${contribution.initiativeId}, ${attachment.initiativeId}, ${named("initiative")})`;
  const rows = await db
    .select({
      row: auditLog,
      actorName: schema.profiles.name,
      actorEmail: schema.members.email,
      // An organisation's API key acts as `api_key:{id}` (decision 050): the list names the key.
      actorKey: schema.apiKeys.name,
      memberId: memberId.as("subject_member_id"),
      memberName: subjectMember.name,
      initiativeId: sql<string | null>`${subjectInitiative.id}`.as("subject_initiative_id"),
      initiativeSlug: subjectInitiative.slug,
      initiativeTitle: subjectInitiative.title,
      // Read through the organisation's participation: a record is named only when it is this organisation's.
      recordType: sql<(typeof schema.RECORD_TYPES)[number] | null>`case when ${participation.id} is not null then ${record.type} end`.as("subject_record_type"),
      recordHours: record.hours,
      recordValue: record.value,
      recordUnit: record.unit,
    })
    .from(auditLog)
    .leftJoin(schema.profiles, eq(schema.profiles.memberId, auditLog.actorMemberId))
    .leftJoin(schema.members, eq(schema.members.id, auditLog.actorMemberId))
    .leftJoin(schema.apiKeys, and(eq(schema.apiKeys.orgId, org.id), sql`${auditLog.actorMemberId} = 'api_key:' || ${schema.apiKeys.id}`))
    .leftJoin(record, eq(record.id, named("record")))
    .leftJoin(participation, and(eq(participation.orgId, org.id), eq(participation.id, sql`coalesce(${record.participationId}, ${named("participation")})`)))
    .leftJoin(contribution, and(eq(contribution.orgId, org.id), eq(contribution.id, named("contribution"))))
    .leftJoin(attachment, and(eq(attachment.orgId, org.id), eq(attachment.id, named("attachment"))))
    .leftJoin(subjectMember, eq(subjectMember.memberId, memberId))
    .leftJoin(subjectInitiative, and(eq(subjectInitiative.orgId, org.id), eq(subjectInitiative.id, initiativeId)))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1)
    .all();
  const { page, next } = pageOf(rows, limit, ({ row }) => row);
  return {
    entries: page.map((r) => {
      const { row } = r;
      // A member's row names the member even when their profile is gone (the id stays).
      const member = r.memberId ? { id: r.memberId, name: r.memberName ?? "" } : null;
      const initiative = r.initiativeId ? { id: r.initiativeId, slug: r.initiativeSlug ?? "", title: r.initiativeTitle ?? "" } : null;
      return {
        id: row.id,
        action: row.action,
        actor: { id: row.actorMemberId, name: r.actorName ?? r.actorEmail ?? r.actorKey ?? "" },
        target_type: row.targetType,
        target_id: row.targetId,
        /** The member's name or the initiative's title, when the row is about one that still exists. */
        target_name: row.targetType === "member" ? (r.memberName ?? null) : row.targetType === "initiative" ? (r.initiativeTitle ?? null) : null,
        /** Whose item it is (a record's, participation's, pledge's or upload's member; or the member the row is about). */
        member,
        /** The initiative of the item (or the initiative the row is about), while it exists. */
        initiative,
        /** What a record reported: hours, or a result's value and unit. */
        record: r.recordType ? { type: r.recordType, hours: r.recordHours, value: r.recordValue, unit: r.recordUnit } : null,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
        created_at: new Date(row.createdAt).toISOString(),
      };
    }),
    next,
  };
}

