/**
 * The jobs the API queues, captured instead of sent (env.JOBS spied on), and run through the queue
 * consumer on demand, as the queue would deliver them: for tests that follow work done after the
 * answer (credentials issued on validation, certificates rendered).
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { runJobs, type Job } from "../../workers/jobs";

export function captureJobs() {
  const queued: Job[] = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body) => void queued.push(body as Job) as never);
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => void queued.push(...[...messages].map((message) => message.body as Job)) as never);
  /** Runs the consumer on what was queued since the last drain. */
  async function drain() {
    const bodies = queued.splice(0);
    const batch = createMessageBatch<Job>("commons-jobs", bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })));
    await runJobs(batch, env);
    return getQueueResult(batch, createExecutionContext());
  }
  return { queued, drain };
}
