/**
 * ChatMember: the live side of chat for one member of one organisation (named "{orgId}:{memberId}";
 * docs/decisions/006-chat-partitioning.md). It holds the member's sockets (every tab and device)
 * with the hibernation API, so an idle member costs nothing, and it relays events: messages, read
 * status, typing and presence. D1 stays the truth: messages are stored (workers/chat/service.ts)
 * before anyone is told about them.
 *
 * Only the Worker reaches fetch(): workers/api/chat-socket.ts authenticates the member, checks the
 * organisation, and passes who it is in headers.
 */
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { ChatClientFrameSchema, type ChatServerFrame } from "../app/domain/chat";
import { DomainError, internalError, RateLimitedError } from "../workers/lib/domain-errors";
import { CHAT_MEMBER_HEADER, CHAT_ORG_HEADER, type ChatEvent, deliver as deliverTo, memberObject } from "../workers/chat/live";
import { pushChatMessage } from "../workers/push/chat";
import {
  type ChatActor,
  chatPartners,
  conversationMembers,
  markRead,
  missedMessages,
  sendChatMessage,
} from "../workers/chat/service";

/** Per-socket state that survives hibernation. */
interface SocketState extends ChatActor {
  connectedAt: number;
}

/** Frames larger than this are refused (a message is at most 2000 characters). */
const MAX_FRAME_CHARS = 16_384;
/** Typing events of one conversation are relayed at most this often (clients send them per key). */
const TYPING_RELAY_MS = 300;
type ClientFrame = v.InferOutput<typeof ChatClientFrameSchema>;

export class ChatMember extends DurableObject<Env> {
  private readonly typingRelayedAt = new Map<string, number>();
  /** Conversation → its members; private conversations never change members, so this never goes stale. */
  private readonly membersOf = new Map<string, string[]>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  async fetch(request: Request): Promise<Response> {
    const orgId = request.headers.get(CHAT_ORG_HEADER);
    const memberId = request.headers.get(CHAT_MEMBER_HEADER);
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket" || !orgId || !memberId) {
      return new Response("Expected a WebSocket upgrade from the Worker.", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const state: SocketState = { orgId, memberId, connectedAt: Date.now() };
    server.serializeAttachment(state);
    const after = new URL(request.url).searchParams.get("after");
    this.ctx.waitUntil(this.greet(server, state, after && /^[0-9]{1,15}$/.test(after) ? Number(after) : null));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** First frame: who of my partners is online; then the catch-up when the client said where it stopped. */
  private async greet(ws: WebSocket, actor: ChatActor, after: number | null) {
    try {
      const partners = await chatPartners(this.env, actor);
      const online = await this.onlineAmong(actor.orgId, partners);
      send(ws, { type: "ready", member_id: actor.memberId, online });
      if (this.openSockets().length === 1) {
        await deliverTo(this.env, actor.orgId, partners, { type: "presence", member_id: actor.memberId, online: true });
      }
      if (after !== null) await this.sync(ws, actor, after);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "chat greet failed", error: String(error) }));
      send(ws, { type: "error", error: "internal_error", message: "Something went wrong, try again in a few minutes." });
    }
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const actor = ws.deserializeAttachment() as SocketState;
    if (typeof raw !== "string" || raw.length > MAX_FRAME_CHARS) {
      send(ws, { type: "error", error: "payload_too_large", message: `Frames are JSON text of at most ${MAX_FRAME_CHARS} characters.` });
      return;
    }
    let frame: ClientFrame;
    try {
      frame = v.parse(ChatClientFrameSchema, JSON.parse(raw));
    } catch {
      send(ws, { type: "error", error: "bad_request", message: "Unknown or malformed frame." });
      return;
    }
    const tempId = frame.type === "send" ? (frame.temp_id ?? null) : undefined;
    try {
      await this.handle(ws, actor, frame);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        console.error(JSON.stringify({ level: "error", msg: "chat frame failed", type: frame.type, error: String(error) }));
      }
      const known = error instanceof DomainError ? error : internalError();
      const retryAfter = known instanceof RateLimitedError ? known.retryAfterSeconds : undefined;
      send(ws, {
        type: "error",
        ...known.toBody(),
        ...(tempId !== undefined ? { temp_id: tempId } : {}),
        ...(frame.type !== "sync" && frame.type !== "presence" ? { conversation_id: frame.conversation_id } : {}),
        ...(retryAfter ? { retry_after: retryAfter } : {}),
      });
    }
  }

  private async handle(ws: WebSocket, actor: SocketState, frame: ClientFrame) {
    switch (frame.type) {
      case "send": {
        const sent = await sendChatMessage(this.env, actor, frame.conversation_id, { content: frame.content, client_id: frame.temp_id });
        this.membersOf.set(sent.message.conversation_id, sent.members);
        // Stored: acknowledge first, then tell my other sockets and the other members.
        send(ws, { type: "ack", temp_id: frame.temp_id ?? null, message: sent.message });
        if (sent.duplicate) return;
        const event: ChatEvent = { type: "message", message: sent.message };
        this.broadcast(event, ws);
        const closed = await deliverTo(this.env, actor.orgId, others(sent.members, actor.memberId), event);
        this.ctx.waitUntil(pushChatMessage(this.env, actor, closed, sent.message));
        return;
      }
      case "typing": {
        const members = await this.conversationMembers(actor, frame.conversation_id);
        const now = Date.now();
        if (now - (this.typingRelayedAt.get(frame.conversation_id) ?? 0) < TYPING_RELAY_MS) return;
        this.typingRelayedAt.set(frame.conversation_id, now);
        await deliverTo(this.env, actor.orgId, others(members, actor.memberId), { type: "typing", conversation_id: frame.conversation_id, member_id: actor.memberId });
        return;
      }
      case "read": {
        const read = await markRead(this.env, actor, frame.conversation_id, frame.message_id);
        // Everyone, me included: my other tabs clear their unread counts too.
        await deliverTo(this.env, actor.orgId, read.members, {
          type: "read",
          conversation_id: read.conversation_id,
          member_id: actor.memberId,
          message_id: read.last_read_message_id,
        });
        return;
      }
      case "sync":
        await this.sync(ws, actor, frame.after);
        return;
      case "presence": {
        // Only members I share a conversation with: presence is not a directory of who is online.
        const partners = new Set(await chatPartners(this.env, actor));
        const asked = frame.member_ids.filter((memberId) => partners.has(memberId));
        send(ws, { type: "presence_state", online: await this.onlineAmong(actor.orgId, asked), checked: asked });
        return;
      }
    }
  }

  private async sync(ws: WebSocket, actor: ChatActor, after: number) {
    const missed = await missedMessages(this.env, actor, after);
    send(ws, { type: "sync", after, messages: missed.messages, has_more: missed.has_more });
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string) {
    await this.closed(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  async webSocketError(ws: WebSocket) {
    await this.closed(ws, 1011, "error");
  }

  private async closed(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
    const actor = ws.deserializeAttachment() as SocketState | null;
    if (!actor || this.openSockets(ws).length > 0) return;
    const partners = await chatPartners(this.env, actor);
    await deliverTo(this.env, actor.orgId, partners, { type: "presence", member_id: actor.memberId, online: false });
  }

  // --- called by the Worker and by other members' objects ------------------------------------

  /** Sends an event to every socket of this member. */
  /** Answers whether this member had a socket open to take it (false: their chat is closed). */
  async deliver(event: ChatEvent): Promise<boolean> {
    const open = this.openSockets().length > 0;
    this.broadcast(event);
    if (event.type === "conversation") {
      // A new conversation makes a new partner: show whether they are online now.
      const [socket] = this.openSockets();
      const actor = socket?.deserializeAttachment() as SocketState | undefined;
      if (!actor) return open;
      const online = new Set(await this.onlineAmong(actor.orgId, event.conversation.occupant_ids));
      for (const memberId of event.conversation.occupant_ids) this.broadcast({ type: "presence", member_id: memberId, online: online.has(memberId) });
    }
    return open;
  }

  /** Closes every socket of this member (their account was disabled: workers/auth/disable-member.ts). */
  async disconnect(code: number, reason: string): Promise<void> {
    const sockets = this.openSockets();
    const actor = sockets[0]?.deserializeAttachment() as SocketState | undefined;
    for (const ws of sockets) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
    if (!actor) return;
    const partners = await chatPartners(this.env, actor);
    await deliverTo(this.env, actor.orgId, partners, { type: "presence", member_id: actor.memberId, online: false });
  }

  async isOnline(): Promise<boolean> {
    return this.openSockets().length > 0;
  }

  // --- helpers -------------------------------------------------------------------------------

  private openSockets(except?: WebSocket) {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private broadcast(event: ChatEvent, except?: WebSocket) {
    const text = JSON.stringify(event);
    for (const ws of this.openSockets(except)) {
      try {
        ws.send(text);
      } catch {
        // Closing; its close handler runs next.
      }
    }
  }

  private async onlineAmong(orgId: string, memberIds: string[]): Promise<string[]> {
    const answers = await Promise.all(
      memberIds.map((memberId) => memberObject(this.env, orgId, memberId).isOnline().catch(() => false)),
    );
    return memberIds.filter((_, i) => answers[i]);
  }

  private async conversationMembers(actor: ChatActor, conversationId: string) {
    let members = this.membersOf.get(conversationId);
    if (!members) {
      members = await conversationMembers(this.env, actor, conversationId);
      this.membersOf.set(conversationId, members);
    }
    return members;
  }
}

const others = (members: string[], me: string) => members.filter((memberId) => memberId !== me);

function send(ws: WebSocket, frame: ChatServerFrame) {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // The socket is closing.
  }
}
