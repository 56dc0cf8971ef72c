/**
 * Who I can chat with: the organisation's enabled members other than me and the system role, and the
 * members I already share a conversation with. Raw SQL, like the rest of workers/chat: see
 * ./conversations.ts for why.
 */
import { CHAT_LIMITS, chatGroupLetter } from "../../app/domain/chat";
import { encodeMemberCursor, type MemberCursor } from "../lib/member-cursor";
import { avatarUrl, type ChatActor, type ChatUserJson, type ChatUsersPage } from "./model";

/**
 * Members of the organisation other than me and role system, by name, a page of `limit` after
 * `cursor` (the `next_cursor` of the page before). Keyset on the membership's kept sort key (the
 * lowercased name; decision 043) on memberships_org_sort_idx, so a page reads its own rows however
 * deep it is, and no page counts the organisation. Groups are by initial (accents folded: "Álvaro"
 * is under A); SQL orders the pages, the collator orders names within a group.
 */
export async function listChatUsers(env: Env, actor: ChatActor, page: { cursor?: MemberCursor; limit?: number }): Promise<ChatUsersPage> {
  const limit = page.limit ?? CHAT_LIMITS.usersPageSize;
  // The cursor's condition only when there is one: an `is null or` would keep the planner from the index range.
  const after = page.cursor ? "AND (ms.sort_key, ms.member_id) > (?4, ?5)" : "";
  const { results } = await env.DB.prepare(
    `SELECT p.member_id AS id, p.name AS name, p.avatar_key AS avatar_key, ms.sort_key AS sort_key
     FROM memberships ms
     JOIN members m ON m.id = ms.member_id
     JOIN profiles p ON p.member_id = ms.member_id
     WHERE ms.org_id = ?1 AND ms.member_id != ?2 AND ms.role != 'system' AND m.disabled_at IS NULL ${after}
     ORDER BY ms.sort_key, ms.member_id LIMIT ?3`,
  )
    .bind(actor.orgId, actor.memberId, limit + 1, ...(page.cursor ?? []))
    .all<{ id: string; name: string; avatar_key: string | null; sort_key: string }>();
  const rows = results.slice(0, limit);
  const collator = new Intl.Collator("en", { sensitivity: "base" });
  const byLetter = new Map<string, ChatUserJson[]>();
  for (const row of rows) {
    const user = { id: row.id, name: row.name, avatar: avatarUrl(row.id, row.avatar_key ?? null) };
    const letter = chatGroupLetter(user.name);
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), user]);
  }
  const groups = [...byLetter.entries()]
    .sort(([a], [b]) => (a === "#" ? 1 : b === "#" ? -1 : a.localeCompare(b)))
    .map(([letter, users]) => ({ letter, users: users.sort((a, b) => collator.compare(a.name, b.name)) }));
  const last = rows.at(-1);
  return { groups, next_cursor: results.length > limit && last ? encodeMemberCursor([last.sort_key, last.id]) : null };
}

/** A member of the organisation I may open a private conversation with, or null. */
export async function chatPartner(env: Env, actor: ChatActor, memberId: string): Promise<ChatUserJson | null> {
  const row = await env.DB.prepare(
    `SELECT p.member_id AS id, p.name AS name, p.avatar_key AS avatar_key
     FROM memberships ms JOIN members m ON m.id = ms.member_id JOIN profiles p ON p.member_id = ms.member_id
     WHERE ms.org_id = ? AND ms.member_id = ? AND ms.role != 'system' AND m.disabled_at IS NULL`,
  )
    .bind(actor.orgId, memberId)
    .first<{ id: string; name: string; avatar_key: string | null }>();
  return row ? { id: row.id, name: row.name, avatar: avatarUrl(row.id, row.avatar_key) } : null;
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
