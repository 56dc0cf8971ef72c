/**
 * The live channel of the chat widget: one WebSocket to /chat/socket on this origin (the session
 * cookie authenticates it; docs/api/chat.md). It reconnects after a drop with exponential backoff
 * (1 s, 2 s, 4 s ... 30 s, jittered), at once when the browser comes back online or the tab becomes
 * visible, and passes the last message id it has seen as `after` so the server sends what was missed.
 * A close with a final code (account disabled, membership removed: `isFinalChatClose`) ends it for
 * good: status "ended", no retry, since every retry would be refused at the upgrade.
 */
import { isFinalChatClose, type ChatClientFrame } from "~/domain/chat";
import { backoffDelay, type ServerFrame } from "../chat-model";

export type SocketStatus = "connecting" | "open" | "closed" | "ended";

interface Options {
  orgSlug: string;
  /** The greatest message id the client has: the catch-up cursor. */
  lastSeenId: () => number;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus) => void;
}

const HEARTBEAT_MS = 30_000;

export class ChatSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(private readonly options: Options) {}

  start() {
    this.stopped = false;
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.ws?.close(1000, "bye");
    this.ws = null;
  }

  /** Sends a frame when the socket is open; false otherwise (the caller falls back to REST). */
  send(frame: ChatClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  get open() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private wake = () => {
    if (this.stopped || document.visibilityState === "hidden") return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  };

  private connect() {
    if (this.stopped) return;
    const url = new URL("/chat/socket", window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("org", this.options.orgSlug);
    const after = this.options.lastSeenId();
    if (after > 0) url.searchParams.set("after", String(after));
    this.options.onStatus("connecting");
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "ready") {
        this.attempt = 0;
        this.options.onStatus("open");
      }
      this.options.onFrame(frame);
    });
    ws.addEventListener("open", () => {
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.send({ type: "ping" }), HEARTBEAT_MS);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.heartbeat);
      this.ws = null;
      if (isFinalChatClose(event.code)) {
        this.stop();
        this.options.onStatus("ended");
        return;
      }
      this.options.onStatus("closed");
      if (this.stopped) return;
      this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
    });
  }
}
