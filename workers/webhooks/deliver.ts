/**
 * One attempt of one delivery (the queue's `webhook_delivery` message; docs/decisions/051).
 *
 * - Claimed first (pending, its moment come) with one guarded UPDATE that leases it for a minute:
 *   the same message delivered twice, or a lost one queued again, attempts it once at a time.
 * - Ordering per resource: while an earlier delivery of the same resource to the same endpoint is
 *   open (pending or waiting), this one waits; it is queued again when that one settles.
 * - Signed per Standard Webhooks (sign.ts) with the same `webhook-id` on every attempt.
 * - A 2xx settles it. Anything else (an answer, a timeout, a refused address) counts an attempt
 *   and the next is queued after the schedule's delay (schedule.ts), through `JOBS.send` with
 *   `delaySeconds` (not `message.retry`: the queue's own retries stop at max_retries = 5).
 * - After the last attempt, if the endpoint has answered no success for DISABLE_AFTER_FAILING_MS
 *   (its failures began at least that long ago), it is disabled and its administrators are told.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT } from "../../app/domain/webhooks";
import { getDb, schema } from "../db/client";
import { guardedFetch, OutboundRefused, type GuardedFetch } from "../lib/guarded-fetch";
import { tellEndpointDisabled } from "./disabled-mail";
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_FAILING_MS, retryDelaySeconds } from "./schedule";
import { signingSecrets } from "./secrets";
import { signedHeaders } from "./sign";

const { webhookDeliveries: deliveries, webhookEndpoints: endpoints, webhookEvents: events } = schema;

export type DeliveryJob = { kind: "webhook_delivery"; id: string };
export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "waiting" | "skipped";

const LEASE_MS = 60_000;

/** The JSON a receiver gets (Standard Webhooks' recommended shape): the same bytes on every attempt. */
export const messageBody = (event: { type: string; payload: string; createdAt: number }) =>
  `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(new Date(event.createdAt).toISOString())},"data":${event.payload}}`;

export const queueDelivery = (env: Env, id: string, delaySeconds?: number) =>
  env.JOBS.send({ kind: "webhook_delivery", id } satisfies DeliveryJob, delaySeconds ? { delaySeconds } : undefined);

/** After a delivery settled: the next waiting one of its resource (if any) is queued. */
async function releaseNext(env: Env, delivery: { endpointId: string; resource: string }, now: number) {
  const next = await getDb(env)
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.endpointId, delivery.endpointId), eq(deliveries.resource, delivery.resource), eq(deliveries.status, "waiting")))
    .orderBy(asc(deliveries.createdAt), asc(sql`rowid`))
    .limit(1)
    .get();
  if (!next) return;
  await getDb(env).update(deliveries).set({ status: "pending", nextAttemptAt: now }).where(and(eq(deliveries.id, next.id), eq(deliveries.status, "waiting")));
  await queueDelivery(env, next.id);
}

export async function deliverOnce(env: Env, id: string, now = Date.now(), fetcher: GuardedFetch = guardedFetch(env, { timeoutMs: DELIVERY_TIMEOUT_MS })): Promise<DeliveryOutcome> {
  const claimed = await env.DB.prepare(
    "UPDATE webhook_deliveries SET next_attempt_at = ?2 WHERE id = ?1 AND status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?3) RETURNING rowid AS seq",
  )
    .bind(id, now + LEASE_MS, now + 5_000)
    .first<{ seq: number }>();
  if (!claimed) return "skipped";
  const db = getDb(env);
  const row = await db
    .select({ delivery: deliveries, endpoint: endpoints, event: { type: events.type, payload: events.payload, createdAt: events.createdAt } })
    .from(deliveries)
    .innerJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .where(eq(deliveries.id, id))
    .get();
  if (!row) return "skipped";
  const { delivery, endpoint, event } = row;
  // A switched-off endpoint gets nothing, except the test event an administrator sends to check it before switching it on.
  if (!endpoint.enabled && event.type !== WEBHOOK_TEST_EVENT) {
    await db.update(deliveries).set({ status: "failed", error: "endpoint_disabled", nextAttemptAt: null }).where(eq(deliveries.id, id));
    return "failed";
  }
  const earlier = await env.DB.prepare("SELECT 1 AS n FROM webhook_deliveries WHERE endpoint_id = ? AND resource = ? AND status IN ('pending', 'waiting') AND rowid < ? LIMIT 1")
    .bind(delivery.endpointId, delivery.resource, claimed.seq)
    .first();
  if (earlier) {
    await db.update(deliveries).set({ status: "waiting", nextAttemptAt: null }).where(eq(deliveries.id, id));
    return "waiting";
  }

  const body = messageBody(event);
  const headers = await signedHeaders(await signingSecrets(env, endpoint, now), delivery.eventId, Math.floor(now / 1000), body);
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetcher(endpoint.url, { method: "POST", headers: { ...headers, "content-type": "application/json", "user-agent": "Commons-Webhooks/1" }, body });
    status = response.status;
    if (status < 200 || status >= 300) error = `http_${status}`;
  } catch (cause) {
    error = cause instanceof OutboundRefused ? cause.code : "unreachable";
  }
  const responseMs = Date.now() - started;
  const attempts = delivery.attempts + 1;

  if (!error) {
    await db.batch([
      db.update(deliveries).set({ status: "delivered", attempts, responseStatus: status, responseMs, error: null, deliveredAt: now, nextAttemptAt: null }).where(eq(deliveries.id, id)),
      db.update(endpoints).set({ failingSince: null }).where(eq(endpoints.id, endpoint.id)),
    ]);
    await releaseNext(env, delivery, now);
    return "delivered";
  }

  const delay = retryDelaySeconds(attempts);
  const failing = db.update(endpoints).set({ failingSince: sql`coalesce(${endpoints.failingSince}, ${now})` }).where(eq(endpoints.id, endpoint.id));
  if (delay !== null) {
    await db.batch([db.update(deliveries).set({ attempts, responseStatus: status, responseMs, error, nextAttemptAt: now + delay * 1000 }).where(eq(deliveries.id, id)), failing]);
    await queueDelivery(env, id, delay);
    return "retrying";
  }
  // Every attempt spent: given up. Disabled only when the endpoint has answered no success for most of a day.
  const [, , disabled] = await db.batch([
    db.update(deliveries).set({ status: "failed", attempts, responseStatus: status, responseMs, error, nextAttemptAt: null }).where(eq(deliveries.id, id)),
    failing,
    db
      .update(endpoints)
      .set({ enabled: false, disabledReason: "failing", updatedAt: now })
      .where(and(eq(endpoints.id, endpoint.id), eq(endpoints.enabled, true), lte(endpoints.failingSince, now - DISABLE_AFTER_FAILING_MS)))
      .returning({ id: endpoints.id }),
  ]);
  if (disabled.length) {
    // Its open deliveries will not be attempted: they say so in the log.
    await db.update(deliveries).set({ status: "failed", error: "endpoint_disabled", nextAttemptAt: null }).where(and(eq(deliveries.endpointId, endpoint.id), inArray(deliveries.status, ["pending", "waiting"])));
    await tellEndpointDisabled(env, endpoint.orgId, endpoint).catch((cause) => console.error("webhook disabled e-mail not sent", cause));
  } else await releaseNext(env, delivery, now);
  return "failed";
}

export async function runDeliveryJob(env: Env, message: Message<DeliveryJob>) {
  try {
    await deliverOnce(env, message.body.id);
    message.ack();
  } catch (cause) {
    // D1 or the queue failed us, not the receiver: the queue tries this attempt again.
    console.error("webhook delivery failed", message.body, cause);
    message.retry({ delaySeconds: 60 });
  }
}
