/**
 * The webhooks' share of the scheduled handler (every ten minutes): events whose dispatch message
 * was lost (every request and queue batch queues one for what it wrote: kick.ts) are dispatched; pending
 * deliveries whose queue message was lost are queued again; deliveries and events older than
 * DELIVERY_RETENTION_MS (30 days) are deleted, a bounded number per run.
 */
import { dispatchEvents, type AfterDispatch } from "./dispatch";
import { queueDelivery } from "./deliver";
import { DELIVERY_RETENTION_MS, LOST_AFTER_MS } from "./schedule";

const ORGS_PER_RUN = 20;
const LOST_PER_RUN = 100;
const PRUNED_PER_RUN = 1000;

export async function sweepWebhooks(env: Env, now: number, afterDispatch?: AfterDispatch) {
  const orgs = await env.DB.prepare("SELECT DISTINCT org_id FROM webhook_events WHERE dispatched_at IS NULL LIMIT ?").bind(ORGS_PER_RUN).all<{ org_id: string }>();
  let dispatched = 0;
  for (const { org_id } of orgs.results) dispatched += await dispatchEvents(env, org_id, now, afterDispatch);
  const lost = await env.DB.prepare("SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at < ? LIMIT ?").bind(now - LOST_AFTER_MS, LOST_PER_RUN).all<{ id: string }>();
  for (const { id } of lost.results) await queueDelivery(env, id);
  const old = now - DELIVERY_RETENTION_MS;
  const [deliveries, events] = await env.DB.batch([
    env.DB.prepare("DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE created_at < ? LIMIT ?)").bind(old, PRUNED_PER_RUN),
    // An event goes once no delivery names it (a redelivery of an old event keeps it).
    env.DB.prepare(
      "DELETE FROM webhook_events WHERE id IN (SELECT e.id FROM webhook_events e WHERE e.created_at < ? AND e.dispatched_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) LIMIT ?)",
    ).bind(old, PRUNED_PER_RUN),
  ]);
  return { dispatched, requeued: lost.results.length, pruned: deliveries.meta.changes + events.meta.changes };
}
