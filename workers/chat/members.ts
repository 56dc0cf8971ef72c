/**
 * Who I can chat with: the organisation's enabled members other than me and the system role, and the
 * members I already share a conversation with. Raw SQL, like the rest of workers/chat: see
 * ./conversations.ts for why.
 */
import { CHAT_LIMITS, chatGroupLetter } from "../../app/domain/chat";
import { avatarUrl, type ChatActor, type ChatUserJson, type ChatUsersPage } from "./model";

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
