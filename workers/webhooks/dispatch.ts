/**
 * The outbox's fan-out (the queue's `webhook_dispatch` message, and the scheduled handler's sweep):
 * an organisation's events not yet dispatched are claimed with one UPDATE … RETURNING (two
 * dispatchers at once claim each event once), and each becomes one delivery per enabled endpoint
 * subscribed to its type, in the order the events were written. A delivery whose resource already
 * has an open delivery to that endpoint waits for it (deliver.ts queues it when that one settles);
 * the others are queued at once. `afterDispatch` is told the events claimed: the chat channels'
 * announcement of new initiatives (workers/chat-apps/announce.ts), wired by the queue's consumer and
 * the scheduled handler so that this folder does not import that one (chat-apps imports webhooks).
 */
import { and, eq, inArray } from "drizzle-orm";
import { chunksFor } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { messageBody, type DeliveryJob } from "./deliver";
import { STORED_BODY_MAX_CHARS } from "./schedule";

export type DispatchJob = { kind: "webhook_dispatch"; orgId: string };

/** Events claimed per run; a run that fills it queues the next. */
const EVENTS_PER_RUN = 90;
/** Queue sendBatch takes at most 100 messages. */
const SEND_BATCH_MAX = 100;

export interface ClaimedEvent {
  id: string;
  type: string;
  resource: string;
  payload: string;
  created_at: number;
  seq: number;
}

export type AfterDispatch = (env: Env, orgId: string, events: ClaimedEvent[]) => Promise<void>;

export const storedBody = (body: string) => (body.length > STORED_BODY_MAX_CHARS ? body.slice(0, STORED_BODY_MAX_CHARS) : body);

/** Fans out the organisation's waiting events; answers how many it claimed. */
export async function dispatchEvents(env: Env, orgId: string, now = Date.now(), afterDispatch?: AfterDispatch): Promise<number> {
  const claimed = await env.DB.prepare(
    `UPDATE webhook_events SET dispatched_at = ?2
     WHERE id IN (SELECT id FROM webhook_events WHERE org_id = ?1 AND dispatched_at IS NULL ORDER BY created_at, rowid LIMIT ${EVENTS_PER_RUN})
     RETURNING id, type, resource, payload, created_at, rowid AS seq`,
  )
    .bind(orgId, now)
    .all<ClaimedEvent>();
  const events = claimed.results.sort((a, b) => a.seq - b.seq);
  if (!events.length) return 0;
  const db = getDb(env);
  const { webhookEndpoints: endpoints, webhookDeliveries: deliveries } = schema;
  const subscribed = await db.select({ id: endpoints.id, events: endpoints.events }).from(endpoints).where(and(eq(endpoints.orgId, orgId), eq(endpoints.enabled, true)));
  const wants = subscribed.map((endpoint) => ({ id: endpoint.id, types: new Set(JSON.parse(endpoint.events) as string[]) }));
  // Resources with a delivery still open, per endpoint: a new event of theirs waits behind it.
  const open = new Set<string>();
  if (wants.length) {
    const rows = await db
      .select({ endpointId: deliveries.endpointId, resource: deliveries.resource })
      .from(deliveries)
      .where(and(inArray(deliveries.endpointId, wants.map((endpoint) => endpoint.id)), inArray(deliveries.status, ["pending", "waiting"])));
    for (const row of rows) open.add(`${row.endpointId} ${row.resource}`);
  }
  const rows: (typeof deliveries.$inferInsert)[] = [];
  for (const event of events) {
    for (const endpoint of wants) {
      if (!endpoint.types.has(event.type)) continue;
      const key = `${endpoint.id} ${event.resource}`;
      rows.push({
        id: crypto.randomUUID(),
        orgId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        resource: event.resource,
        status: open.has(key) ? "waiting" : "pending",
        body: storedBody(messageBody({ type: event.type, payload: event.payload, createdAt: event.created_at })),
        createdAt: now,
        nextAttemptAt: now,
      });
      open.add(key);
    }
  }
  // In event order, so each endpoint's deliveries of one resource keep their order by rowid; one
  // batch, so a failure writes none and the claim is undone for the retry (below).
  const inserts = chunksFor(rows, 15).map((part) => db.insert(deliveries).values(part));
  try {
    if (inserts.length) await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  } catch (cause) {
    await db.update(schema.webhookEvents).set({ dispatchedAt: null }).where(inArray(schema.webhookEvents.id, events.map((event) => event.id)));
    throw cause;
  }
  // A message the queue refuses leaves its delivery pending: the scheduled sweep queues it again (LOST_AFTER_MS).
  const jobs = rows.filter((row) => row.status === "pending").map((row) => ({ body: { kind: "webhook_delivery", id: row.id } satisfies DeliveryJob }));
  for (let at = 0; at < jobs.length; at += SEND_BATCH_MAX) await env.JOBS.sendBatch(jobs.slice(at, at + SEND_BATCH_MAX));
  if (afterDispatch) await afterDispatch(env, orgId, events);
  if (events.length === EVENTS_PER_RUN) await queueDispatch(env, orgId);
  return events.length;
}

export const queueDispatch = (env: Env, orgId: string) => env.JOBS.send({ kind: "webhook_dispatch", orgId } satisfies DispatchJob);

export async function runDispatchJob(env: Env, message: Message<DispatchJob>, afterDispatch?: AfterDispatch) {
  try {
    await dispatchEvents(env, message.body.orgId, Date.now(), afterDispatch);
    message.ack();
  } catch (cause) {
    console.error("webhook dispatch failed", message.body, cause);
    message.retry({ delaySeconds: 30 });
  }
}
