/**
 * Live delivery (docs/decisions/006-chat-partitioning.md): one Durable Object per member of an
 * organisation holds that member's sockets. Events reach a member by a call on their object.
 */
import type { Tenant } from "../tenant/organizations";
import { forbidden, notFound } from "../lib/domain-errors";
import type { ChatEvent } from "../../app/domain/chat";

/** Who the socket belongs to, set by the Worker (workers/api/chat-socket.ts) on the upgrade it forwards. */
export const CHAT_ORG_HEADER = "x-commons-chat-org";
export const CHAT_MEMBER_HEADER = "x-commons-chat-member";

/** Server → client events: one definition with the client's (app/domain/chat.ts). */
export type { ChatEvent };

/** The object of one member in one organisation: the org id is part of the name, so nothing crosses. */
export function memberObject(env: Env, orgId: string, memberId: string) {
  return env.CHAT_MEMBERS.get(env.CHAT_MEMBERS.idFromName(`${orgId}:${memberId}`));
}

/**
 * Hands an event to each member's object. A failed delivery is logged, not thrown: the message is
 * already stored, and a client that missed it catches up on reconnect. Answers the members who had
 * no socket open (their chat is closed: a message may reach them by push instead, decision 046).
 */
export async function deliver(env: Env, orgId: string, memberIds: string[], event: ChatEvent): Promise<string[]> {
  const results = await Promise.allSettled(memberIds.map((id) => memberObject(env, orgId, id).deliver(event)));
  const closed: string[] = [];
  results.forEach((result, at) => {
    if (result.status === "rejected") {
      console.error(JSON.stringify({ level: "error", msg: "chat delivery failed", event: event.type, error: String(result.reason) }));
    } else if (result.value === false) closed.push(memberIds[at]);
  });
  return closed;
}

/** Chat is a per-organisation feature (off: 404, as for a page that does not exist); role system never chats (403). */
export function assertChatAllowed(org: Pick<Tenant, "community">, role: string) {
  if (!org.community.features.chat) throw notFound("chat_disabled", "Chat is not available in this organisation.");
  if (role === "system") throw forbidden("chat_forbidden", "This account cannot use chat.");
}
