/**
 * The chat widget's pure rules (no React, no browser): the API shapes, conversation order,
 * timestamps (SPEC.md section 9: the time for today, "yesterday", else DD/MM/YYYY), message grouping,
 * the member list's search and the state every socket event and REST answer moves through.
 * Unit-tested in tests/unit/chat-model.test.ts.
 */
import type { ChatMessageJson, ChatServerFrame, ChatUserJson, ConversationJson } from "~/domain/chat";
import type { ChatUsersPage } from "../../workers/chat/service";

export type ChatMessage = ChatMessageJson;
export type ChatUser = ChatUserJson;
export type Conversation = ConversationJson;
export type UsersPage = ChatUsersPage;

/** Server → client frames of the live channel: the one definition in app/domain/chat.ts. */
export type ServerFrame = ChatServerFrame;

/** A message of mine not yet acknowledged: shown as pending, or as failed with a retry. */
export interface PendingMessage {
  temp_id: string;
  conversation_id: string;
  content: string;
  created_at: number;
  status: "sending" | "failed";
  /** A message key (chat namespace) when it failed. */
  error?: string;
}

export interface Thread {
  /** Oldest first, by id. */
  messages: ChatMessage[];
  hasMore: boolean;
  /** member id → the last message id that member has read. */
  readUpTo: Record<string, number>;
  /** False while the first page of history is on its way (live messages already land here). */
  loaded: boolean;
}

export interface ChatState {
  me: string;
  conversations: Record<string, Conversation>;
  listLoaded: boolean;
  threads: Record<string, Thread>;
  pending: PendingMessage[];
  /** conversation id → members typing there now. */
  typing: Record<string, string[]>;
  online: Record<string, boolean>;
  /** The greatest message id seen: the catch-up cursor of the next connection. */
  lastSeenId: number;
}

export const initialChatState = (me: string): ChatState => ({
  me,
  conversations: {},
  listLoaded: false,
  threads: {},
  pending: [],
  typing: {},
  online: {},
  lastSeenId: 0,
});

export type ChatAction =
  | { type: "conversations"; conversations: Conversation[] }
  | { type: "conversation"; conversation: Conversation }
  /** The first page of a conversation's history was asked for. */
  | { type: "opening"; conversationId: string }
  | { type: "history"; conversationId: string; messages: ChatMessage[]; hasMore: boolean; readUpTo: Record<string, number>; older: boolean }
  /** A stored message; `viewing` is true when its conversation is open on screen (it is then read). */
  | { type: "message"; message: ChatMessage; viewing: boolean }
  | { type: "read"; conversation_id: string; member_id: string; message_id: number }
  | { type: "typing"; conversation_id: string; member_id: string; typing: boolean }
  | { type: "online"; online: string[]; checked?: string[] }
  | { type: "presence"; member_id: string; online: boolean }
  | { type: "pending"; message: PendingMessage }
  | { type: "ack"; temp_id: string; message: ChatMessage }
  | { type: "failed"; temp_id: string; error: string };

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;

/** Merges messages into a thread by id (live and catch-up can bring the same one twice). */
export function mergeMessages(existing: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(existing.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id) && (known.add(m.id), true));
  return fresh.length ? [...existing, ...fresh].sort(byId) : existing;
}

const stampOf = (c: Conversation) => c.last_message?.created_at ?? c.last_message_timestamp;

/** SPEC.md section 9: newest last message first; conversations without messages last, newest first. */
export function sortConversations(conversations: Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => {
    const sa = stampOf(a);
    const sb = stampOf(b);
    if (sa == null || sb == null) {
      if (sa != null) return -1;
      if (sb != null) return 1;
      return b.created_at - a.created_at;
    }
    return sb - sa || (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0);
  });
}

/** The member on the other side of a private conversation; a deleted account named `deletedName`. */
export function partnerOf(conversation: Conversation, me: string, deletedName = ""): ChatUser {
  const partner = conversation.participants.find((p) => p.id !== me) ??
    conversation.participants[0] ?? { id: conversation.occupant_ids[0] ?? "", name: "?", avatar: null };
  return partner.deleted ? { ...partner, name: deletedName } : partner;
}

export const totalUnread = (state: Pick<ChatState, "conversations">) =>
  Object.values(state.conversations).reduce((sum, c) => sum + c.unread_count, 0);

function withMessage(conversation: Conversation, message: ChatMessage, me: string, viewing: boolean): Conversation {
  const newest = (conversation.last_message?.id ?? 0) < message.id;
  const mine = message.sender_id === me;
  // Reading it on screen, or writing one myself, moves my read mark past everything before it.
  const read = mine || viewing;
  // Unread: from someone else, newer than my read mark, not counted yet (newer than the last one known).
  const counts = !read && newest && message.id > conversation.last_read_message_id;
  return {
    ...conversation,
    last_message: newest ? message : conversation.last_message,
    last_message_user_id: newest ? message.sender_id : conversation.last_message_user_id,
    last_message_timestamp: newest ? message.created_at : conversation.last_message_timestamp,
    last_message_at: newest ? message.sent_at : conversation.last_message_at,
    unread_count: read ? 0 : conversation.unread_count + (counts ? 1 : 0),
    last_read_message_id: read ? Math.max(conversation.last_read_message_id, message.id) : conversation.last_read_message_id,
  };
}

function addMessage(state: ChatState, message: ChatMessage, viewing: boolean): ChatState {
  const conversation = state.conversations[message.conversation_id];
  const thread = state.threads[message.conversation_id];
  const typing = state.typing[message.conversation_id];
  return {
    ...state,
    lastSeenId: Math.max(state.lastSeenId, message.id),
    conversations: conversation ? { ...state.conversations, [conversation.id]: withMessage(conversation, message, state.me, viewing) } : state.conversations,
    threads: thread ? { ...state.threads, [message.conversation_id]: { ...thread, messages: mergeMessages(thread.messages, [message]) } } : state.threads,
    // Their message arrived: they stopped typing it. My own message (another tab) clears my pending copy.
    typing: typing?.includes(message.sender_id) ? { ...state.typing, [message.conversation_id]: typing.filter((id) => id !== message.sender_id) } : state.typing,
    pending: message.client_id ? state.pending.filter((p) => p.temp_id !== message.client_id) : state.pending,
  };
}

/** The server's copy of a conversation, unless a newer message already reached this tab while it was on its way. */
const fresher = (known: Conversation | undefined, given: Conversation) =>
  known && (known.last_message?.id ?? 0) > (given.last_message?.id ?? 0) ? known : given;

function maxima(a: Record<string, number>, b: Record<string, number>) {
  return Object.fromEntries(Object.entries(a).map(([id, value]) => [id, Math.max(value, b[id] ?? 0)]));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "conversations": {
      const conversations = Object.fromEntries(action.conversations.map((c) => [c.id, fresher(state.conversations[c.id], c)]));
      const newest = Math.max(0, ...action.conversations.map((c) => c.last_message?.id ?? 0));
      return { ...state, conversations, listLoaded: true, lastSeenId: Math.max(state.lastSeenId, newest) };
    }
    case "conversation": {
      const conversation = fresher(state.conversations[action.conversation.id], action.conversation);
      return {
        ...state,
        conversations: { ...state.conversations, [conversation.id]: conversation },
        lastSeenId: Math.max(state.lastSeenId, conversation.last_message?.id ?? 0),
      };
    }
    case "opening":
      if (state.threads[action.conversationId]) return state;
      return { ...state, threads: { ...state.threads, [action.conversationId]: { messages: [], hasMore: false, readUpTo: {}, loaded: false } } };
    case "history": {
      const thread = state.threads[action.conversationId];
      const messages = mergeMessages(thread?.messages ?? [], action.messages);
      return {
        ...state,
        threads: {
          ...state.threads,
          [action.conversationId]: {
            messages,
            // Only a page of older messages, or the first page, says whether even older ones exist.
            hasMore: action.older || !thread?.loaded ? action.hasMore : thread.hasMore,
            readUpTo: { ...action.readUpTo, ...maxima(thread?.readUpTo ?? {}, action.readUpTo) },
            loaded: true,
          },
        },
        lastSeenId: Math.max(state.lastSeenId, ...action.messages.map((m) => m.id)),
      };
    }
    case "message":
      return addMessage(state, action.message, action.viewing);
    case "ack":
      return addMessage({ ...state, pending: state.pending.filter((p) => p.temp_id !== action.temp_id) }, action.message, false);
    case "read": {
      const conversation = state.conversations[action.conversation_id];
      const thread = state.threads[action.conversation_id];
      const mine = action.member_id === state.me;
      return {
        ...state,
        conversations:
          conversation && mine
            ? {
                ...state.conversations,
                [conversation.id]: {
                  ...conversation,
                  last_read_message_id: Math.max(conversation.last_read_message_id, action.message_id),
                  unread_count: action.message_id >= (conversation.last_message?.id ?? 0) ? 0 : conversation.unread_count,
                },
              }
            : state.conversations,
        threads: thread
          ? {
              ...state.threads,
              [action.conversation_id]: {
                ...thread,
                readUpTo: { ...thread.readUpTo, [action.member_id]: Math.max(thread.readUpTo[action.member_id] ?? 0, action.message_id) },
              },
            }
          : state.threads,
      };
    }
    case "typing": {
      const now = state.typing[action.conversation_id] ?? [];
      const has = now.includes(action.member_id);
      if (has === action.typing) return state;
      const next = action.typing ? [...now, action.member_id] : now.filter((id) => id !== action.member_id);
      return { ...state, typing: { ...state.typing, [action.conversation_id]: next } };
    }
    case "online": {
      const online = { ...state.online };
      for (const id of action.checked ?? Object.keys(online)) online[id] = false;
      for (const id of action.online) online[id] = true;
      return { ...state, online };
    }
    case "presence":
      return { ...state, online: { ...state.online, [action.member_id]: action.online } };
    case "pending":
      return { ...state, pending: [...state.pending.filter((p) => p.temp_id !== action.message.temp_id), action.message] };
    case "failed":
      return { ...state, pending: state.pending.map((p) => (p.temp_id === action.temp_id ? { ...p, status: "failed", error: action.error } : p)) };
  }
}

// ---------------------------------------------------------------------------------------------
// Time

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const pad = (n: number) => String(n).padStart(2, "0");

/** Which label a timestamp gets (SPEC.md section 9), in the browser's time zone. */
export function chatTimeKind(timestamp: number, now: number): "today" | "yesterday" | "date" {
  const at = new Date(timestamp);
  const today = new Date(now);
  if (sameDay(at, today)) return "today";
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  return sameDay(at, yesterday) ? "yesterday" : "date";
}

export const formatClock = (timestamp: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(new Date(timestamp));

export function formatDate(timestamp: number): string {
  const at = new Date(timestamp);
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
}

/** The time for today, `yesterday` (already translated) for yesterday, else DD/MM/YYYY. */
export function formatChatTime(timestamp: number, now: number, locale: string, yesterday: string): string {
  const kind = chatTimeKind(timestamp, now);
  return kind === "today" ? formatClock(timestamp, locale) : kind === "yesterday" ? yesterday : formatDate(timestamp);
}

// ---------------------------------------------------------------------------------------------
// Message groups

export interface MessageGroup {
  key: string;
  senderId: string;
  outgoing: boolean;
  messages: (ChatMessage | PendingMessage)[];
}

/** A new group starts with another sender, after this long a pause, or on another day. */
const GROUP_GAP_MS = 5 * 60_000;

export const isPending = (message: ChatMessage | PendingMessage): message is PendingMessage => "temp_id" in message;

/** Consecutive messages of one sender (close in time) form a group; my pending messages come last. */
export function groupMessages(messages: ChatMessage[], pending: PendingMessage[], me: string): MessageGroup[] {
  const groups: MessageGroup[] = [];
  const all: (ChatMessage | PendingMessage)[] = [...messages, ...pending];
  for (const message of all) {
    const sender = isPending(message) ? me : message.sender_id;
    const last = groups[groups.length - 1];
    const previous = last?.messages[last.messages.length - 1];
    if (last && last.senderId === sender && previous && message.created_at - previous.created_at < GROUP_GAP_MS && sameDay(new Date(previous.created_at), new Date(message.created_at))) {
      last.messages.push(message);
    } else {
      groups.push({ key: isPending(message) ? message.temp_id : String(message.id), senderId: sender, outgoing: sender === me, messages: [message] });
    }
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Member list

export interface UserGroup {
  letter: string;
  users: ChatUser[];
}

/** Folds case and accents, so "alv" finds "Álvaro". */
export const foldText = (text: string) =>
  text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase();

/** Joins pages of the member list (a letter can span two pages) and filters by name on the client. */
export function filterUserGroups(pages: UserGroup[][], query: string): UserGroup[] {
  const merged = new Map<string, ChatUser[]>();
  for (const groups of pages) {
    for (const group of groups) merged.set(group.letter, [...(merged.get(group.letter) ?? []), ...group.users]);
  }
  const needle = foldText(query.trim());
  const result: UserGroup[] = [];
  for (const [letter, users] of merged) {
    const found = needle ? users.filter((user) => foldText(user.name).includes(needle)) : users;
    if (found.length) result.push({ letter, users: found });
  }
  return result.sort((a, b) => (a.letter === "#" ? 1 : b.letter === "#" ? -1 : a.letter.localeCompare(b.letter)));
}

/** A temporary id for a message being sent (the API's client_id: 1–64 of A-Z a-z 0-9 _ . : -). */
export function newTempId(): string {
  const random = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Math.random()}`.slice(2);
  return `t:${Date.now().toString(36)}:${random}`;
}

/** Reconnection delay: 1 s, 2 s, 4 s ... capped at 30 s, with "equal jitter" (half fixed, half random). */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (base / 2) * random);
}
