/**
 * Staff exports in the Worker tests (decision 038): the queue's messages are caught as they are
 * sent and handed to the consumer by the test, one invocation at a time, so a test can run an
 * export to its end (or to any step) and read the file it wrote.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { vi } from "vitest";
import { action as startAction } from "../../app/routes/_app.manage.exports.start.$kind";
import { loader as stateLoader } from "../../app/routes/_app.manage.exports.$id";
import { loader as fileLoader } from "../../app/routes/_app.manage.exports.$id_.file";
import { runJobs, type Job } from "../../workers/jobs";
import type { Route } from "./route-calls";
import { call, json, testLoadContext } from "./support";

/** Messages sent to the queue from now on, kept here instead of the queue. */
export function catchJobs() {
  const sent: Job[] = [];
  const spy = vi.spyOn(env.JOBS, "send").mockImplementation(async (body) => {
    sent.push(body as Job);
    return undefined as never;
  });
  return { sent, restore: () => spy.mockRestore() };
}

/** One invocation of the queue consumer with `messages`, as the queue would deliver them. */
export async function consume(messages: Job[], bindings: Env = env) {
  const batch = createMessageBatch<Job>("commons-jobs", messages.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })));
  const ctx = createExecutionContext();
  await runJobs(batch, bindings);
  return getQueueResult(batch, ctx);
}

/** Runs every message caught (and those they send) until the queue is empty; answers how many invocations it took. */
export async function drain(sent: Job[], bindings: Env = env) {
  let invocations = 0;
  while (sent.length) {
    await consume(sent.splice(0, sent.length), bindings);
    invocations++;
  }
  return invocations;
}

/** POST /api/{org}/exports/{kind} as `token`, the queue run to its end, and the file's answer. */
export async function exportThroughQueue(token: string, kind: string, filters: Record<string, string> = {}, org = "acme") {
  const jobs = catchJobs();
  try {
    const started = await call("POST", `/api/${org}/exports/${kind}`, { token, body: filters });
    if (started.status !== 202 && started.status !== 200) return { started, file: null };
    const job = await json(started);
    await drain(jobs.sent);
    const file = await call("GET", `/api/${org}/exports/${job.id}/file`, { token });
    return { started, job, file };
  } finally {
    jobs.restore();
  }
}

/** The CSV's lines, without the byte-order mark. */
export const csvLines = async (file: Response) => (await file.text()).replace(/^\uFEFF/, "").trim().split("\r\n");

/**
 * The same through the staff screens' resource routes, as the browser's script calls them: start
 * (POST /manage/exports/start/{kind}?{query}, JSON), the queue run, the state polled, the file.
 * A refusal the route throws (its 404) is answered as `started`.
 */
export async function exportThroughPages(cookie: string, kind: string, query = "", org = "acme") {
  const jobs = catchJobs();
  const context = await testLoadContext(org);
  const origin = `http://${org}.localhost`;
  const get = (path: string) => new Request(`${origin}${path}`, { headers: { cookie } });
  const answer = async (route: Route, request: Request, params: Record<string, string>) => {
    try {
      return (await route({ request, context, params })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  try {
    const request = new Request(`${origin}/manage/exports/start/${kind}${query ? `?${query}` : ""}`, { method: "POST", headers: { cookie, origin, "content-type": "application/json" }, body: "{}" });
    const started = await answer(startAction as Route, request, { kind });
    if (started.status !== 202 && started.status !== 200) return { started, state: null, file: null };
    const job = await started.clone().json<{ id: string }>();
    await drain(jobs.sent);
    const state = await (await answer(stateLoader as Route, get(`/manage/exports/${job.id}`), { id: job.id })).json<Record<string, unknown>>();
    const file = await answer(fileLoader as Route, get(`/manage/exports/${job.id}/file`), { id: job.id });
    return { started, state, file };
  } finally {
    jobs.restore();
  }
}
