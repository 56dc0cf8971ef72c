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
  accountDisabled: 4403,
  membershipRemoved: 4404,
} as const;

export function isFinalChatClose(code: number): boolean {
  return code >= 4400 && code <= 4499;
}
