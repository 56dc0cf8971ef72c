/**
 * The audit log (DESIGN.md "Staff side"): every staff action writes one row per thing it changed,
 * in the same batch as the change, so the log never claims what did not happen nor misses what did.
 */
import { schema, type Database } from "../db/client";
import { chunksFor } from "../db/chunks";

export interface AuditEntry {
  action: string;
  targetType: "record" | "contribution" | "attachment" | "participation" | "initiative" | "proposal" | "member" | "organization" | "invitation";
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
