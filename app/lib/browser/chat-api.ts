/**
 * The widget's REST calls. The browser holds no token, so they go to the web app's resource routes
 * (app/routes/chat.*), which call /api/{org}/chat as the signed-in member (app/lib/server/chat.server.ts).
 */
import type { ChatMessage, Conversation, UsersPage } from "../chat-model";

export type ChatResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; fields?: Record<string, string> };

async function call<T>(method: string, path: string, body?: unknown): Promise<ChatResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => null)) as { error?: string; fields?: Record<string, string> } | null;
    if (response.ok && payload) return { ok: true, status: response.status, data: payload as unknown as T };
    return { ok: false, status: response.status, error: payload?.error ?? "unknown", fields: payload?.fields };
  } catch {
    return { ok: false, status: 0, error: "network" };
  }
}

const conversationPath = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;

export const chatApi = {
  /** The launcher's badge: how many unread messages, without the conversations. */
  unread: () => call<{ unread?: number }>("GET", "/chat/conversations?summary=unread"),
  conversations: () => call<{ conversations: Conversation[] }>("GET", "/chat/conversations"),
  start: (memberId: string) => call<{ conversation: Conversation }>("POST", "/chat/conversations", { member_id: memberId }),
  /** A page of the members list: the first, or the one after `cursor` (the page before's `next_cursor`). */
  users: (cursor: string | null) => call<UsersPage>("GET", `/chat/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
  messages: (id: string, before?: number) =>
    call<{ messages: ChatMessage[]; has_more: boolean; read_up_to: Record<string, number> }>(
      "GET",
      `${conversationPath(id)}/messages${before ? `?before=${before}` : ""}`,
    ),
  send: (id: string, content: string, clientId: string) => call<{ message: ChatMessage }>("POST", `${conversationPath(id)}/messages`, { content, client_id: clientId }),
  read: (id: string, messageId?: number) =>
    call<{ last_read_message_id: number }>("PUT", `${conversationPath(id)}/read`, messageId === undefined ? {} : { message_id: messageId }),
};
