/**
 * The check-in desk's queue (app/lib/browser/checkin-queue.ts, issue 28): what the server records leaves
 * it, what it refuses stays, marked with why, and is not sent again until the organiser fixes and
 * resends it or discards it; what must wait for the network waits. Nothing queued is dropped.
 */
import { describe, expect, it } from "vitest";
import { drainQueue, refusalMessageKeys, refusedCheckins, waitingCheckins, withoutCheckin, withResend, type QueuedCheckin, type SendResult } from "~/lib/browser/checkin-queue";

const item = (name: string, hours: number | null = 3): QueuedCheckin => ({ code: `${name}-code`, uuid: `${name}-uuid`, name, hours, at: "2026-12-09T09:00:00.000Z" });

/** A queue kept in memory, as localStorage keeps it: written whole, read afresh. */
function memoryStore(items: QueuedCheckin[]) {
  let stored = JSON.stringify(items);
  return { read: () => JSON.parse(stored) as QueuedCheckin[], write: (next: QueuedCheckin[]) => void (stored = JSON.stringify(next)) };
}

/** A server that answers each person as `answers` says (recorded unless named), and notes what it was sent. */
function server(answers: Record<string, SendResult> = {}) {
  const sent: QueuedCheckin[] = [];
  return { sent, send: async (queued: QueuedCheckin) => (sent.push(queued), answers[queued.name] ?? ({ kind: "recorded" } as const)) };
}

const hoursRequired = { error: "validation_error", fields: { hours: "form_error_required" } };

describe("draining the queue", () => {
  it("sends what waits oldest first and forgets what the server recorded", async () => {
    const store = memoryStore([item("Ana"), item("Luis")]);
    const { sent, send } = server();
    const result = await drainQueue(store, send);
    expect(sent.map((queued) => queued.name)).toEqual(["Ana", "Luis"]);
    expect(result.recorded.map((queued) => queued.name)).toEqual(["Ana", "Luis"]);
    expect(store.read()).toEqual([]);
  });

  it("keeps a refused check-in, marked with the refusal, and goes on with the rest (the issue's desk dropped it)", async () => {
    const store = memoryStore([item("Ana", null), item("Luis")]);
    const { send } = server({ Ana: { kind: "refused", refused: hoursRequired } });
    const result = await drainQueue(store, send);
    expect(result.refused).toEqual([{ ...item("Ana", null), refused: hoursRequired }]);
    expect(store.read()).toEqual([{ ...item("Ana", null), refused: hoursRequired }]);
    expect(refusedCheckins(store.read()).map((queued) => queued.name)).toEqual(["Ana"]);
    expect(waitingCheckins(store.read())).toEqual([]);
  });

  it("does not send a refused check-in again on its own", async () => {
    const store = memoryStore([{ ...item("Ana", null), refused: hoursRequired }, item("Luis")]);
    const { sent, send } = server();
    await drainQueue(store, send);
    expect(sent.map((queued) => queued.name)).toEqual(["Luis"]);
    expect(store.read().map((queued) => queued.name)).toEqual(["Ana"]);
  });

  it("stops at the first that must wait for the network, and keeps it and all after it", async () => {
    const store = memoryStore([item("Ana"), item("Luis"), item("Nuno")]);
    const { sent, send } = server({ Luis: { kind: "retry" } });
    await drainQueue(store, send);
    expect(sent.map((queued) => queued.name)).toEqual(["Ana", "Luis"]);
    expect(store.read().map((queued) => queued.name)).toEqual(["Luis", "Nuno"]);
  });

  it("keeps and sends a check-in queued while it drains", async () => {
    const store = memoryStore([item("Ana")]);
    const send = async (queued: QueuedCheckin): Promise<SendResult> => {
      if (queued.name === "Ana") store.write([...store.read(), item("Luis")]);
      return { kind: "recorded" };
    };
    const result = await drainQueue(store, send);
    expect(result.recorded.map((queued) => queued.name)).toEqual(["Ana", "Luis"]);
    expect(store.read()).toEqual([]);
  });

  it("sends each check-in once per drain even when the store cannot forget it (storage refused)", async () => {
    const items = [item("Ana")];
    const { sent, send } = server();
    await drainQueue({ read: () => items, write: () => undefined }, send);
    expect(sent).toHaveLength(1);
  });
});

describe("the organiser's fix", () => {
  it("resends a refused check-in with the hours fixed, in its place and on its own day", async () => {
    const refused = { ...item("Ana", null), refused: hoursRequired };
    const fixed = withResend([item("Bea"), refused], refused, 4);
    expect(fixed).toEqual([item("Bea"), item("Ana", 4)]);
    const store = memoryStore(fixed);
    const { sent, send } = server();
    await drainQueue(store, send);
    expect(sent.find((queued) => queued.name === "Ana")).toEqual(item("Ana", 4));
    expect(store.read()).toEqual([]);
  });

  it("discards only the check-in discarded", () => {
    const refused = { ...item("Ana"), refused: hoursRequired };
    expect(withoutCheckin([item("Bea"), refused, { ...item("Ana"), at: "2026-12-10T09:00:00.000Z" }], refused)).toEqual([item("Bea"), { ...item("Ana"), at: "2026-12-10T09:00:00.000Z" }]);
  });
});

describe("the reason the desk shows", () => {
  it("names the fault: the hours missing or wrong, the moment too old, else the API's error", () => {
    expect(refusalMessageKeys(hoursRequired)).toEqual(["checkin_hours_required"]);
    expect(refusalMessageKeys({ error: "validation_error", fields: { hours: "form_error_invalid_number" } })).toEqual(["checkin_hours_invalid"]);
    expect(refusalMessageKeys({ error: "validation_error", fields: { at: "form_error_invalid_date" } })).toEqual(["checkin_error_at_invalid"]);
    expect(refusalMessageKeys({ error: "checkin_outside_dates" })).toEqual(["checkin_error_checkin_outside_dates", "checkin_error_default"]);
    expect(refusalMessageKeys({ error: "approval_not_granted", fields: {} })).toEqual(["checkin_error_approval_not_granted", "checkin_error_default"]);
  });
});
