/**
 * Messages (docs/api/chat.md): history, sending (validated, rate-limited, idempotent by client id),
 * read marks and the reconnect catch-up. Raw SQL for the reasons given in ./conversations.ts.
 */
import * as v from "valibot";
import { CHAT_LIMITS, ChatMessageContentSchema } from "../../app/domain/chat";
import { conflict, RateLimitedError } from "../lib/domain-errors";
import { refuseIllFormedText } from "../lib/json-body";
import { countInWindowSql, RATE_LIMITS, secondsLeftInWindow, windowStartOf } from "../lib/rate-limit";
import { invalidInput } from "../lib/validation";
import { conversationMembers } from "./conversations";
import { conversationNotFound, isConversationId, MESSAGE_COLUMNS, messageJson, type ChatActor, type ChatMessageJson, type MessageRow } from "./model";

/** Messages one member may send: a burst of 20, then about two a second. */
export const CHAT_SEND_LIMIT = RATE_LIMITS.chat_message.account;

/**
 * A conversation's messages, newest first, older than `before` (a message id) when given; the
 * next page's cursor is the last one's id (docs/api/chat.md).
 */
export async function listMessages(env: Env, actor: ChatActor, conversationId: string, before?: number, limit: number = CHAT_LIMITS.historyLimit) {
  const members = await conversationMembers(env, actor, conversationId);
  const [messages, reads] = await env.DB.batch<MessageRow & { member_id?: string; last_read_message_id?: number }>([
    env.DB.prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
       WHERE m.org_id = ?1 AND m.conversation_id = ?2 AND m.id < ?3 ORDER BY m.id DESC LIMIT ?4`,
    ).bind(actor.orgId, conversationId, before ?? Number.MAX_SAFE_INTEGER, limit + 1),
    env.DB.prepare("SELECT member_id, last_read_message_id FROM chat_participants WHERE org_id = ? AND conversation_id = ?").bind(actor.orgId, conversationId),
  ]);
  const rows = messages.results as MessageRow[];
  return {
    conversation_id: conversationId,
    messages: rows.slice(0, limit).map(messageJson),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit ? String(rows[limit - 1].id) : null,
    /** member id → the last message id that member has read (read receipts). */
    read_up_to: Object.fromEntries(reads.results.map((r) => [r.member_id!, r.last_read_message_id!])),
    members,
  };
}

const ClientIdSchema = v.optional(v.nullable(v.pipe(v.string("form_error_invalid"), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/, "form_error_invalid"))));

const SendSchema = v.object({ content: ChatMessageContentSchema, client_id: ClientIdSchema });

export interface SentMessage {
  message: ChatMessageJson;
  /** Every member of the conversation, sender included. */
  members: string[];
  /** True when this client id was already stored: nothing new to deliver. */
  duplicate: boolean;
}

async function messageByClientId(env: Env, actor: ChatActor, clientId: string) {
  return env.DB.prepare(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.sender_member_id = ? AND m.client_id = ? AND m.org_id = ?`)
    .bind(actor.memberId, clientId, actor.orgId)
    .first<MessageRow>();
}

/**
 * Validates, rate-limits and stores one message; answers only once it is in D1 (the sender's
 * acknowledgement carries the stored message). One batch, so one round trip and one transaction:
 * count the attempt (the fixed window of workers/lib/rate-limit.ts, same table), insert when the
 * sender takes part and is within the limit, update the conversation's last message and the
 * sender's read mark (the sender has read everything up to their own message), list the members.
 * Only when nothing was inserted do we look at why.
 */
export async function sendChatMessage(env: Env, actor: ChatActor, conversationId: unknown, body: unknown): Promise<SentMessage> {
  // A socket frame's text is checked as a JSON body's is (no NUL, no lone surrogate).
  refuseIllFormedText(body);
  const parsed = v.safeParse(SendSchema, body);
  if (!parsed.success) throw invalidInput(parsed.issues);
  const { content, client_id: clientId = null } = parsed.output;
  if (!isConversationId(conversationId)) throw conversationNotFound();

  const now = Date.now();
  const windowStart = windowStartOf(now, CHAT_SEND_LIMIT);
  const key = `chat_message:${actor.orgId}:${actor.memberId}`;
  // ?1 org, ?2 conversation, ?3 sender, ?4 client id
  const takesPart = "EXISTS (SELECT 1 FROM chat_participants WHERE conversation_id = ?2 AND member_id = ?3 AND org_id = ?1)";
  const isResend = "EXISTS (SELECT 1 FROM chat_messages WHERE sender_member_id = ?3 AND client_id = ?4)";
  const [counted, inserted, , , participants] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(countInWindowSql(`SELECT ?5, ?6, 1 WHERE ${takesPart} AND NOT ${isResend}`, "?6", "1")).bind(actor.orgId, conversationId, actor.memberId, clientId, key, windowStart),
    env.DB.prepare(
      `INSERT INTO chat_messages (org_id, conversation_id, sender_member_id, client_id, content, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${takesPart} AND (SELECT count FROM rate_limits WHERE key = ?7) <= ?8
       ON CONFLICT DO NOTHING
       RETURNING id, conversation_id, sender_member_id, content, created_at, client_id`,
    ).bind(actor.orgId, conversationId, actor.memberId, clientId, content, now, key, CHAT_SEND_LIMIT.max),
    env.DB.prepare(
      `UPDATE chat_conversations SET (last_message_id, last_message_at, last_message_content, last_message_member_id) =
         (SELECT id, created_at, content, sender_member_id FROM chat_messages WHERE conversation_id = ?2 ORDER BY id DESC LIMIT 1)
       WHERE id = ?2 AND org_id = ?1 AND last_message_id IS NOT (SELECT max(id) FROM chat_messages WHERE conversation_id = ?2)`,
    ).bind(actor.orgId, conversationId),
    env.DB.prepare(
      `UPDATE chat_participants SET last_read_message_id = max(last_read_message_id,
         coalesce((SELECT max(id) FROM chat_messages WHERE conversation_id = ?2 AND sender_member_id = ?3), 0))
       WHERE conversation_id = ?2 AND member_id = ?3 AND org_id = ?1`,
    ).bind(actor.orgId, conversationId, actor.memberId),
    env.DB.prepare("SELECT member_id FROM chat_participants WHERE conversation_id = ?2 AND org_id = ?1").bind(actor.orgId, conversationId),
  ]);
  const members = participants.results.map((row) => row.member_id as string);
  const row = inserted.results[0] as unknown as MessageRow | undefined;
  if (row) return { message: messageJson(row), members, duplicate: false };

  if (!members.includes(actor.memberId)) throw conversationNotFound();
  const earlier = clientId ? await messageByClientId(env, actor, clientId) : null;
  if (earlier) {
    if (earlier.conversation_id !== conversationId) throw conflict("client_id_in_use", "This client id names another message.");
    return { message: messageJson(earlier), members, duplicate: true };
  }
  const count = counted.results[0] as { count: number; window_start: number } | undefined;
  const retryAfter = secondsLeftInWindow(count?.window_start ?? windowStart, CHAT_SEND_LIMIT, now);
  throw new RateLimitedError("too_many_requests", "Too many messages; wait a moment.", retryAfter);
}

/** Marks a conversation read up to `messageId` (default: its newest message); never moves backwards. */
export async function markRead(env: Env, actor: ChatActor, conversationId: unknown, messageId?: number) {
  const members = await conversationMembers(env, actor, conversationId);
  const row = await env.DB.prepare(
    `UPDATE chat_participants SET last_read_message_id = max(last_read_message_id,
       min(?1, (SELECT coalesce(last_message_id, 0) FROM chat_conversations WHERE id = ?2)))
     WHERE conversation_id = ?2 AND member_id = ?3 AND org_id = ?4 RETURNING last_read_message_id`,
  )
    .bind(messageId ?? Number.MAX_SAFE_INTEGER, conversationId, actor.memberId, actor.orgId)
    .first<{ last_read_message_id: number }>();
  return { conversation_id: conversationId as string, last_read_message_id: row?.last_read_message_id ?? 0, members };
}

/** Messages of all my conversations stored after message `after`, oldest first (reconnect catch-up). */
export async function missedMessages(env: Env, actor: ChatActor, after: number, limit: number = CHAT_LIMITS.historyLimit) {
  const { results } = await env.DB.prepare(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_participants me
     JOIN chat_messages m ON m.conversation_id = me.conversation_id AND m.id > ?3
     WHERE me.org_id = ?1 AND me.member_id = ?2 AND m.org_id = ?1
     ORDER BY m.id LIMIT ?4`,
  )
    .bind(actor.orgId, actor.memberId, after, limit + 1)
    .all<MessageRow>();
  return { messages: results.slice(0, limit).map(messageJson), has_more: results.length > limit };
}
