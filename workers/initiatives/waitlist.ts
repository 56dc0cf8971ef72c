/**
 * The waitlist of a full initiative (issue 11, point 8). A member joins it when no place is left;
 * when one frees (someone is not going, staff reject or mark a participant, the cap is raised) the
 * first waiting member is offered it for the organisation's `waitlist_offer_hours` (default 24),
 * by e-mail and on the initiative's page; while the offer stands the place is held for them (the
 * join of anyone else counts it as taken); when it runs out it passes to the next. Staff see the
 * list and reorder it (workers/manage/waitlist.ts).
 *
 * advanceWaitlist is the one step that moves the queue: it expires offers that ran out and offers
 * as many places as are free, in one conditional UPDATE each, so two requests at once never offer
 * one place twice. It runs after every change that can free a place, and every few minutes from
 * the scheduled handler for offers that ran out with nobody looking (workers/edge.ts).
 */
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { joinRefusal, type Initiative } from "../../app/domain/initiatives";
import { takesParticipants } from "../../app/domain/initiatives/editor";
import { getDb, schema, type Database } from "../db/client";
import { badRequest, conflict } from "../lib/domain-errors";
import type { Notice } from "../manage/notify";
import type { Tenant } from "../tenant/organizations";

const { waitlistEntries: entries, initiatives } = schema;

const HOUR = 3_600_000;

/** Offers that still hold a place at `now`, of members other than `memberId` (when given). */
export function heldOffers(initiativeId: SQL | string, now: number, memberId?: string) {
  return sql`(select count(*) from ${entries} w where w.initiative_id = ${initiativeId} and w.status = 'offered' and w.offer_expires_at > ${now}${
    memberId ? sql` and w.member_id <> ${memberId}` : sql``
  })`;
}

/** The member's place on the list as the initiative's page shows it, or null when not on it. */
export interface WaitlistPlace {
  status: "waiting" | "offered";
  /** 1 for the next in line. */
  position: number;
  /** Until when a place is held for them (offered only). */
  offer_expires_at: string | null;
}

/** The statement reading the member's place (part of the initiative's batch, workers/initiatives/queries.ts). */
export const waitlistPlaceStatement = (db: Database, memberId: string, isInitiative: (column: typeof entries.initiativeId) => SQL) =>
  db
    .select({
      status: entries.status,
      offerExpiresAt: entries.offerExpiresAt,
      // The outer row named in full: drizzle leaves a one-table select's columns unqualified, which would read o's.
      ahead: sql<number>`(select count(*) from waitlist_entries o where o.initiative_id = "waitlist_entries"."initiative_id" and o.status in ('waiting', 'offered') and o.position < "waitlist_entries"."position")`.as("ahead"),
    })
    .from(entries)
    .where(and(isInitiative(entries.initiativeId), eq(entries.memberId, memberId), inArray(entries.status, ["waiting", "offered"])));

export function toWaitlistPlace(row: { status: string; offerExpiresAt: number | null; ahead: number } | undefined, now: number): WaitlistPlace | null {
  if (!row) return null;
  // An offer that ran out and was not swept yet is no longer one.
  if (row.status === "offered" && (row.offerExpiresAt ?? 0) <= now) return null;
  return {
    status: row.status === "offered" ? "offered" : "waiting",
    position: Number(row.ahead) + 1,
    offer_expires_at: row.status === "offered" && row.offerExpiresAt ? new Date(row.offerExpiresAt).toISOString() : null,
  };
}

/** Joins the waitlist: only of a full initiative that takes participants and is otherwise open to the member. */
export async function joinWaitlist(env: Pick<Env, "DB">, org: Tenant, memberId: string, initiative: Initiative, now: number) {
  if (!takesParticipants(initiative.type)) throw badRequest("waitlist_not_applicable", "Only initiatives that take participants have a waitlist.");
  if (initiative.participant_status === "accepted") throw conflict("already_joined", "You already take part.");
  const refusal = joinRefusal(initiative, now);
  if (refusal === null) throw conflict("initiative_not_full", "A place is free: join the initiative instead.");
  if (refusal !== "initiative_full") throw conflict(refusal, "The initiative is not open for registration.");
  if (initiative.status !== "open") throw conflict("initiative_closed", "The initiative is not open for registration.");
  const db = getDb(env);
  const next = sql`(select coalesce(max(position), 0) + 1 from ${entries} where initiative_id = ${initiative.id})`;
  // Columns in the table's order: id, org_id, initiative_id, member_id, status, position, offered_at, offer_expires_at, created_at, updated_at.
  await db
    .insert(entries)
    .select(sql`select ${crypto.randomUUID()}, ${org.id}, ${initiative.id}, ${memberId}, 'waiting', ${next}, null, null, ${now}, ${now}`)
    .onConflictDoUpdate({
      target: [entries.initiativeId, entries.memberId],
      // Back in line at the end, after leaving or letting an offer run out.
      set: { status: "waiting", position: sql`excluded.position`, offeredAt: null, offerExpiresAt: null, createdAt: sql`excluded.created_at`, updatedAt: now },
      setWhere: inArray(entries.status, ["left", "expired", "accepted"]),
    });
}

/** Leaves the waitlist (an offer held is given up, and passes on). */
export async function leaveWaitlist(env: Env, org: Tenant, memberId: string, initiative: Initiative, now: number) {
  const db = getDb(env);
  await db
    .update(entries)
    .set({ status: "left", offeredAt: null, offerExpiresAt: null, updatedAt: now })
    .where(and(eq(entries.initiativeId, initiative.id), eq(entries.memberId, memberId), inArray(entries.status, ["waiting", "offered"])));
  return advanceWaitlist(env, org, initiative.id, now);
}

/** The statement that marks the member's entry accepted once they joined (in the join's batch, after the insert). */
export const acceptedFromWaitlist = (db: Database, initiativeId: string, memberId: string, now: number) =>
  db
    .update(entries)
    .set({ status: "accepted", updatedAt: now })
    .where(
      and(
        eq(entries.initiativeId, initiativeId),
        eq(entries.memberId, memberId),
        inArray(entries.status, ["waiting", "offered"]),
        sql`exists (select 1 from ${schema.participations} p where p.initiative_id = ${initiativeId} and p.member_id = ${memberId} and p.status = 'accepted')`,
      ),
    );

/**
 * Moves the queue: offers that ran out expire, then the first waiting members are offered the free
 * places (cap minus accepted participants minus offers still held), while the initiative is open
 * and its registration has not closed. Answers the e-mails to send.
 */
export async function advanceWaitlist(env: Env, org: Tenant, initiativeId: string, now: number): Promise<Notice[]> {
  const db = getDb(env);
  const hours = org.community.waitlist_offer_hours;
  const i = sql`(select * from ${initiatives} where id = ${initiativeId} and org_id = ${org.id})`;
  const free = sql`(select max(0, i.max_participants - i.participant_count - ${heldOffers(initiativeId, now)}) from ${i} i
    where i.status = 'open' and i.max_participants >= 0 and coalesce(i.registration_end_time, i.end_time, ${now + 1}) > ${now})`;
  const [, offered, [initiative]] = await db.batch([
    db
      .update(entries)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(entries.initiativeId, initiativeId), eq(entries.status, "offered"), lte(entries.offerExpiresAt, now))),
    db
      .update(entries)
      .set({ status: "offered", offeredAt: now, offerExpiresAt: now + hours * HOUR, updatedAt: now })
      .where(
        inArray(
          entries.id,
          sql`(select id from ${entries} where initiative_id = ${initiativeId} and status = 'waiting' order by position limit coalesce(${free}, 0))`,
        ),
      )
      .returning({ memberId: entries.memberId, expiresAt: entries.offerExpiresAt }),
    db.select({ slug: initiatives.slug, title: initiatives.title }).from(initiatives).where(eq(initiatives.id, initiativeId)),
  ]);
  if (!initiative) return [];
  return offered.map((offer) => ({ kind: "waitlist_offer" as const, memberId: offer.memberId, initiative, until: offer.expiresAt ?? now + hours * HOUR }));
}

/** Initiatives of the organisation with an offer that ran out: what the scheduled sweep advances. */
export async function initiativesWithLapsedOffers(env: Env, now: number) {
  const db = getDb(env);
  return db
    .selectDistinct({ initiativeId: entries.initiativeId, orgId: entries.orgId })
    .from(entries)
    .where(and(eq(entries.status, "offered"), lte(entries.offerExpiresAt, now)))
    .limit(200);
}
