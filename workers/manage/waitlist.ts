/**
 * The waitlist as staff see it (issue 11, point 8): who waits for a place of an initiative they
 * manage, in order, with any offer and until when it holds; and its order, which staff may change
 * (the next offer goes to whoever is first then).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { chunksFor } from "../db/chunks";
import { getDb, schema, type Database } from "../db/client";
import { iso } from "../initiatives/serialize";
import { ChangedMeanwhileError, conflict } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import { guardedAudit } from "../audit/statements";
import { managedInitiative } from "./managed-initiative";
import type { StaffActor } from "./scope";

const { waitlistEntries: entries, profiles, members } = schema;

/** At most this many people wait for one initiative in a reorder request. */
export const WAITLIST_REORDER_MAX = 500;

export interface WaitlistEntry {
  id: string;
  member_id: string;
  name: string;
  email: string;
  status: "waiting" | "offered";
  /** Until when the place is held (offered only). */
  offer_expires_at: string | null;
  joined_at: string;
}

/** The statement reading an initiative's waitlist, first in line first (part of the participants' batch). */
export const waitlistStatement = (db: Database, initiativeId: string) =>
  db
    .select({ id: entries.id, memberId: entries.memberId, status: entries.status, offerExpiresAt: entries.offerExpiresAt, createdAt: entries.createdAt, name: profiles.name, email: members.email })
    .from(entries)
    .innerJoin(members, eq(members.id, entries.memberId))
    .leftJoin(profiles, eq(profiles.memberId, entries.memberId))
    .where(and(eq(entries.initiativeId, initiativeId), inArray(entries.status, ["waiting", "offered"])))
    .orderBy(asc(entries.position));

export const toWaitlistEntries = (rows: Awaited<ReturnType<typeof waitlistStatement>>): WaitlistEntry[] =>
  rows.map((row) => ({
    id: row.id,
    member_id: row.memberId,
    name: row.name ?? "",
    email: row.email,
    status: row.status === "offered" ? "offered" : "waiting",
    offer_expires_at: row.status === "offered" ? iso(row.offerExpiresAt) : null,
    joined_at: iso(row.createdAt)!,
  }));

/**
 * Puts the waitlist in the order of `order` (entry ids, first in line first): it must name exactly
 * the people waiting now (409 waitlist_changed otherwise: someone joined or left meanwhile), and
 * the list must still be as read when the write runs (a reorder by someone else first: 409 too,
 * with the list as stored in `current.waitlist`). One guarded batch with its audit row.
 */
export async function reorderWaitlist(env: Env, org: Tenant, actor: StaffActor, initiativeId: string, order: string[], now: number) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const current = toWaitlistEntries(await waitlistStatement(db, initiative.id));
  const known = new Set(current.map((entry) => entry.id));
  if (order.length !== current.length || new Set(order).size !== order.length || order.some((id) => !known.has(id))) {
    throw conflict("waitlist_changed", "The waitlist changed meanwhile; reload it and try again.");
  }
  // One guarded write (decision 025): the audit row only while the list is still, in order, the
  // one read above, and every UPDATE only when that row was written; a reorder or a join that came
  // first makes this one 409 with the list as it is.
  const line = sql`(select json_group_array(id) from (select ${entries.id} as id from ${entries}
    where ${entries.initiativeId} = ${initiative.id} and ${entries.status} in ('waiting', 'offered') order by ${entries.position}))`;
  const audit = guardedAudit(db, org.id, actor.memberId, [{ action: "waitlist.reordered", targetType: "initiative", targetId: initiative.id, detail: { order } }], now, () =>
    sql`${line} = ${JSON.stringify(current.map((entry) => entry.id))}`,
  );
  const [, ...results] = await db.batch([
    audit.statement,
    // One UPDATE per chunk (3 parameters an entry: its id in the CASE, its position, its id in the IN list).
    ...chunksFor(order, 3, 2).map((chunk) => {
      const first = order.indexOf(chunk[0]);
      const position = sql`case ${entries.id} ${sql.join(chunk.map((id, index) => sql`when ${id} then ${first + index + 1}`), sql` `)} end`;
      return db.update(entries).set({ position, updatedAt: now }).where(and(inArray(entries.id, chunk), sql`${initiative.id} in ${audit.targets}`));
    }),
    audit.written,
    waitlistStatement(db, initiative.id),
  ] as unknown as Parameters<typeof db.batch>[0]);
  const stored = toWaitlistEntries(results[results.length - 1] as Awaited<ReturnType<typeof waitlistStatement>>);
  if (!(results[results.length - 2] as unknown[]).length) throw new ChangedMeanwhileError("waitlist_changed", "The waitlist changed meanwhile; here it is as it is now.", { waitlist: stored });
  return stored;
}
