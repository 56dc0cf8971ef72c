/**
 * D1 binds at most 100 parameters per statement (STACK.md, "Platform limits"). Every IN list and
 * multi-row insert whose size comes from input or data is split with `chunksFor`, so one statement
 * never goes over, and the statements then run in one `batch()` (one round trip, all or nothing).
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { Database } from "./client";

export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * `items` split into the largest chunks whose statement stays within D1's limit, when each item
 * binds `perItem` parameters (1 for an IN list, the column count for an inserted row) and the rest
 * of the statement binds `others` (the organisation id of the WHERE, ...). No items, no chunks.
 */
export function chunksFor<T>(items: readonly T[], perItem = 1, others = 0): T[][] {
  const size = Math.floor((D1_MAX_BOUND_PARAMETERS - others) / perItem);
  if (!Number.isInteger(perItem) || perItem < 1 || size < 1) throw new RangeError(`No statement can bind ${perItem} parameters per item besides ${others} others.`);
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/**
 * The rows of `query` run once per chunk of `items` (an IN list binding one parameter per item), in
 * one batch. Mind the batch: D1 answers its rows as objects keyed by column name, so of two selected
 * columns with one name (two joined tables' `name`) only one survives; alias one (`sql\`...\`.as()`).
 */
export async function selectInChunks<T, R>(db: Database, items: readonly T[], query: (chunk: T[]) => RunnableQuery<R[], "sqlite">, others = 0): Promise<R[]> {
  const queries = chunksFor(items, 1, others).map(query);
  if (queries.length === 0) return [];
  const results = await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  return (results as R[][]).flat();
}

/** Runs the write `statements` in one batch (one round trip, all or nothing); none, no trip. */
export async function writeBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
