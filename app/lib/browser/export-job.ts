/**
 * A staff export in the browser (decision 038): ask for it (POST /manage/exports/start/{kind} with
 * the screen's filters in the address), then poll its state every 2 seconds while it is queued or
 * running; ready gives the download address, failed (or a poll that fails) is failure.
 */
import type { ExportKind, ExportStatus } from "~/domain/exports";
import { readJson, sleep } from "./polling";

export type { ExportKind };

export interface ExportState {
  status: ExportStatus | "asking";
  rowsDone: number;
  /** Null while not yet counted, or for a list that is not counted beforehand. */
  rowsTotal: number | null;
  /** The download address and until when it works, once ready. */
  url?: string;
  expiresAt?: string;
}

interface JobAnswer {
  id: string;
  status: ExportStatus;
  rows_done: number;
  rows_total: number | null;
  expires_at: string;
}

export const EXPORT_POLL_MS = 2000;

const stateOf = (job: JobAnswer): ExportState => ({
  status: job.status,
  rowsDone: job.rows_done,
  rowsTotal: job.rows_total,
  ...(job.status === "ready" ? { url: `/manage/exports/${encodeURIComponent(job.id)}/file`, expiresAt: job.expires_at } : {}),
});

async function readJob(response: Response): Promise<JobAnswer | null> {
  const body = await readJson<Partial<JobAnswer>>(response);
  return typeof body?.id === "string" && typeof body.status === "string" ? (body as JobAnswer) : null;
}

/** Runs one export to its end, telling `onChange` each state; `query` is the screen's filters as its address has them. */
export async function runExport(kind: ExportKind, query: string, onChange: (state: ExportState) => void, signal: AbortSignal): Promise<ExportState> {
  const failed: ExportState = { status: "failed", rowsDone: 0, rowsTotal: null };
  onChange({ status: "asking", rowsDone: 0, rowsTotal: null });
  let job: JobAnswer | null = null;
  try {
    const response = await fetch(`/manage/exports/start/${kind}${query ? `?${query}` : ""}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
      signal,
    });
    job = await readJob(response);
  } catch (error) {
    if (signal.aborted) throw error;
  }
  if (!job) {
    onChange(failed);
    return failed;
  }
  let state = stateOf(job);
  onChange(state);
  while (state.status === "queued" || state.status === "running") {
    await sleep(EXPORT_POLL_MS, signal);
    let polled: JobAnswer | null = null;
    try {
      polled = await readJob(await fetch(`/manage/exports/${encodeURIComponent(job.id)}`, { headers: { accept: "application/json" }, signal }));
    } catch (error) {
      if (signal.aborted) throw error;
    }
    state = polled ? stateOf(polled) : { ...failed, rowsDone: state.rowsDone };
    onChange(state);
  }
  return state;
}
