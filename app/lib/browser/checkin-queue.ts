/**
 * The check-in screen's queue (issue 11, point 4): every check-in is first written here (the
 * browser's localStorage, per initiative), then sent; one that cannot be sent (offline, the server
 * unreachable) stays until the connection returns, so the count of what waits is always true and a
 * reload keeps it. The server records a participation once per day, so an item sent twice (its
 * answer lost) is still one check-in.
 *
 * An item leaves the queue only when the server has recorded it, or when the organiser discards it.
 * One the server refuses (issue 28: its hours, its day, the manager's approval changed since the
 * screen loaded) stays, marked with the refusal, and is not sent again until the organiser fixes its
 * hours and resends it: nothing queued is dropped silently.
 */
export interface QueuedCheckin {
  /** The code as scanned or typed. */
  code: string;
  uuid: string;
  name: string;
  hours: number | null;
  /** When it was made (ISO): the day it counts for, even if it syncs tomorrow. */
  at: string;
  /** Why the server refused it (the API's error and field keys); absent while it waits to be sent. */
  refused?: Refusal;
}

export interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

/** The same check-in: one person, made at one moment (an item is rewritten, never copied). */
export const sameCheckin = (a: Pick<QueuedCheckin, "uuid" | "at">, b: Pick<QueuedCheckin, "uuid" | "at">) => a.uuid === b.uuid && a.at === b.at;

/** The items still to send, oldest first. */
export const waitingCheckins = (items: readonly QueuedCheckin[]) => items.filter((item) => !item.refused);

/** The items the server refused, which wait for the organiser. */
export const refusedCheckins = (items: readonly QueuedCheckin[]) => items.filter((item) => item.refused);

/** The queue without `item`: recorded by the server, or discarded by the organiser. */
export const withoutCheckin = (items: readonly QueuedCheckin[], item: QueuedCheckin) => items.filter((other) => !sameCheckin(other, item));

/** The queue with `item` marked refused, in its place. */
export const withRefusal = (items: readonly QueuedCheckin[], item: QueuedCheckin, refused: Refusal) =>
  items.map((other) => (sameCheckin(other, item) ? { ...other, refused } : other));

/** The queue with the refused `item` fixed to `hours` and waiting to be sent again, in its place. */
export const withResend = (items: readonly QueuedCheckin[], item: QueuedCheckin, hours: number | null) =>
  items.map((other) => (sameCheckin(other, item) ? { code: other.code, uuid: other.uuid, name: other.name, hours, at: other.at } : other));

/**
 * The translation key (manage namespace) that says why the server refused a check-in: the hours'
 * own message when the hours were the fault, else the error's, else a general one.
 */
export function refusalMessageKeys(refused: Refusal): string[] {
  const fields = refused.fields ?? {};
  if (fields.hours === "form_error_required") return ["checkin_hours_required"];
  if (fields.hours) return ["checkin_hours_invalid"];
  if (fields.at) return ["checkin_error_at_invalid"];
  return [`checkin_error_${refused.error}`, "checkin_error_default"];
}

const storageKey = (initiativeId: string) => `commons.checkins.${initiativeId}`;

/** The queues the browser's storage refused (full, or private mode): kept for this page's life instead. */
const inMemory = new Map<string, QueuedCheckin[]>();

export function readQueue(initiativeId: string): QueuedCheckin[] {
  const kept = inMemory.get(initiativeId);
  if (kept) return kept;
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
    inMemory.delete(initiativeId);
  } catch {
    // Storage full or refused (private mode): the queue lives in memory for this page only.
    inMemory.set(initiativeId, items);
  }
}

/** What sending one queued check-in gave: recorded (now or before), refused (with the API's error), or to try again later. */
export type SendResult = { kind: "recorded" } | { kind: "refused"; refused: Refusal } | { kind: "retry" };

export interface QueueStore {
  read: () => QueuedCheckin[];
  write: (items: QueuedCheckin[]) => void;
}

/** The queue of one initiative in the browser's localStorage. */
export const browserQueue = (initiativeId: string): QueueStore => ({ read: () => readQueue(initiativeId), write: (items) => writeQueue(initiativeId, items) });

/**
 * Sends what waits, oldest first, until the queue is empty or one must wait for the network.
 * The store is read again before every step, so a check-in queued meanwhile is kept and sent too.
 * A recorded item leaves the queue; a refused one stays, marked. Answers what happened to each.
 */
export async function drainQueue(store: QueueStore, send: (item: QueuedCheckin) => Promise<SendResult>) {
  const recorded: QueuedCheckin[] = [];
  const refused: QueuedCheckin[] = [];
  const handled = (item: QueuedCheckin) => [...recorded, ...refused].some((done) => sameCheckin(done, item));
  // Each item is sent once per drain, even if the store failed to forget it.
  const next = () => waitingCheckins(store.read()).find((item) => !handled(item));
  for (let item = next(); item; item = next()) {
    const result = await send(item);
    if (result.kind === "retry") break;
    if (result.kind === "recorded") {
      store.write(withoutCheckin(store.read(), item));
      recorded.push(item);
    } else {
      store.write(withRefusal(store.read(), item, result.refused));
      refused.push({ ...item, refused: result.refused });
    }
  }
  return { recorded, refused };
}

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
      const body = (await answer.json().catch(() => null)) as { error?: string; fields?: Record<string, string> } | null;
      return { kind: "refused", refused: { error: body?.error ?? "checkin_refused", ...(body?.fields ? { fields: body.fields } : {}) } };
    }
    return { kind: "retry" };
  } catch {
    return { kind: "retry" };
  }
}
