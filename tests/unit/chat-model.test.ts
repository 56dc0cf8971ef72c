import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  chatReducer,
  chatTimeKind,
  filterUserGroups,
  formatChatTime,
  groupMessages,
  initialChatState,
  mergeMessages,
  newTempId,
  partnerOf,
  sortConversations,
  totalUnread,
  type ChatMessage,
  type Conversation,
} from "../../app/lib/chat-model";

const ME = "me";
const OTHER = "carlos";

const message = (id: number, sender = OTHER, conversation = "c1", at = 1_000 * id): ChatMessage => ({
  id,
  conversation_id: conversation,
  sender_id: sender,
  content: `m${id}`,
  created_at: at,
  sent_at: new Date(at).toISOString(),
  client_id: null,
});

const conversation = (id: string, last: ChatMessage | null, extra: Partial<Conversation> = {}): Conversation => ({
  id,
  type: "private",
  participants: [
    { id: ME, name: "Me", avatar: null },
    { id: OTHER, name: "Carlos", avatar: null },
  ],
  occupant_ids: [OTHER],
  unread_count: 0,
  last_read_message_id: 0,
  last_message: last,
  last_message_user_id: last?.sender_id ?? null,
  last_message_timestamp: last?.created_at ?? null,
  created_at: 10,
  last_message_at: last?.sent_at ?? null,
  started_at: new Date(10).toISOString(),
  ...extra,
});

describe("conversation order (SPEC.md section 9)", () => {
  it("puts the newest last message first and conversations without messages last, newest first", () => {
    const sorted = sortConversations([
      conversation("empty-old", null, { created_at: 1 }),
      conversation("old", message(1)),
      conversation("empty-new", null, { created_at: 5 }),
      conversation("new", message(2, OTHER, "new", 9_000)),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(["new", "old", "empty-new", "empty-old"]);
  });
});

describe("timestamps", () => {
  const now = new Date(2026, 4, 20, 15, 30).getTime();
  it("shows the time for today, 'yesterday', else DD/MM/YYYY", () => {
    expect(chatTimeKind(new Date(2026, 4, 20, 0, 1).getTime(), now)).toBe("today");
    expect(formatChatTime(new Date(2026, 4, 20, 9, 5).getTime(), now, "en-GB", "Yesterday")).toBe("09:05");
    expect(formatChatTime(new Date(2026, 4, 19, 23, 59).getTime(), now, "en-GB", "Yesterday")).toBe("Yesterday");
    expect(formatChatTime(new Date(2026, 4, 18, 12, 0).getTime(), now, "en-GB", "Yesterday")).toBe("18/05/2026");
    expect(formatChatTime(new Date(2025, 11, 31, 12, 0).getTime(), new Date(2026, 0, 1, 8).getTime(), "en-GB", "Yesterday")).toBe("Yesterday");
  });
});

describe("message groups", () => {
  it("groups consecutive messages of one sender and splits on sender, a long pause or a new day", () => {
    const groups = groupMessages(
      [message(1, OTHER, "c1", 0), message(2, OTHER, "c1", 60_000), message(3, ME, "c1", 70_000), message(4, ME, "c1", 70_000 + 6 * 60_000)],
      [{ temp_id: "t1", conversation_id: "c1", content: "p", created_at: 70_000 + 6 * 60_000 + 1, status: "sending" }],
      ME,
    );
    expect(groups.map((g) => [g.outgoing, g.messages.length])).toEqual([
      [false, 2],
      [true, 1],
      [true, 2],
    ]);
  });
});

describe("the chat state", () => {
  const loaded = () =>
    chatReducer(initialChatState(ME), {
      type: "conversations",
      conversations: [conversation("c1", message(3), { last_read_message_id: 3 }), conversation("c2", message(5, OTHER, "c2"), { unread_count: 1, last_read_message_id: 4 })],
    });

  it("sets the catch-up cursor from the list", () => {
    expect(loaded().lastSeenId).toBe(5);
    expect(totalUnread(loaded())).toBe(1);
  });

  it("raises the unread count of a conversation not on screen, once per message", () => {
    let state = chatReducer(loaded(), { type: "message", message: message(6), viewing: false });
    state = chatReducer(state, { type: "message", message: message(6), viewing: false });
    expect(state.conversations.c1.unread_count).toBe(1);
    expect(state.conversations.c1.last_message?.id).toBe(6);
    expect(state.lastSeenId).toBe(6);
  });

  it("appends to the open conversation and keeps it read", () => {
    let state = chatReducer(loaded(), { type: "opening", conversationId: "c1" });
    state = chatReducer(state, { type: "message", message: message(7), viewing: true });
    state = chatReducer(state, { type: "history", conversationId: "c1", messages: [message(3), message(7)], hasMore: false, readUpTo: { [OTHER]: 3 }, older: false });
    expect(state.threads.c1.messages.map((m) => m.id)).toEqual([3, 7]);
    expect(state.conversations.c1.unread_count).toBe(0);
    expect(state.conversations.c1.last_read_message_id).toBe(7);
  });

  it("replaces a pending message by the acknowledged one", () => {
    let state = chatReducer(loaded(), { type: "opening", conversationId: "c1" });
    state = chatReducer(state, { type: "pending", message: { temp_id: "t1", conversation_id: "c1", content: "hi", created_at: 1, status: "sending" } });
    expect(state.pending).toHaveLength(1);
    state = chatReducer(state, { type: "ack", temp_id: "t1", message: { ...message(8, ME), client_id: "t1" } });
    expect(state.pending).toHaveLength(0);
    expect(state.threads.c1.messages.map((m) => m.id)).toEqual([8]);
    state = chatReducer(state, { type: "failed", temp_id: "nope", error: "x" });
    expect(state.pending).toHaveLength(0);
  });

  it("clears my unread count on my own read mark and records the partner's for receipts", () => {
    let state = chatReducer(loaded(), { type: "opening", conversationId: "c2" });
    state = chatReducer(state, { type: "read", conversation_id: "c2", member_id: ME, message_id: 5 });
    expect(state.conversations.c2.unread_count).toBe(0);
    state = chatReducer(state, { type: "read", conversation_id: "c2", member_id: OTHER, message_id: 5 });
    expect(state.threads.c2.readUpTo[OTHER]).toBe(5);
  });

  it("stops the typing indicator when the typist's message arrives", () => {
    let state = chatReducer(loaded(), { type: "typing", conversation_id: "c1", member_id: OTHER, typing: true });
    expect(state.typing.c1).toEqual([OTHER]);
    state = chatReducer(state, { type: "message", message: message(9), viewing: false });
    expect(state.typing.c1).toEqual([]);
  });

  it("tracks presence", () => {
    let state = chatReducer(loaded(), { type: "online", online: [OTHER] });
    expect(state.online[OTHER]).toBe(true);
    state = chatReducer(state, { type: "presence", member_id: OTHER, online: false });
    expect(state.online[OTHER]).toBe(false);
  });
});

describe("helpers", () => {
  it("merges messages by id, in order", () => {
    expect(mergeMessages([message(1), message(3)], [message(2), message(3)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("filters members by name without case or accents, keeping the letter groups", () => {
    const pages = [
      [{ letter: "A", users: [{ id: "1", name: "Álvaro Ruiz", avatar: null }] }, { letter: "C", users: [{ id: "2", name: "Carlos", avatar: null }] }],
      [{ letter: "C", users: [{ id: "3", name: "Clara", avatar: null }] }, { letter: "#", users: [{ id: "4", name: "42", avatar: null }] }],
    ];
    expect(filterUserGroups(pages, "").map((g) => [g.letter, g.users.length])).toEqual([["A", 1], ["C", 2], ["#", 1]]);
    expect(filterUserGroups(pages, "alv").map((g) => g.users[0].name)).toEqual(["Álvaro Ruiz"]);
  });

  it("makes temporary ids the API accepts", () => {
    expect(newTempId()).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
  });

  it("backs off exponentially with jitter, capped at 30 s", () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(3, 1)).toBe(8000);
    expect(backoffDelay(20, 1)).toBe(30_000);
    expect(backoffDelay(20, 0)).toBe(15_000);
  });
});

describe("the partner of a conversation", () => {
  it("is the other member, and a deleted account is named in the page's words (decision 034)", () => {
    expect(partnerOf(conversation("c1", null), ME, "Deleted member")).toEqual({ id: OTHER, name: "Carlos", avatar: null });
    const gone = conversation("c2", null, { participants: [{ id: ME, name: "Me", avatar: null }, { id: OTHER, name: "", avatar: null, deleted: true }] });
    expect(partnerOf(gone, ME, "Deleted member")).toMatchObject({ id: OTHER, name: "Deleted member", deleted: true });
  });
});
