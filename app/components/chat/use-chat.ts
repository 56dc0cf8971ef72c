/**
 * The chat widget's live state: conversations from REST, then one socket for everything that happens
 * after (messages, acks, read marks, typing, presence) with catch-up on reconnect. Sending goes over
 * the socket with a temporary id (the message shows as pending until its ack), or over REST while the
 * socket is down; the same temporary id makes a resend safe.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { CHAT_LIMITS, type ChatClientFrame } from "~/domain/chat";
import { chatApi } from "~/lib/browser/chat-api";
import { chatReducer, initialChatState, newTempId, type PendingMessage, type ServerFrame } from "~/lib/chat-model";
import { ChatSocket, type SocketStatus } from "~/lib/browser/chat-socket";

/** How often at most this tab says "typing": under the 900 ms the other side waits before hiding it. */
const TYPING_SEND_MS = 500;

/** The chat message key (chat namespace) for a refused send. */
export function sendErrorKey(error: string, fields?: Record<string, string>): string {
  if (fields?.content === "chat_error_message_empty" || fields?.content === "chat_error_message_too_long") return fields.content;
  if (error === "too_many_requests") return "chat_error_rate_limited";
  if (error === "unauthenticated") return "chat_error_signed_out";
  return "chat_error_send";
}

export function useChat({ memberId, orgSlug, open }: { memberId: string; orgSlug: string; open: boolean }) {
  const [state, dispatch] = useReducer(chatReducer, memberId, initialChatState);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [wasOpen, setWasOpen] = useState(false);
  if (status === "open" && !wasOpen) setWasOpen(true);
  const [listError, setListError] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);

  const stateRef = useRef(state);
  stateRef.current = state;
  const viewingRef = useRef<string | null>(null);
  viewingRef.current = open ? activeId : null;
  const socketRef = useRef<ChatSocket | null>(null);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const typingSentAt = useRef(0);

  /** The conversation on screen right now (panel open, tab visible): its new messages are read at once. */
  const viewing = useRef((conversationId: string) =>
    viewingRef.current === conversationId && typeof document !== "undefined" && document.visibilityState === "visible",
  ).current;

  const markRead = useCallback((conversationId: string, messageId?: number) => {
    const frame: ChatClientFrame = { type: "read", conversation_id: conversationId, ...(messageId ? { message_id: messageId } : {}) };
    if (!socketRef.current?.send(frame)) void chatApi.read(conversationId, messageId);
  }, []);

  const listRequest = useRef<Promise<boolean> | null>(null);
  /** The conversation list again (one request at a time: a burst of unknown conversations asks once). */
  const loadList = useCallback(() => {
    listRequest.current ??= chatApi.conversations().then((result) => {
      listRequest.current = null;
      if (result.ok) dispatch({ type: "conversations", conversations: result.data.conversations });
      setListError(!result.ok);
      return result.ok;
    });
    return listRequest.current;
  }, []);

  const deliver = useCallback(async (pending: PendingMessage) => {
    const frame: ChatClientFrame = { type: "send", conversation_id: pending.conversation_id, content: pending.content, temp_id: pending.temp_id };
    if (socketRef.current?.send(frame)) return;
    const result = await chatApi.send(pending.conversation_id, pending.content, pending.temp_id);
    if (result.ok) dispatch({ type: "ack", temp_id: pending.temp_id, message: result.data.message });
    else dispatch({ type: "failed", temp_id: pending.temp_id, error: sendErrorKey(result.error, result.fields) });
  }, []);

  const stopTyping = useCallback((conversationId: string, who: string) => {
    const key = `${conversationId} ${who}`;
    clearTimeout(typingTimers.current.get(key));
    typingTimers.current.delete(key);
    dispatch({ type: "typing", conversation_id: conversationId, member_id: who, typing: false });
  }, []);

  const handleFrame = useCallback(
    (frame: ServerFrame) => {
      switch (frame.type) {
        case "ready":
          dispatch({ type: "online", online: frame.online });
          // Sent while the socket was down, or sent but not acknowledged before it dropped.
          for (const pending of stateRef.current.pending) if (pending.status === "sending") void deliver(pending);
          return;
        case "message":
        case "sync": {
          const messages = frame.type === "message" ? [frame.message] : frame.messages;
          const readUpTo = new Map<string, number>();
          for (const message of messages) {
            if (!stateRef.current.conversations[message.conversation_id]) void loadList();
            const onScreen = viewing(message.conversation_id);
            dispatch({ type: "message", message, viewing: onScreen });
            if (message.sender_id !== memberId) {
              stopTyping(message.conversation_id, message.sender_id);
              if (onScreen) readUpTo.set(message.conversation_id, Math.max(readUpTo.get(message.conversation_id) ?? 0, message.id));
            }
          }
          for (const [conversationId, messageId] of readUpTo) markRead(conversationId, messageId);
          if (frame.type === "sync" && frame.has_more && messages.length) {
            socketRef.current?.send({ type: "sync", after: messages[messages.length - 1].id });
          }
          return;
        }
        case "ack":
          if (frame.temp_id) dispatch({ type: "ack", temp_id: frame.temp_id, message: frame.message });
          else dispatch({ type: "message", message: frame.message, viewing: false });
          return;
        case "read":
          dispatch({ type: "read", conversation_id: frame.conversation_id, member_id: frame.member_id, message_id: frame.message_id });
          return;
        case "typing": {
          const key = `${frame.conversation_id} ${frame.member_id}`;
          clearTimeout(typingTimers.current.get(key));
          dispatch({ type: "typing", conversation_id: frame.conversation_id, member_id: frame.member_id, typing: true });
          typingTimers.current.set(
            key,
            setTimeout(() => stopTyping(frame.conversation_id, frame.member_id), CHAT_LIMITS.typingTimeoutMs),
          );
          return;
        }
        case "presence":
          dispatch({ type: "presence", member_id: frame.member_id, online: frame.online });
          return;
        case "presence_state":
          dispatch({ type: "online", online: frame.online, checked: frame.checked });
          return;
        case "conversation":
          dispatch({ type: "conversation", conversation: frame.conversation });
          return;
        case "error":
          if (frame.temp_id) dispatch({ type: "failed", temp_id: frame.temp_id, error: sendErrorKey(frame.error, frame.fields) });
          return;
      }
    },
    [memberId, deliver, loadList, markRead, stopTyping, viewing],
  );

  // The list first (it sets the catch-up cursor), then the socket.
  useEffect(() => {
    void loadList();
  }, [loadList]);

  const listLoaded = state.listLoaded;
  const started = listLoaded || listError;
  useEffect(() => {
    if (!started) return;
    const socket = new ChatSocket({ orgSlug, lastSeenId: () => stateRef.current.lastSeenId, onFrame: handleFrame, onStatus: setStatus });
    socketRef.current = socket;
    socket.start();
    const timers = typingTimers.current;
    return () => {
      socket.stop();
      socketRef.current = null;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [started, orgSlug, handleFrame]);

  /** Reads the conversation on screen up to its newest message, when something there is unread. */
  const readActive = useCallback(() => {
    const id = viewingRef.current;
    const conversation = id ? stateRef.current.conversations[id] : undefined;
    const newest = conversation?.last_message?.id;
    if (!conversation || !newest || document.visibilityState !== "visible") return;
    if (conversation.unread_count === 0 && newest <= conversation.last_read_message_id) return;
    markRead(conversation.id, newest);
    dispatch({ type: "read", conversation_id: conversation.id, member_id: memberId, message_id: newest });
  }, [markRead, memberId]);

  /** One page of history (newest first from the API): the latest one, or the one before `before`. */
  const fetchPage = useCallback(async (conversationId: string, before?: number) => {
    const result = await chatApi.messages(conversationId, before);
    if (result.ok) {
      const { messages, has_more, read_up_to } = result.data;
      dispatch({ type: "history", conversationId, messages: [...messages].reverse(), hasMore: has_more, readUpTo: read_up_to, older: before !== undefined });
    }
    return result.ok;
  }, []);

  const fetchHistory = useCallback(
    async (conversationId: string) => {
      setHistoryError(null);
      if (!(await fetchPage(conversationId))) setHistoryError(conversationId);
    },
    [fetchPage],
  );

  // Opening a conversation (or the panel again): load its history once, and read it.
  useEffect(() => {
    if (!activeId || !open) return;
    if (!stateRef.current.threads[activeId]) {
      dispatch({ type: "opening", conversationId: activeId });
      void fetchHistory(activeId);
    }
    readActive();
    document.addEventListener("visibilitychange", readActive);
    return () => document.removeEventListener("visibilitychange", readActive);
  }, [activeId, open, readActive, fetchHistory]);

  const loadOlder = useCallback(
    async (conversationId: string) => {
      const oldest = stateRef.current.threads[conversationId]?.messages[0]?.id;
      if (oldest) await fetchPage(conversationId, oldest);
    },
    [fetchPage],
  );

  const send = useCallback(
    (conversationId: string, content: string) => {
      const pending: PendingMessage = { temp_id: newTempId(), conversation_id: conversationId, content, created_at: Date.now(), status: "sending" };
      dispatch({ type: "pending", message: pending });
      void deliver(pending);
    },
    [deliver],
  );

  const retry = useCallback(
    (pending: PendingMessage) => {
      const again = { ...pending, status: "sending" as const, error: undefined };
      dispatch({ type: "pending", message: again });
      void deliver(again);
    },
    [deliver],
  );

  const typing = useCallback((conversationId: string) => {
    const now = Date.now();
    if (now - typingSentAt.current < TYPING_SEND_MS) return;
    typingSentAt.current = now;
    socketRef.current?.send({ type: "typing", conversation_id: conversationId });
  }, []);

  const start = useCallback(async (otherId: string) => {
    const result = await chatApi.start(otherId);
    if (!result.ok) return null;
    dispatch({ type: "conversation", conversation: result.data.conversation });
    // Whether the new partner is online (the socket's `conversation` event says so too when it is live).
    socketRef.current?.send({ type: "presence", member_ids: result.data.conversation.occupant_ids });
    return result.data.conversation.id;
  }, []);

  return { state, status, reconnecting: wasOpen && status !== "open" && status !== "ended",
    ended: status === "ended", listError, historyError, activeId, setActiveId, fetchHistory, loadList, loadOlder, send, retry, typing, start };
}

export type ChatController = ReturnType<typeof useChat>;
