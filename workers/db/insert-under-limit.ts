/**
 * An insert that holds a per-organisation limit under concurrency (decision 056): the count and
 * the insert are one statement, `insert ... select ... where (select count(*) ...) < max`, so two
 * creates that arrive together cannot both see room for one more row. A count read before the
 * insert could not promise that (both reads happen before either write). The statement goes into
 * the create's batch; its result's `meta.changes` is 0 when the limit was reached, and the rest of
 * the batch must then write nothing (guardedAudit and `exists` guards on the new id do that).
 */
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/**
 * `row`: the columns given; the others take their defaults, written out here because an insert
 * from a select names every column of the table. `counted`: the rows the limit counts.
 */
export function insertUnderLimit<T extends SQLiteTable>(db: Database, table: T, row: Partial<T["$inferInsert"]>, counted: SQL, max: number) {
  const given = row as Record<string, unknown>;
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (given[key] !== undefined) return sql`${column.mapToDriverValue(given[key])}`;
    if (is(column.default, SQL)) return column.default;
    if (column.default !== undefined) return sql`${column.mapToDriverValue(column.default)}`;
    if (column.defaultFn) return sql`${column.mapToDriverValue(column.defaultFn())}`;
    return sql`null`;
  });
  return db.insert(table).select(sql`select ${sql.join(values, sql`, `)} where (select count(*) from ${table} where ${counted}) < ${max}`);
}
