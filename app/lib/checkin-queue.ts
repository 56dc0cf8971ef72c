/**
 * The check-in screen's queue (issue 11, point 4): every check-in is first written here (the
 * browser's localStorage, per initiative), then sent; one that cannot be sent (offline, the server
 * unreachable) stays until the connection returns, so the count of what waits is always true and a
 * reload keeps it. The server records a participation once per day, so an item sent twice (its
 * answer lost) is still one check-in.
 */
export interface QueuedCheckin {
  /** The code as scanned or typed. */
  code: string;
  uuid: string;
  name: string;
  hours: number | null;
  /** When it was made (ISO): the day it counts for, even if it syncs tomorrow. */
  at: string;
}

const storageKey = (initiativeId: string) => `commons.checkins.${initiativeId}`;

export function readQueue(initiativeId: string): QueuedCheckin[] {
  try {
    const items = JSON.parse(localStorage.getItem(storageKey(initiativeId)) ?? "[]") as unknown;
    return Array.isArray(items) ? (items as QueuedCheckin[]) : [];
  } catch {
    return [];
  }
}

export function writeQueue(initiativeId: string, items: QueuedCheckin[]) {
  try {
    if (items.length) localStorage.setItem(storageKey(initiativeId), JSON.stringify(items));
    else localStorage.removeItem(storageKey(initiativeId));
  } catch {
    // Storage full or refused (private mode): the queue lives in memory for this page only.
  }
}

/** What sending one queued check-in gave: recorded (now or before), refused for good (with the API's error), or to try again later. */
export type SendResult = { kind: "recorded" } | { kind: "refused"; error: string } | { kind: "retry" };

export async function sendCheckin(initiativeId: string, item: QueuedCheckin): Promise<SendResult> {
  try {
    const answer = await fetch(`/manage/initiatives/${encodeURIComponent(initiativeId)}/checkins`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ code: item.code, at: item.at, ...(item.hours !== null ? { hours: item.hours } : {}) }),
    });
    if (answer.ok) return { kind: "recorded" };
    // A refusal is final (a bad code, not approved...); a server or network fault is not.
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 408 && answer.status !== 429) {
      const body = (await answer.json().catch(() => null)) as { error?: string } | null;
      return { kind: "refused", error: body?.error ?? "checkin_refused" };
    }
    return { kind: "retry" };
  } catch {
    return { kind: "retry" };
  }
}
