import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHAT_CLOSE, isFinalChatClose } from "~/domain/chat";
import { ChatSocket, type SocketStatus } from "~/lib/browser/chat-socket";

/** A stand-in for the browser's WebSocket: records each connection and lets the test close it. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  constructor(readonly url: URL) {
    FakeSocket.made.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send() {}
  close() {}
  serverCloses(code: number) {
    this.readyState = 3;
    for (const listener of this.listeners.close ?? []) listener({ code });
  }
}

const noop = () => {};

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("window", { location: { href: "http://acme.localhost/wall" }, addEventListener: noop, removeEventListener: noop });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: noop, removeEventListener: noop });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function started() {
  const statuses: SocketStatus[] = [];
  const socket = new ChatSocket({ orgSlug: "acme", lastSeenId: () => 0, onFrame: noop, onStatus: (status) => statuses.push(status) });
  socket.start();
  return statuses;
}

describe("the chat socket's reconnection", () => {
  it("reconnects after a drop", () => {
    const statuses = started();
    FakeSocket.made[0].serverCloses(1006);
    expect(statuses.at(-1)).toBe("closed");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it.each([CHAT_CLOSE.unauthenticated, CHAT_CLOSE.accountDisabled, CHAT_CLOSE.membershipRemoved])("stops for good on close code %i", (code) => {
    const statuses = started();
    FakeSocket.made[0].serverCloses(code);
    expect(statuses.at(-1)).toBe("ended");
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("treats only 4400–4499 as final", () => {
    expect([1000, 1001, 1006, 1011, 4000, 4399, 4500].some(isFinalChatClose)).toBe(false);
    expect([4400, 4403, 4404, 4499].every(isFinalChatClose)).toBe(true);
  });
});
