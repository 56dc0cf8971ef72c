/**
 * After a write through the API, the organisation's outbox is fanned out at once rather than at
 * the next scheduled sweep: when the request changed something (not GET, answered below 400) and
 * the organisation has an undispatched event, one `webhook_dispatch` message is queued. Only for
 * an organisation something listens to (Tenant.outboxListened, read with the tenant: no extra
 * round trip); then after the answer (waitUntil), one indexed read of at most one row (the partial
 * index of undispatched events). An organisation without webhooks or chat channels pays nothing.
 * Events written elsewhere (the queue's consumer, the scheduled handler, /api/signup and /auth,
 * which name no organisation in their path) wait for the sweep (sweep.ts), at most ten minutes.
 */
import { createMiddleware } from "hono/factory";
import type { Tenant } from "../tenant/organizations";
import type { AppVariables } from "../types";
import { queueDispatch } from "./dispatch";

export async function kickDispatch(env: Env, orgId: string) {
  const waiting = await env.DB.prepare("SELECT 1 AS n FROM webhook_events WHERE org_id = ? AND dispatched_at IS NULL LIMIT 1").bind(orgId).first();
  if (waiting) await queueDispatch(env, orgId);
}

/** Mounted on /api/{org}/* before the guards run: it reads the organisation a guard may have set, after the answer. */
export const dispatchAfterWrites = createMiddleware<{ Bindings: Env; Variables: AppVariables & { org?: Tenant } }>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status >= 400) return;
  const org = c.var.org;
  if (!org?.outboxListened) return;
  c.executionCtx.waitUntil(kickDispatch(c.env, org.id).catch((cause) => console.error("webhook dispatch not queued", cause)));
});
