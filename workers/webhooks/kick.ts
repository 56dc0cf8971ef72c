/**
 * Every event written to the webhooks' outbox is fanned out at once, not at the next scheduled
 * sweep, whatever wrote it (decision 059): the Worker's requests (the app's middleware below, so
 * /api/{org}, /api/signup, /auth, /scim, the pages' own calls alike) and the queue's batches (a
 * credential issued by the consumer) run inside outbox.ts's `collectOutboxWrites`, which notes
 * each organisation an outbox statement was made for; when the request or batch is over, one
 * `webhook_dispatch` message is queued for each of them that has an undispatched event.
 *
 * What that costs: a request that made no outbox statement, nothing. One that did, for an
 * organisation it loaded (the path's, the host's) that nothing listens to (Tenant.outboxListened,
 * read with the tenant), nothing either: the statement wrote no row. Otherwise, after the answer
 * (waitUntil), one indexed read of at most one row (the partial index of undispatched events) per
 * organisation. A batch that rolled back leaves nothing, and the read finds nothing to queue.
 */
import { createMiddleware } from "hono/factory";
import type { Tenant } from "../tenant/organizations";
import type { AppVariables } from "../types";
import { queueDispatch } from "./dispatch";
import { collectOutboxWrites } from "./outbox";

export async function kickDispatch(env: Env, orgId: string) {
  const waiting = await env.DB.prepare("SELECT 1 AS n FROM webhook_events WHERE org_id = ? AND dispatched_at IS NULL LIMIT 1").bind(orgId).first();
  if (waiting) await queueDispatch(env, orgId);
}

/** Kicks each organisation written to, but none that `loaded` shows nothing listens to. */
function kickEach(env: Env, written: Set<string>, loaded: (Tenant | undefined)[] = []) {
  const kicks = [...written]
    .filter((orgId) => {
      const known = loaded.find((org) => org?.id === orgId);
      return known ? Boolean(known.outboxListened) : true;
    })
    .map((orgId) => kickDispatch(env, orgId).catch((cause) => console.error("webhook dispatch not queued", cause)));
  return Promise.all(kicks);
}

/** The app's middleware (workers/app.ts), around every request. */
export const dispatchAfterWrites = createMiddleware<{ Bindings: Env; Variables: AppVariables & { org?: Tenant } }>(async (c, next) => {
  const written = new Set<string>();
  try {
    await collectOutboxWrites(written, next);
  } finally {
    if (written.size) c.executionCtx.waitUntil(kickEach(c.env, written, [c.var.org, c.var.tenant]));
  }
});

/** The queue's consumer (workers/jobs.ts): a batch's jobs, then the dispatch of what they wrote. */
export async function dispatchAfterJobs(env: Env, jobs: () => Promise<void>) {
  const written = new Set<string>();
  try {
    await collectOutboxWrites(written, jobs);
  } finally {
    if (written.size) await kickEach(env, written);
  }
}
