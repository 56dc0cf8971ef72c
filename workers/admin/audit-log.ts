/**
 * The audit log as administrators read it (issue 15, point 6; docs/api/admin.md): every staff and
 * administrator action of the organisation (workers/manage/audit.ts writes each in the batch of its
 * change), newest first, filtered by kind of thing, action, who and when. Read only: there is no
 * call that changes or deletes a row.
 */
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "../db/client";
import { keyset, pageLimit, pageOf, type PageQuery } from "../manage/paging";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

export const AUDIT_TARGET_TYPES = ["record", "contribution", "attachment", "participation", "initiative", "proposal", "member", "organization", "invitation"] as const;

export interface AuditQuery extends PageQuery {
  target_type?: (typeof AUDIT_TARGET_TYPES)[number];
  /** An action, or its first part ("member" for every member.* action). */
  action?: string;
  actor_member_id?: string;
  /** Milliseconds: from (inclusive) and to (exclusive). */
  from?: number;
  to?: number;
}

export async function listAudit(env: Env, org: Tenant, actor: StaffActor, query: AuditQuery) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { after, order } = keyset(schema.auditLog.createdAt, schema.auditLog.id, query.cursor, false);
  const conditions: (SQL | undefined)[] = [
    eq(schema.auditLog.orgId, org.id),
    after,
    query.target_type ? eq(schema.auditLog.targetType, query.target_type) : undefined,
    // A prefix by instr, not LIKE: no pattern for D1 to refuse (it takes at most 50 bytes), whatever the length.
    query.action ? (query.action.includes(".") ? eq(schema.auditLog.action, query.action) : sql`instr(${schema.auditLog.action}, ${`${query.action}.`}) = 1`) : undefined,
    query.actor_member_id ? eq(schema.auditLog.actorMemberId, query.actor_member_id) : undefined,
    query.from !== undefined ? gte(schema.auditLog.createdAt, query.from) : undefined,
    query.to !== undefined ? lt(schema.auditLog.createdAt, query.to) : undefined,
  ];
  // What the row is about, named: a member's name, an initiative's title (ids alone say little).
  const targetMember = alias(schema.profiles, "target_member");
  const targetInitiative = alias(schema.initiatives, "target_initiative");
  const rows = await db
    .select({
      row: schema.auditLog,
      actorName: schema.profiles.name,
      actorEmail: schema.members.email,
      memberName: targetMember.name,
      initiativeTitle: targetInitiative.title,
    })
    .from(schema.auditLog)
    .leftJoin(schema.profiles, eq(schema.profiles.memberId, schema.auditLog.actorMemberId))
    .leftJoin(schema.members, eq(schema.members.id, schema.auditLog.actorMemberId))
    .leftJoin(targetMember, and(eq(schema.auditLog.targetType, "member"), eq(targetMember.memberId, schema.auditLog.targetId)))
    .leftJoin(targetInitiative, and(eq(schema.auditLog.targetType, "initiative"), eq(targetInitiative.id, schema.auditLog.targetId), eq(targetInitiative.orgId, org.id)))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1)
    .all();
  const { page, next } = pageOf(rows, limit, ({ row }) => row);
  return {
    entries: page.map(({ row, actorName, actorEmail, memberName, initiativeTitle }) => ({
      id: row.id,
      action: row.action,
      actor: { id: row.actorMemberId, name: actorName ?? actorEmail ?? "" },
      target_type: row.targetType,
      target_id: row.targetId,
      /** The member's name or the initiative's title, when the row is about one that still exists. */
      target_name: memberName ?? initiativeTitle ?? null,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      created_at: new Date(row.createdAt).toISOString(),
    })),
    next,
  };
}
