/**
 * The queue as the tests see it: what the code sends to JOBS is kept here (with its delay) instead
 * of sent, and `drain` hands it to the real consumer as the queue would deliver it: for tests that
 * follow work done after the answer (webhooks, chat apps, credentials issued on validation).
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { runJobs, type Job } from "../../workers/jobs";

export interface Queued {
  body: Job;
  delaySeconds?: number;
}

/** Spies on JOBS.send and JOBS.sendBatch; call once per file (in beforeAll). */
export function captureQueue() {
  const queued: Queued[] = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body, options) => void queued.push({ body: body as Job, delaySeconds: options?.delaySeconds }) as never);
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => void queued.push(...[...messages].map((message) => ({ body: message.body as Job, delaySeconds: message.delaySeconds }))) as never);
  /** Runs the consumer on everything queued so far. */
  async function drain() {
    const bodies = queued.splice(0).map((item) => item.body);
    const batch = createMessageBatch<Job>("commons-jobs", bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })));
    await runJobs(batch, env);
    return getQueueResult(batch, createExecutionContext());
  }
  return { queued, drain };
}
