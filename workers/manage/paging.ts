/**
 * Paging of the staff lists: a page size within bounds and a cursor that names the last row shown
 * (its creation time and id), so a page never repeats or skips a row when others arrive meanwhile.
 */
import { and, asc, desc, eq, gt, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

// The query's side of the convention lives with its answer's side (workers/lib/keyset-links.ts), where every folder may import it.
export { PAGE_SIZE, PAGE_SIZE_MAX, pageLimit, pageQuerySchema, type PageQuery } from "../lib/keyset-links";

export const encodeCursor = (at: number, id: string) => `${at}.${id}`;

export function decodeCursor(cursor: string | undefined): { at: number; id: string } | null {
  if (!cursor) return null;
  const [at, ...rest] = cursor.split(".");
  return { at: Number(at), id: rest.join(".") };
}

/**
 * Keyset paging over (created_at, id): the condition that starts after the cursor and the order,
 * oldest first for a queue (what waits), newest first for what was decided.
 */
export function keyset(createdAt: SQLiteColumn, id: SQLiteColumn, cursor: string | undefined, oldestFirst: boolean) {
  const after = decodeCursor(cursor);
  const [later, by] = oldestFirst ? [gt, asc] : [lt, desc];
  return {
    after: after ? or(later(createdAt, after.at), and(eq(createdAt, after.at), later(id, after.id))) : undefined,
    order: [by(createdAt), by(id)] as const,
  };
}

/** The page of `rows` (read with one more than `limit`) and the cursor of the next page, if any. */
export function pageOf<R>(rows: R[], limit: number, position: (row: R) => { createdAt: number; id: string }) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last ? encodeCursor(position(last).createdAt, position(last).id) : null };
}
