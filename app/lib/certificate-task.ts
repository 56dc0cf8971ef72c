/**
 * The social CV's PDF task in the browser (SPEC.md section 4, "Background tasks"): ask for it
 * (POST /responsible_profile/pdf, the member's timezone offset), then poll its status every
 * 2 seconds while it is created, active or retry; completed is success, failed, cancelled or
 * expired is failure, and so is a poll that fails.
 */
export type TaskStatus = "created" | "active" | "retry" | "completed" | "failed" | "cancelled" | "expired";

export interface TaskState {
  status: TaskStatus | "asking";
  /** The download address, once completed. */
  url?: string;
  verifyUrl?: string;
  ticket?: string;
}

export const POLL_INTERVAL_MS = 2000;
const PENDING: readonly string[] = ["created", "active", "retry"];

interface StatusAnswer {
  ticket: string;
  status: TaskStatus;
  url?: string;
  verify_url?: string;
}

async function readJson<T>(response: Response): Promise<T | null> {
  if (!response.ok) return null;
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Runs one PDF task to its end, telling `onChange` each state. The API's download path is turned
 * into the page's own (/responsible_profile/pdf/{id}), which streams it with the web session.
 */
export async function runCertificateTask(onChange: (state: TaskState) => void, signal: AbortSignal): Promise<TaskState> {
  const fail = (ticket?: string): TaskState => ({ status: "failed", ticket });
  onChange({ status: "asking" });
  let answer: StatusAnswer | null = null;
  try {
    answer = await readJson<StatusAnswer>(
      await fetch("/responsible_profile/pdf", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ timezone_offset: new Date().getTimezoneOffset() }),
        signal,
      }),
    );
  } catch {
    answer = null;
  }
  if (!answer?.ticket) return fail();
  const ticket = answer.ticket;
  let state: TaskState = { status: answer.status, ticket };
  onChange(state);
  while (PENDING.includes(state.status)) {
    await sleep(POLL_INTERVAL_MS, signal);
    let polled: StatusAnswer | null = null;
    try {
      polled = await readJson<StatusAnswer>(await fetch(`/responsible_profile/pdf/status/${encodeURIComponent(ticket)}`, { headers: { accept: "application/json" }, signal }));
    } catch {
      polled = null;
    }
    if (!polled) return fail(ticket);
    state = { status: polled.status, ticket, ...(polled.status === "completed" ? { url: `/responsible_profile/pdf/${encodeURIComponent(ticket)}`, verifyUrl: polled.verify_url } : {}) };
    onChange(state);
  }
  return state;
}
