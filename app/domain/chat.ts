/**
 * Chat rules shared by the chat widget (instant feedback) and the Worker (the truth): the limits of
 * SPEC.md section 9 and the message rule (non-empty after trimming, at most CHAT_MESSAGE_MAX_LENGTH
 * characters). Message keys: chat_error_message_empty, chat_error_message_too_long.
 */
import * as v from "valibot";

export const CHAT_LIMITS = {
  /** Messages of one conversation per page (SPEC.md section 9: history limit). */
  historyLimit: 1000,
  /** Conversations listed at most (dialogs limit). */
  conversationsLimit: 1000,
  /** Members per page of the new-chat list. */
  usersPageSize: 500,
  /** How often the widget refreshes the member list. */
  usersRefreshMs: 120_000,
  /** A typing indicator disappears this long after the last typing event. */
  typingTimeoutMs: 900,
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const ChatMessageContentSchema = v.pipe(
  v.string("chat_error_message_empty"),
  v.trim(),
  v.nonEmpty("chat_error_message_empty"),
  v.maxLength(CHAT_MESSAGE_MAX_LENGTH, "chat_error_message_too_long"),
);

/** How many members one presence frame may ask about. */
export const CHAT_PRESENCE_QUERY_MAX = 200;

const frameId = v.pipe(v.string(), v.maxLength(100));
const frameCursor = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * Client → server frames of the live channel (docs/api/chat.md), one definition for the widget that
 * sends them and the socket's Durable Object that validates every frame it receives. A message's
 * content is checked by the message rule when it is stored (ChatMessageContentSchema), as a REST
 * send's is, so its errors carry the same keys.
 */
export const ChatClientFrameSchema = v.variant("type", [
  v.object({ type: v.literal("send"), conversation_id: frameId, content: v.unknown(), temp_id: v.optional(v.nullable(v.string())) }),
  v.object({ type: v.literal("typing"), conversation_id: frameId }),
  v.object({ type: v.literal("read"), conversation_id: frameId, message_id: v.optional(frameCursor) }),
  v.object({ type: v.literal("sync"), after: frameCursor }),
  v.object({ type: v.literal("presence"), member_ids: v.pipe(v.array(frameId), v.maxLength(CHAT_PRESENCE_QUERY_MAX)) }),
]);

/** What the widget sends: a frame of the schema, or the heartbeat (answered by the runtime, never validated). */
export type ChatClientFrame = v.InferInput<typeof ChatClientFrameSchema> | { type: "ping" };

/** A message as the API and the live channel answer it (docs/api/chat.md). */
export interface ChatMessageJson {
  id: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  /** When it was stored, in ms since the epoch: what the live clients order and group by (kept; docs/api/chat.md "Times"). */
  created_at: number;
  /** The same instant in ISO 8601 (UTC, ms), the API's time format. */
  sent_at: string;
  client_id: string | null;
}

export interface ChatUserJson {
  id: string;
  name: string;
  avatar: string | null;
  /** The account was deleted: no name, shown as "deleted member" (docs/api/chat.md). */
  deleted?: boolean;
}

export interface ConversationJson {
  id: string;
  type: "private";
  participants: ChatUserJson[];
  /** The other members (SPEC.md "participants ids" without me). */
  occupant_ids: string[];
  unread_count: number;
  last_read_message_id: number;
  last_message: ChatMessageJson | null;
  last_message_user_id: string | null;
  /** In ms since the epoch (kept for the live clients), as `last_message_at` and `started_at` in ISO 8601. */
  last_message_timestamp: number | null;
  created_at: number;
  last_message_at: string | null;
  started_at: string;
}

/** Server → client events, delivered to every socket of a member (workers/chat/live.ts). */
export type ChatEvent =
  | { type: "message"; message: ChatMessageJson }
  | { type: "read"; conversation_id: string; member_id: string; message_id: number }
  | { type: "typing"; conversation_id: string; member_id: string }
  | { type: "presence"; member_id: string; online: boolean }
  | { type: "conversation"; conversation: ConversationJson };

/**
 * Server → client frames of the live channel (docs/api/chat.md): the events, and the answers to
 * one socket's own frames. One definition for the member's Durable Object that sends them and the
 * widget that reads them.
 */
export type ChatServerFrame =
  | ChatEvent
  | { type: "ready"; member_id: string; online: string[] }
  | { type: "ack"; temp_id: string | null; message: ChatMessageJson }
  | { type: "presence_state"; online: string[]; checked: string[] }
  | { type: "sync"; after: number; messages: ChatMessageJson[]; has_more: boolean }
  | { type: "pong" }
  | { type: "error"; error: string; message: string; fields?: Record<string, string>; temp_id?: string | null; conversation_id?: string; retry_after?: number };

/** The initial letter a member is listed under: A–Z without accents, "#" for anything else. */
export function chatGroupLetter(name: string): string {
  const first = name.trim().normalize("NFD").replace(/[\u0300-\u036f]/g, "").charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
}

/**
 * WebSocket close codes the server ends a live socket with (docs/api/chat.md). Codes 4400–4499 say
 * the member may not use this socket any more: the client stops reconnecting (a retry would be
 * refused at the upgrade, and retried forever). Any other close is a drop, retried with backoff.
 */
export const CHAT_CLOSE = {
  /** Signed out: no live web session (only a new sign-in helps). */
  unauthenticated: 4401,
  accountDisabled: 4403,
  membershipRemoved: 4404,
} as const;

export function isFinalChatClose(code: number): boolean {
  return code >= 4400 && code <= 4499;
}
