/**
 * Push subscriptions and push preferences (migration 0025): one row per member, organisation and
 * browser endpoint; preferences per member and organisation, all on when there is no row.
 */
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { selectInChunks } from "../db/chunks";
import { getDb, schema } from "../db/client";
import type { PushTarget } from "./service";

export const PUSH_KINDS = ["participation", "chat", "reminders"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushPreferences = Record<PushKind, boolean>;

/** Browsers a member may have subscribed in one organisation: a new one beyond this replaces the oldest. */
export const MAX_SUBSCRIPTIONS = 10;

const ALL_ON: PushPreferences = { participation: true, chat: true, reminders: true };

export interface Subscriber {
  orgId: string;
  memberId: string;
  sessionId: string | null;
}

/** Stores the browser's subscription (a second subscribe of one endpoint refreshes its keys); true when it is new. */
export async function saveSubscription(env: Env, who: Subscriber, target: PushTarget): Promise<boolean> {
  const db = getDb(env);
  const [before] = await db.batch([
    db
      .select({ id: schema.pushSubscriptions.id })
      .from(schema.pushSubscriptions)
      .where(and(eq(schema.pushSubscriptions.orgId, who.orgId), eq(schema.pushSubscriptions.memberId, who.memberId), eq(schema.pushSubscriptions.endpoint, target.endpoint))),
    db
      .insert(schema.pushSubscriptions)
      .values({ id: crypto.randomUUID(), orgId: who.orgId, memberId: who.memberId, endpoint: target.endpoint, p256dh: target.keys.p256dh, auth: target.keys.auth, sessionId: who.sessionId })
      .onConflictDoUpdate({
        target: [schema.pushSubscriptions.orgId, schema.pushSubscriptions.memberId, schema.pushSubscriptions.endpoint],
        set: { p256dh: target.keys.p256dh, auth: target.keys.auth, sessionId: who.sessionId },
      }),
    // Beyond the newest MAX_SUBSCRIPTIONS of this member here, the oldest go (rowid breaks ties of one millisecond).
    db
      .delete(schema.pushSubscriptions)
      .where(
        and(
          eq(schema.pushSubscriptions.orgId, who.orgId),
          eq(schema.pushSubscriptions.memberId, who.memberId),
          notInArray(
            schema.pushSubscriptions.id,
            db
              .select({ id: schema.pushSubscriptions.id })
              .from(schema.pushSubscriptions)
              .where(and(eq(schema.pushSubscriptions.orgId, who.orgId), eq(schema.pushSubscriptions.memberId, who.memberId)))
              .orderBy(desc(schema.pushSubscriptions.createdAt), desc(sql`rowid`))
              .limit(MAX_SUBSCRIPTIONS),
          ),
        ),
      ),
  ]);
  return before.length === 0;
}

/** Removes this member's subscription of one endpoint in the organisation (the device turned push off). */
export async function deleteSubscription(env: Env, orgId: string, memberId: string, endpoint: string): Promise<void> {
  await getDb(env)
    .delete(schema.pushSubscriptions)
    .where(and(eq(schema.pushSubscriptions.orgId, orgId), eq(schema.pushSubscriptions.memberId, memberId), eq(schema.pushSubscriptions.endpoint, endpoint)))
    .run();
}

/** The statement that removes what a signed-out Auth session subscribed (for revokeSession's batch). */
export function deleteSessionSubscriptions(env: Env, sessionId: string) {
  return getDb(env).delete(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.sessionId, sessionId));
}

/** Subscriptions the push service called gone (404/410). */
export async function deleteSubscriptionsById(env: Env, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const db = getDb(env);
  await db.batch([db.delete(schema.pushSubscriptions).where(inArray(schema.pushSubscriptions.id, ids))]);
}

/** Of these members, the ones with at least one subscription in the organisation (so no message is queued for nobody). */
export async function membersWithSubscriptions(env: Env, orgId: string, memberIds: string[]): Promise<string[]> {
  const ids = [...new Set(memberIds)];
  if (!ids.length) return [];
  const db = getDb(env);
  const rows = await selectInChunks(
    db,
    ids,
    (chunk) =>
      db
        .selectDistinct({ memberId: schema.pushSubscriptions.memberId })
        .from(schema.pushSubscriptions)
        .where(and(eq(schema.pushSubscriptions.orgId, orgId), inArray(schema.pushSubscriptions.memberId, chunk))),
    1,
  );
  return rows.map((row) => row.memberId);
}

export async function readPreferences(env: Env, orgId: string, memberId: string): Promise<PushPreferences> {
  const [row] = await getDb(env)
    .select({ participation: schema.pushPreferences.participation, chat: schema.pushPreferences.chat, reminders: schema.pushPreferences.reminders })
    .from(schema.pushPreferences)
    .where(and(eq(schema.pushPreferences.orgId, orgId), eq(schema.pushPreferences.memberId, memberId)));
  return row ?? ALL_ON;
}

/** Changes the switches named; the others keep their value. Answers all of them. */
export async function updatePreferences(env: Env, orgId: string, memberId: string, change: Partial<PushPreferences>): Promise<PushPreferences> {
  const db = getDb(env);
  const [, [row]] = await db.batch([
    db
      .insert(schema.pushPreferences)
      .values({ orgId, memberId, ...ALL_ON, ...change })
      .onConflictDoUpdate({ target: [schema.pushPreferences.orgId, schema.pushPreferences.memberId], set: change }),
    db
      .select({ participation: schema.pushPreferences.participation, chat: schema.pushPreferences.chat, reminders: schema.pushPreferences.reminders })
      .from(schema.pushPreferences)
      .where(and(eq(schema.pushPreferences.orgId, orgId), eq(schema.pushPreferences.memberId, memberId))),
  ]);
  return row ?? ALL_ON;
}

/** Whether this member holds a subscription of this endpoint (the settings screen asks for its own device). */
export async function hasSubscription(env: Env, orgId: string, memberId: string, endpoint: string): Promise<boolean> {
  const rows = await getDb(env)
    .select({ id: schema.pushSubscriptions.id })
    .from(schema.pushSubscriptions)
    .where(and(eq(schema.pushSubscriptions.orgId, orgId), eq(schema.pushSubscriptions.memberId, memberId), eq(schema.pushSubscriptions.endpoint, endpoint)));
  return rows.length > 0;
}
