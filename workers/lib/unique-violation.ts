/**
 * Inserts that two requests can race into a unique index (two administrators adding one provider,
 * two members saving one phone number) let the index decide, inside the write: the loser's D1
 * error is turned into the domain's 409, never a 500 (docs/decisions/025-decisions-are-guarded-writes.md).
 */

/** Whether a D1 error (or its cause, as drizzle wraps it) is a unique-constraint failure on `table`. */
export function violatesUnique(error: unknown, table: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.includes(`UNIQUE constraint failed: ${table}.`)) return true;
  return false;
}
