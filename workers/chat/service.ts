/**
 * Chat data (docs/api/chat.md): every read and write of conversations and messages, scoped by the
 * organisation and checked against the member's participation. The REST routes (workers/api/chat.ts)
 * and the member's Durable Object (durable-objects/chat-member.ts) both go through here, so the
 * rules (validation, rate limit, isolation) are the same on either path.
 */
import * as v from "valibot";
import { CHAT_LIMITS, ChatMessageContentSchema, chatGroupLetter } from "../../app/domain/chat";
import { badRequest, conflict, notFound, RateLimitedError } from "../lib/domain-errors";
import { invalidInput } from "../lib/validation";

/** Who is acting: a member inside one organisation. */
export interface ChatActor {
  orgId: string;
  memberId: string;
}

/** Messages one member may send: a burst of 20, then about two a second. */
export const CHAT_SEND_LIMIT = { max: 20, windowSeconds: 10 };

export interface ChatMessageJson {
  id: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: number;
  client_id: string | null;
}

export interface ChatUserJson {
  id: string;
  name: string;
  avatar: string | null;
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
  last_message_timestamp: number | null;
  created_at: number;
}

interface MessageRow {
  id: number;
  conversation_id: string;
  sender_member_id: string;
  content: string;
  created_at: number;
  client_id: string | null;
}

export const messageJson = (row: MessageRow): ChatMessageJson => ({
  id: row.id,
  conversation_id: row.conversation_id,
  sender_id: row.sender_member_id,
  content: row.content,
  created_at: row.created_at,
  client_id: row.client_id,
});

const avatarUrl = (memberId: string, avatarKey: string | null) => (avatarKey ? `/api/files/avatar/${memberId}` : null);

const conversationNotFound = () => notFound("conversation_not_found", "The conversation cannot be found.");

/** Conversation ids are server-made UUIDs; anything else cannot exist (and never reaches SQL). */
export const isConversationId = (id: unknown): id is string =>
  typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

const MESSAGE_COLUMNS = "m.id, m.conversation_id, m.sender_member_id, m.content, m.created_at, m.client_id";

// ---------------------------------------------------------------------------------------------
// Members I can chat with

export interface ChatUsersPage {
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
  groups: { letter: string; users: ChatUserJson[] }[];
}

/**
 * Members of the organisation other than me and role system, by name. Groups are by initial (accents
 * folded: "Álvaro" is under A); SQL orders the pages, the collator orders names within a group.
 */
export async function listChatUsers(env: Env, actor: ChatActor, page: number): Promise<ChatUsersPage> {
  const perPage = CHAT_LIMITS.usersPageSize;
  const where = `FROM memberships ms
    JOIN members m ON m.id = ms.member_id
    JOIN profiles p ON p.member_id = ms.member_id
    WHERE ms.org_id = ?1 AND ms.member_id != ?2 AND ms.role != 'system' AND m.disabled_at IS NULL`;
  const [count, rows] = await env.DB.batch<{ total?: number; id?: string; name?: string; avatar_key?: string | null }>([
    env.DB.prepare(`SELECT count(*) AS total ${where}`).bind(actor.orgId, actor.memberId),
    env.DB.prepare(
      `SELECT p.member_id AS id, p.name AS name, p.avatar_key AS avatar_key ${where}
       ORDER BY p.name COLLATE NOCASE, p.member_id LIMIT ?3 OFFSET ?4`,
    ).bind(actor.orgId, actor.memberId, perPage, (page - 1) * perPage),
  ]);
  const total = Number(count.results[0]?.total ?? 0);
  const collator = new Intl.Collator("en", { sensitivity: "base" });
  const byLetter = new Map<string, ChatUserJson[]>();
  for (const row of rows.results) {
    const user = { id: row.id!, name: row.name!, avatar: avatarUrl(row.id!, row.avatar_key ?? null) };
    const letter = chatGroupLetter(user.name);
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), user]);
  }
  const groups = [...byLetter.entries()]
    .sort(([a], [b]) => (a === "#" ? 1 : b === "#" ? -1 : a.localeCompare(b)))
    .map(([letter, users]) => ({ letter, users: users.sort((a, b) => collator.compare(a.name, b.name)) }));
  return { page, per_page: perPage, total, has_more: page * perPage < total, groups };
}

/** A member of the organisation I may open a private conversation with, or null. */
async function chatPartner(env: Env, actor: ChatActor, memberId: string): Promise<ChatUserJson | null> {
  const row = await env.DB.prepare(
    `SELECT p.member_id AS id, p.name AS name, p.avatar_key AS avatar_key
     FROM memberships ms JOIN members m ON m.id = ms.member_id JOIN profiles p ON p.member_id = ms.member_id
     WHERE ms.org_id = ? AND ms.member_id = ? AND ms.role != 'system' AND m.disabled_at IS NULL`,
  )
    .bind(actor.orgId, memberId)
    .first<{ id: string; name: string; avatar_key: string | null }>();
  return row ? { id: row.id, name: row.name, avatar: avatarUrl(row.id, row.avatar_key) } : null;
}

// ---------------------------------------------------------------------------------------------
// Conversations

interface ConversationRow {
  id: string;
  created_at: number;
  last_message_id: number | null;
  last_message_at: number | null;
  last_message_content: string | null;
  last_message_member_id: string | null;
  last_read_message_id: number;
  unread_count: number;
}

const CONVERSATION_QUERY = `
  SELECT c.id, c.created_at, c.last_message_id, c.last_message_at, c.last_message_content, c.last_message_member_id,
    me.last_read_message_id,
    (SELECT count(*) FROM chat_messages m
      WHERE m.conversation_id = c.id AND m.id > me.last_read_message_id AND m.sender_member_id != me.member_id) AS unread_count
  FROM chat_participants me JOIN chat_conversations c ON c.id = me.conversation_id AND c.org_id = me.org_id
  WHERE me.org_id = ?1 AND me.member_id = ?2`;

async function participantsOf(env: Env, orgId: string, conversationIds: string[]) {
  const byConversation = new Map<string, ChatUserJson[]>();
  if (conversationIds.length === 0) return byConversation;
  // json_each keeps this one statement however many conversations there are (up to 1000).
  const { results } = await env.DB.prepare(
    `SELECT cp.conversation_id, p.member_id AS id, p.name, p.avatar_key
     FROM chat_participants cp JOIN profiles p ON p.member_id = cp.member_id
     WHERE cp.org_id = ?1 AND cp.conversation_id IN (SELECT value FROM json_each(?2))
     ORDER BY cp.created_at, cp.member_id`,
  )
    .bind(orgId, JSON.stringify(conversationIds))
    .all<{ conversation_id: string; id: string; name: string; avatar_key: string | null }>();
  for (const row of results) {
    const list = byConversation.get(row.conversation_id) ?? [];
    list.push({ id: row.id, name: row.name, avatar: avatarUrl(row.id, row.avatar_key) });
    byConversation.set(row.conversation_id, list);
  }
  return byConversation;
}

function conversationJson(actor: ChatActor, row: ConversationRow, participants: ChatUserJson[]): ConversationJson {
  const last: ChatMessageJson | null =
    row.last_message_id === null
      ? null
      : {
          id: row.last_message_id,
          conversation_id: row.id,
          sender_id: row.last_message_member_id ?? "",
          content: row.last_message_content ?? "",
          created_at: row.last_message_at ?? row.created_at,
          client_id: null,
        };
  return {
    id: row.id,
    type: "private",
    participants,
    occupant_ids: participants.map((p) => p.id).filter((id) => id !== actor.memberId),
    unread_count: Number(row.unread_count),
    last_read_message_id: row.last_read_message_id,
    last_message: last,
    last_message_user_id: row.last_message_member_id,
    last_message_timestamp: row.last_message_at,
    created_at: row.created_at,
  };
}

/** My conversations: newest last message first, conversations without messages last (newest first). */
export async function listConversations(env: Env, actor: ChatActor): Promise<ConversationJson[]> {
  const { results } = await env.DB.prepare(
    `${CONVERSATION_QUERY}
     ORDER BY c.last_message_at IS NULL, c.last_message_at DESC, c.created_at DESC, c.id
     LIMIT ?3`,
  )
    .bind(actor.orgId, actor.memberId, CHAT_LIMITS.conversationsLimit)
    .all<ConversationRow>();
  const participants = await participantsOf(env, actor.orgId, results.map((row) => row.id));
  return results.map((row) => conversationJson(actor, row, participants.get(row.id) ?? []));
}

/** One of my conversations, as the list shows it; 404 when it is not mine (or not in this organisation). */
export async function getConversation(env: Env, actor: ChatActor, conversationId: string): Promise<ConversationJson> {
  if (!isConversationId(conversationId)) throw conversationNotFound();
  const row = await env.DB.prepare(`${CONVERSATION_QUERY} AND c.id = ?3`)
    .bind(actor.orgId, actor.memberId, conversationId)
    .first<ConversationRow>();
  if (!row) throw conversationNotFound();
  const participants = await participantsOf(env, actor.orgId, [row.id]);
  return conversationJson(actor, row, participants.get(row.id) ?? []);
}

/** The member ids of a conversation I take part in; 404 otherwise. */
export async function conversationMembers(env: Env, actor: ChatActor, conversationId: unknown): Promise<string[]> {
  if (!isConversationId(conversationId)) throw conversationNotFound();
  const { results } = await env.DB.prepare(
    `SELECT cp.member_id FROM chat_participants cp
     WHERE cp.org_id = ?1 AND cp.conversation_id = ?2
       AND EXISTS (SELECT 1 FROM chat_participants me WHERE me.conversation_id = ?2 AND me.member_id = ?3 AND me.org_id = ?1)`,
  )
    .bind(actor.orgId, conversationId, actor.memberId)
    .all<{ member_id: string }>();
  if (results.length === 0) throw conversationNotFound();
  return results.map((row) => row.member_id);
}

/** Starts, or finds, the private conversation between me and one member. */
export async function openPrivateConversation(env: Env, actor: ChatActor, memberId: string) {
  if (memberId === actor.memberId) {
    throw badRequest("validation_error", "You cannot chat with yourself.", { member_id: "chat_error_self" });
  }
  const partner = await chatPartner(env, actor, memberId);
  if (!partner) throw notFound("member_not_found", "The member cannot be found.");
  const pairKey = [actor.memberId, memberId].sort().join(" ");
  const id = crypto.randomUUID();
  // Racing requests for the same pair: the unique pair key keeps one; participants join that one.
  const joinStatement = (member: string) =>
    env.DB.prepare(
      `INSERT OR IGNORE INTO chat_participants (conversation_id, member_id, org_id)
       SELECT id, ?1, org_id FROM chat_conversations WHERE org_id = ?2 AND pair_key = ?3`,
    ).bind(member, actor.orgId, pairKey);
  const [inserted] = await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO chat_conversations (id, org_id, type, pair_key) VALUES (?, ?, 'private', ?)").bind(id, actor.orgId, pairKey),
    joinStatement(actor.memberId),
    joinStatement(memberId),
  ]);
  const created = inserted.meta.changes === 1;
  const existing = created
    ? id
    : (await env.DB.prepare("SELECT id FROM chat_conversations WHERE org_id = ? AND pair_key = ?").bind(actor.orgId, pairKey).first<{ id: string }>())!.id;
  return { conversation: await getConversation(env, actor, existing), created, members: [actor.memberId, memberId] };
}

// ---------------------------------------------------------------------------------------------
// Messages

/** A conversation's messages, newest first, older than `before` (a message id) when given. */
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
  const parsed = v.safeParse(SendSchema, body);
  if (!parsed.success) throw invalidInput(parsed.issues);
  const { content, client_id: clientId = null } = parsed.output;
  if (!isConversationId(conversationId)) throw conversationNotFound();

  const now = Date.now();
  const windowMs = CHAT_SEND_LIMIT.windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const key = `chat_message:${actor.orgId}:${actor.memberId}`;
  // ?1 org, ?2 conversation, ?3 sender, ?4 client id
  const takesPart = "EXISTS (SELECT 1 FROM chat_participants WHERE conversation_id = ?2 AND member_id = ?3 AND org_id = ?1)";
  const isResend = "EXISTS (SELECT 1 FROM chat_messages WHERE sender_member_id = ?3 AND client_id = ?4)";
  const [counted, inserted, , , participants] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `INSERT INTO rate_limits (key, window_start, count) SELECT ?5, ?6, 1 WHERE ${takesPart} AND NOT ${isResend}
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start < ?6 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start < ?6 THEN ?6 ELSE window_start END
       RETURNING count, window_start`,
    ).bind(actor.orgId, conversationId, actor.memberId, clientId, key, windowStart),
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
  const retryAfter = Math.max(1, Math.ceil(((count?.window_start ?? windowStart) + windowMs - now) / 1000));
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

/** Everyone I share a conversation with: whose presence I see, and who sees mine. */
export async function chatPartners(env: Env, actor: ChatActor): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT other.member_id FROM chat_participants me
     JOIN chat_participants other ON other.conversation_id = me.conversation_id AND other.member_id != me.member_id
     WHERE me.org_id = ? AND me.member_id = ? LIMIT 1000`,
  )
    .bind(actor.orgId, actor.memberId)
    .all<{ member_id: string }>();
  return results.map((row) => row.member_id);
}

/** Whether this member of the organisation may use chat; checked before the socket is handed over. */
export async function chatRole(env: Env, orgId: string, memberId: string): Promise<string | null> {
  const row = await env.DB.prepare(
    "SELECT ms.role FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE ms.org_id = ? AND ms.member_id = ? AND m.disabled_at IS NULL",
  )
    .bind(orgId, memberId)
    .first<{ role: string }>();
  return row?.role ?? null;
}
