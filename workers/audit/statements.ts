/**
 * The audit log (DESIGN.md "Staff side"): every staff action writes one row per thing it changed,
 * in the same batch as the change, so the log never claims what did not happen nor misses what did.
 */
import { sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "../db/client";
import { chunksFor } from "../db/chunks";

export interface AuditEntry {
  action: string;
  targetType: "record" | "contribution" | "attachment" | "participation" | "initiative" | "proposal" | "member" | "organization" | "invitation" | "impact_management" | "impact_snapshot" | "impact_rate_card" | "api_key" | "webhook" | "chat_app";
  targetId: string;
  detail?: Record<string, unknown>;
}

/** The insert statements for `entries` (chunked under D1's bound-parameter limit), to run in the change's batch. */
export function auditStatements(db: Database, orgId: string, actorMemberId: string, entries: AuditEntry[], now: number) {
  const rows = entries.map((entry) => ({
    id: crypto.randomUUID(),
    orgId,
    actorMemberId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: JSON.stringify(entry.detail ?? {}),
    createdAt: now,
  }));
  return chunksFor(rows, 8).map((part) => db.insert(schema.auditLog).values(part));
}

/**
 * The audit rows of a guarded write (docs/decisions/025-decisions-are-guarded-writes.md): one per
 * entry whose target `guard` still holds for, inserted as the first statement of the write's batch.
 * A batch is one transaction, so what the guard sees there is what the write's statements then
 * change; those statements name their rows through `targets` (the targets whose audit row was
 * written), so nothing is changed, and nothing logged, for a target someone else decided first.
 * `written` reads those targets back in the same batch: the write's own answer to "did I win".
 * One statement whatever the count: the entries travel as one JSON parameter.
 */
export function guardedAudit(db: Database, orgId: string, actorMemberId: string, entries: AuditEntry[], now: number, guard: (targetId: SQL) => SQL) {
  const rows = entries.map((entry) => ({
    id: crypto.randomUUID(),
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    detail: JSON.stringify(entry.detail ?? {}),
  }));
  // Aliased: a guard's subquery may read a table with a column named `value` (participation_records).
  const field = (key: keyof (typeof rows)[number]) => sql.raw(`json_extract(audit_entry.value, '$.${key}')`);
  const statement = db
    .insert(schema.auditLog)
    .select(
      sql`select ${field("id")}, ${orgId}, ${actorMemberId}, ${field("action")}, ${field("target_type")}, ${field("target_id")}, ${field("detail")}, ${now}
        from json_each(${JSON.stringify(rows)}) as audit_entry where ${guard(field("target_id"))}`,
    );
  const ids = JSON.stringify(rows.map((row) => row.id));
  const targets = sql`(select ${schema.auditLog.targetId} from ${schema.auditLog} where ${schema.auditLog.id} in (select value from json_each(${ids})))`;
  const written = db.select({ targetId: schema.auditLog.targetId }).from(schema.auditLog).where(sql`${schema.auditLog.id} in (select value from json_each(${ids}))`);
  return { statement, targets, written };
}
