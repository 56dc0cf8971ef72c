/**
 * Conversations (docs/api/chat.md): my list with unread counts, one conversation, its members, and
 * opening a private one. The chat's queries are raw SQL on purpose: correlated counts, json_each for
 * an IN list of any length, INSERT ... SELECT guarded by EXISTS and ON CONFLICT in one batch are what
 * keep each call to one round trip and race-free, and drizzle would only wrap the same SQL in sql``.
 */
import { CHAT_LIMITS } from "../../app/domain/chat";
import { badRequest, notFound } from "../lib/domain-errors";
import { chatPartner } from "./members";
import { avatarUrl, conversationNotFound, isConversationId, type ChatActor, type ChatMessageJson, type ChatUserJson, type ConversationJson } from "./model";

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
    `SELECT cp.conversation_id, p.member_id AS id, p.name, p.avatar_key, m.erased_at IS NOT NULL AS deleted
     FROM chat_participants cp JOIN profiles p ON p.member_id = cp.member_id JOIN members m ON m.id = cp.member_id
     WHERE cp.org_id = ?1 AND cp.conversation_id IN (SELECT value FROM json_each(?2))
     ORDER BY cp.created_at, cp.member_id`,
  )
    .bind(orgId, JSON.stringify(conversationIds))
    .all<{ conversation_id: string; id: string; name: string; avatar_key: string | null; deleted: number }>();
  for (const row of results) {
    const list = byConversation.get(row.conversation_id) ?? [];
    // An erased account (workers/account/deletion.ts) has no name: clients show "deleted member".
    list.push({ id: row.id, name: row.name, avatar: avatarUrl(row.id, row.avatar_key), ...(row.deleted ? { deleted: true } : {}) });
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
          sent_at: new Date(row.last_message_at ?? row.created_at).toISOString(),
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
    last_message_at: row.last_message_at === null ? null : new Date(row.last_message_at).toISOString(),
    started_at: new Date(row.created_at).toISOString(),
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
