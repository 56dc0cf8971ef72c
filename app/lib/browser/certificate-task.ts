/**
 * The social CV's PDF task in the browser (SPEC.md section 4, "Background tasks"): ask for it
 * (POST /responsible_profile/pdf, the member's timezone offset and the period chosen), then poll its status every
 * 2 seconds while it is created, active or retry; completed is success, failed, cancelled or
 * expired is failure, and so is a poll that fails.
 */
import { isPendingCertificate, type CertificateStatus } from "~/domain/certificate-status";
import { readJson, sleep } from "./polling";

export type TaskStatus = CertificateStatus;

export interface TaskState {
  status: TaskStatus | "asking";
  /** The download address, once completed. */
  url?: string;
  verifyUrl?: string;
  ticket?: string;
  /** A refused request's reason: the message key of its first field (form_error_end_before_start...). */
  refusal?: string;
}

/** The period of the certificate: days of the member's calendar (YYYY-MM-DD), both whole; all time without them. */
export interface CertificatePeriodDays {
  from?: string;
  to?: string;
}

export type PeriodChoice = "all" | "year" | "range";

/** The days the API takes for the member's choice: a year is its 1 January to its 31 December. */
export function periodDays(choice: PeriodChoice, year: string, from: string, to: string): CertificatePeriodDays {
  if (choice === "year") return { from: `${year}-01-01`, to: `${year}-12-31` };
  if (choice === "range") return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return {};
}

export const POLL_INTERVAL_MS = 2000;

interface StatusAnswer {
  ticket: string;
  status: TaskStatus;
  url?: string;
  verify_url?: string;
}

/** The message key of a 400's first field, if it says one. */
async function readRefusal(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { fields?: Record<string, unknown> };
    const key = Object.values(body.fields ?? {})[0];
    return typeof key === "string" && /^form_error_[a-z_]+$/.test(key) ? key : null;
  } catch {
    return null;
  }
}

/**
 * Runs one PDF task to its end, telling `onChange` each state. The API's download path is turned
 * into the page's own (/responsible_profile/pdf/{id}), which streams it with the web session.
 */
export async function runCertificateTask(onChange: (state: TaskState) => void, signal: AbortSignal, period: CertificatePeriodDays = {}): Promise<TaskState> {
  const fail = (ticket?: string): TaskState => ({ status: "failed", ticket });
  onChange({ status: "asking" });
  let answer: StatusAnswer | null = null;
  try {
    const response = await fetch("/responsible_profile/pdf", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ timezone_offset: new Date().getTimezoneOffset(), ...period }),
      signal,
    });
    // A period the server refuses (400 with the field's message key) is said as such, not as a failure to render.
    if (response.status === 400) {
      const refused = await readRefusal(response);
      const state: TaskState = { status: "failed", ...(refused ? { refusal: refused } : {}) };
      onChange(state);
      return state;
    }
    answer = await readJson<StatusAnswer>(response);
  } catch (error) {
    if (signal.aborted) throw error;
    answer = null;
  }
  if (!answer?.ticket) {
    const state = fail();
    onChange(state);
    return state;
  }
  const ticket = answer.ticket;
  let state: TaskState = { status: answer.status, ticket };
  onChange(state);
  while (isPendingCertificate(state.status)) {
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
