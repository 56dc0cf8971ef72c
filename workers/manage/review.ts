/**
 * The one rule of every staff decision on what members send (records, pledges, uploads): all the
 * items named must be the organisation's (else 404) and in initiatives the actor manages (else 403);
 * then each item is decided at most once. The decision is one guarded write per batch
 * (docs/decisions/025-decisions-are-guarded-writes.md): the audit row, the change and the item as
 * it then is, with the condition "still pending" evaluated inside the batch's transaction, so of
 * two staff deciding at once exactly one changes the item, writes its audit row and e-mails the
 * member; the other learns that it lost (409 `<kind>_already_reviewed` with the item as stored).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { BatchItem } from "drizzle-orm/batch";
import { chunksFor } from "../db/chunks";
import type { Database } from "../db/client";
import { ChangedMeanwhileError, notFound } from "../lib/domain-errors";
import { guardedAudit, type AuditEntry } from "../audit/statements";
import { requireManaged } from "./scope";

export type ReviewedKind = "record" | "contribution" | "attachment";

export interface ReviewedRow {
  /** 1 when the actor manages the item's initiative (managedColumn). */
  managed?: unknown;
}

/** 404 unless every id names an item of the organisation; 403 unless the actor manages each one's initiative. */
export function requireReviewable<R extends ReviewedRow>(rows: R[], ids: readonly string[], kind: ReviewedKind) {
  if (rows.length !== new Set(ids).size) throw notFound(`${kind}_not_found`, `The ${kind} cannot be found.`);
  for (const row of rows) requireManaged(Number(row.managed) === 1);
}

/** The loser's answer: the item was decided before this decision reached it. */
export const alreadyReviewed = (kind: ReviewedKind, current: unknown) =>
  new ChangedMeanwhileError(`${kind}_already_reviewed`, `The ${kind} was already decided by someone else.`, current);

/** The columns a decision writes, and the item shows after it: the status, the reason (refusals only), who and when. */
export function reviewChange<S extends string>(decision: { status: S; reason: string | null }, actor: { memberId: string }, now: number) {
  return { status: decision.status, rejectReason: decision.status === "rejected" ? decision.reason : null, reviewedBy: actor.memberId, reviewedAt: now };
}

interface PendingTable extends SQLiteTable {
  id: SQLiteColumn;
  status: SQLiteColumn;
}

export interface PendingDecision<R> {
  table: PendingTable;
  ids: string[];
  /** What the write sets (reviewChange). */
  change: Record<string, unknown>;
  /** One audit entry per item. */
  audit: (id: string) => AuditEntry;
  /** A condition besides "pending" that the item must meet (a pledge that is not PayPal's). */
  also?: SQL;
  /** The items as the answer shows them, read again after the write in the same batch (`others`: its bound parameters besides the ids). */
  read: (chunk: string[]) => RunnableQuery<R[], "sqlite">;
  readOthers: number;
  org: { id: string };
  actor: { memberId: string };
  now: number;
  /** The webhooks' outbox statement (workers/webhooks/outbox.ts), given the guard "this decision changed the target". */
  outbox?: (changed: (target: SQL) => SQL) => BatchItem<"sqlite">;
}

/**
 * Decides the pending items among `ids` in one batch: audit rows for those still pending, the
 * change for exactly those, then the items as stored. Answers them and the ids this decision
 * changed (the others were decided by someone else, before or meanwhile).
 */
export async function decidePending<R>(db: Database, decision: PendingDecision<R>): Promise<{ rows: R[]; applied: Set<string> }> {
  const { table } = decision;
  const stillPending = (id: SQL | SQLiteColumn) => and(eq(table.status, "pending"), decision.also, eq(table.id, id));
  const audit = guardedAudit(db, decision.org.id, decision.actor.memberId, decision.ids.map(decision.audit), decision.now, (target) =>
    sql`exists (select 1 from ${table} where ${stillPending(target)})`,
  );
  const reads = chunksFor(decision.ids, 1, decision.readOthers).map(decision.read);
  const told = decision.outbox ? [decision.outbox((target) => sql`${target} in ${audit.targets}`)] : [];
  const [, , written, ...rest] = (await db.batch([
    audit.statement,
    db.update(table).set(decision.change).where(and(eq(table.status, "pending"), decision.also, sql`${table.id} in ${audit.targets}`)),
    audit.written,
    ...told,
    ...reads,
  ] as unknown as Parameters<Database["batch"]>[0])) as unknown as [unknown, unknown, { targetId: string }[], ...R[][]];
  return { rows: rest.slice(told.length).flat(), applied: new Set(written.map((row) => row.targetId)) };
}

/**
 * A decision on every item `found` names (already read and checked with requireReviewable): the
 * pending ones are decided in one guarded batch (decidePending); the answer is every item as
 * stored now, in `found`'s order, with the ids this decision changed (`applied`) and the others
 * (`lost`: decided before, or by someone else meanwhile). A bulk decision answers per item so
 * (decision 025); the single decisions answer their one item or 409.
 */
export async function decideFound<R>(
  db: Database,
  found: R[],
  idOf: (row: R) => string,
  isPending: (row: R) => boolean,
  decision: Omit<PendingDecision<R>, "ids">,
): Promise<{ stored: R[]; applied: R[]; lost: R[] }> {
  const waiting = found.filter(isPending).map(idOf);
  const { rows, applied } = waiting.length ? await decidePending(db, { ...decision, ids: waiting }) : { rows: [], applied: new Set<string>() };
  const after = new Map(rows.map((row) => [idOf(row), row]));
  const stored = found.map((row) => after.get(idOf(row)) ?? row);
  return { stored, applied: stored.filter((row) => applied.has(idOf(row))), lost: stored.filter((row) => !applied.has(idOf(row))) };
}
