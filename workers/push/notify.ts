/**
 * Sending push notifications through the queue (decision 046): whoever has something to say
 * (a staff decision's notices, a chat message, a reminder) queues one message per member with a
 * subscription; the consumer (runPushJob, from workers/jobs.ts) reads the member's subscriptions,
 * preferences and language, renders the text and hands it to the push service. Nothing is sent in
 * the request that caused it.
 */
import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getOrganizationById } from "../tenant/organizations";
import { kindOf, renderPush, type PushEvent } from "./messages";
import { pushService, type PushOutcome } from "./service";
import { deleteSubscriptionsById, membersWithSubscriptions } from "./subscriptions";

export type { PushEvent };

/**
 * A queued push: one member of one organisation. `endpoints`, on a retry, limits it to the
 * subscriptions that failed the time before (the others already have it); `attempt` counts them.
 */
export type PushJob = { kind: "push"; org: string; member: string; event: PushEvent; endpoints?: string[]; attempt?: number };

/** Tries of one subscription that keeps failing (5xx, network) before it is left alone. */
export const PUSH_ATTEMPTS = 3;

/** How long a push service keeps a notification for an offline browser, by kind (seconds). */
const TTL: Record<PushEvent["type"], number> = {
  waitlist_offer: 12 * 3600,
  records_validated: 3 * 24 * 3600,
  records_rejected: 3 * 24 * 3600,
  records_corrected: 3 * 24 * 3600,
  chat_message: 24 * 3600,
  reminder: 2 * 3600,
};

/** Queue sendBatch takes at most 100 messages. */
const SEND_BATCH_MAX = 100;

/**
 * Queues a push of `event` to each of these members who has a subscription in the organisation,
 * and says whether it queued any. Failures are logged, never thrown: a notification must not undo
 * what caused it.
 */
export async function queuePush(env: Env, orgId: string, memberIds: string[], event: PushEvent | ((subscribed: string[]) => Promise<PushEvent>)): Promise<boolean> {
  try {
    if (!pushService(env)) return false;
    const members = await membersWithSubscriptions(env, orgId, memberIds);
    if (!members.length) return false;
    // An event that costs a read to build (the chat sender's name) is built only for someone subscribed.
    const body = typeof event === "function" ? await event(members) : event;
    for (let at = 0; at < members.length; at += SEND_BATCH_MAX) {
      await env.JOBS.sendBatch(members.slice(at, at + SEND_BATCH_MAX).map((member) => ({ body: { kind: "push", org: orgId, member, event: body } satisfies PushJob })));
    }
    return true;
  } catch (cause) {
    console.error(JSON.stringify({ level: "error", msg: "push not queued", error: String(cause) }));
    return false;
  }
}

/**
 * For the reminders (issue 29, section 2) and anything else that speaks to one member: queues
 * `event` for them, as their preferences and language say when the queue sends it.
 */
export function sendPushToMember(env: Env, orgId: string, memberId: string, event: PushEvent): Promise<boolean> {
  return queuePush(env, orgId, [memberId], event);
}

/** The consumer's half: one member's subscriptions, each told once; gone ones removed, failed ones tried again later. */
export async function runPushJob(env: Env, message: Message<PushJob>): Promise<void> {
  const job = message.body;
  const service = pushService(env);
  const org = service ? await getOrganizationById(env, job.org) : null;
  if (!service || !org) return message.ack();
  const db = getDb(env);
  const [subscriptions, preferences, members] = await db.batch([
    db
      .select()
      .from(schema.pushSubscriptions)
      .where(
        and(
          eq(schema.pushSubscriptions.orgId, job.org),
          eq(schema.pushSubscriptions.memberId, job.member),
          job.endpoints?.length ? inArray(schema.pushSubscriptions.endpoint, job.endpoints.slice(0, 50)) : undefined,
        ),
      ),
    db.select().from(schema.pushPreferences).where(and(eq(schema.pushPreferences.orgId, job.org), eq(schema.pushPreferences.memberId, job.member))),
    db
      .select({ language: schema.members.language, disabledAt: schema.members.disabledAt })
      .from(schema.members)
      .innerJoin(schema.memberships, and(eq(schema.memberships.memberId, schema.members.id), eq(schema.memberships.orgId, job.org)))
      .where(eq(schema.members.id, job.member)),
  ]);
  const member = members[0];
  // No longer a member, disabled, or this kind switched off: nothing to say.
  if (!member || member.disabledAt !== null || preferences[0]?.[kindOf(job.event)] === false || !subscriptions.length) return message.ack();
  const notification = renderPush(job.event, member.language, org.community.region ?? org.region);
  const outcomes = await Promise.all(
    subscriptions.map(async (row) => ({ row, outcome: await service.send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, notification, { ttl: TTL[job.event.type], urgency: job.event.type === "chat_message" ? "high" : "normal" }) })),
  );
  await deleteSubscriptionsById(env, outcomesOf(outcomes, "gone").map((row) => row.id));
  const failed = outcomesOf(outcomes, "failed");
  const attempt = (job.attempt ?? 1) + 1;
  if (failed.length && attempt <= PUSH_ATTEMPTS) {
    await env.JOBS.send({ ...job, endpoints: failed.map((row) => row.endpoint), attempt }, { delaySeconds: 60 * attempt });
  }
  message.ack();
}

const outcomesOf = <T>(list: { row: T; outcome: PushOutcome }[], outcome: PushOutcome) => list.filter((item) => item.outcome === outcome).map((item) => item.row);
