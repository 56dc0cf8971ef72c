/**
 * A staff export in the browser (app/lib/browser/export-job.ts; decision 038): the start request carries
 * the screen's filters and a JSON body, the state is polled while queued or running, ready gives
 * the page's own download address, and a refused start or a failed poll ends as failed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPORT_POLL_MS, runExport, type ExportState } from "~/lib/browser/export-job";

const job = (status: string, rows_done: number, rows_total: number | null) => ({ id: "j-1", kind: "members", status, rows_done, rows_total, expires_at: "2026-11-28T21:00:00.000Z" });
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function run(answers: Response[], query = "role=admin") {
  const calls: [string, RequestInit | undefined][] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return answers.shift() ?? answer({}, 500);
  });
  vi.useFakeTimers();
  const states: ExportState[] = [];
  const done = runExport("members", query, (state) => states.push(state), new AbortController().signal);
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
  return { end: await done, states, calls };
}

afterEach(() => vi.useRealTimers());

describe("runExport", () => {
  it("starts with the screen's filters, polls while queued or running, and ends with the download address", async () => {
    const { end, states, calls } = await run([answer(job("queued", 0, null), 202), answer(job("running", 2000, 4506)), answer(job("ready", 4506, 4506))]);
    expect(calls[0][0]).toBe("/manage/exports/start/members?role=admin");
    expect(calls[0][1]).toMatchObject({ method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(calls.slice(1).map(([url]) => url)).toEqual(["/manage/exports/j-1", "/manage/exports/j-1"]);
    expect(states.map((state) => [state.status, state.rowsDone, state.rowsTotal])).toEqual([
      ["asking", 0, null],
      ["queued", 0, null],
      ["running", 2000, 4506],
      ["ready", 4506, 4506],
    ]);
    expect(end).toMatchObject({ status: "ready", url: "/manage/exports/j-1/file", expiresAt: "2026-11-28T21:00:00.000Z" });
  });

  it("ends as failed when the start is refused or a poll fails, and stops polling", async () => {
    expect((await run([answer({ error: "too_many_exports" }, 409)])).end.status).toBe("failed");
    const broken = await run([answer(job("queued", 0, null), 202), answer({ error: "export_not_found" }, 404)]);
    expect(broken.end.status).toBe("failed");
    expect(broken.calls).toHaveLength(2);
  });
});
