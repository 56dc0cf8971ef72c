/**
 * The chat's shapes (docs/api/chat.md) and the small rules every chat module shares: who acts, how a
 * message and a member look in JSON, which conversation ids can exist.
 */
import type { ChatMessageJson, ChatUserJson, ConversationJson } from "../../app/domain/chat";
import { notFound } from "../lib/domain-errors";

/** Who is acting: a member inside one organisation. */
export interface ChatActor {
  orgId: string;
  memberId: string;
}

// The JSON shapes are the client's too: one definition in app/domain/chat.ts.
export type { ChatMessageJson, ChatUserJson, ConversationJson };

export interface MessageRow {
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
  sent_at: new Date(row.created_at).toISOString(),
  client_id: row.client_id,
});

export { avatarUrl } from "../profile/avatar-url";

export const conversationNotFound = () => notFound("conversation_not_found", "The conversation cannot be found.");

/** Conversation ids are server-made UUIDs; anything else cannot exist (and never reaches SQL). */
export const isConversationId = (id: unknown): id is string =>
  typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

export const MESSAGE_COLUMNS = "m.id, m.conversation_id, m.sender_member_id, m.content, m.created_at, m.client_id";

export interface ChatUsersPage {
  groups: { letter: string; users: ChatUserJson[] }[];
  /** The next page's `cursor`, null on the last page (docs/api/pagination.md). */
  next_cursor: string | null;
}
