/**
 * Chat demo data (issue 5): a few private conversations between Acme members, with messages from
 * today, yesterday and last week (the widget shows a time, "yesterday" or a date), read marks that
 * leave Marta (member@acme.example) one unread message, and one conversation without messages.
 * Idempotent like the rest of the demo data: fixed ids, INSERT OR IGNORE. scripts/seed.mjs appends it.
 */
import { insertOrIgnore, startOfTodayUtc } from "./seed-data.mjs";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ORG = "org-acme";
const MARTA = "member-acme-member";
const CARLOS = "member-acme-carlos";
const INES = "member-acme-ines";
const DAVID = "member-acme-david";

const conversationId = (n) => `c4a7d3e0-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function buildChatDemoSql({ now = Date.now() } = {}) {
  const today = startOfTodayUtc(now);
  // Keep today's messages in the past even early in the UTC day.
  const todayAt = (hours, minutes = 0) => Math.min(today + hours * HOUR + minutes * MINUTE, now - 10 * MINUTE);
  const daysAgo = (days, hours, minutes = 0) => today - days * 24 * HOUR + hours * HOUR + minutes * MINUTE;

  const conversations = [
    {
      n: 1,
      members: [MARTA, CARLOS],
      messages: [
        [CARLOS, daysAgo(1, 17, 5), "Hi Marta! Are you coming to the beach clean-up on Saturday?"],
        [MARTA, daysAgo(1, 17, 12), "Yes! I signed up this morning. Do we need to bring gloves?"],
        [CARLOS, daysAgo(1, 17, 20), "They hand out gloves and bags at the meeting point."],
        [CARLOS, todayAt(9, 40), "See you at 10 by the lifeguard tower 🙂"],
      ],
      // Marta has read everything but Carlos's message of today.
      read: { [MARTA]: 3, [CARLOS]: 4 },
    },
    {
      n: 2,
      members: [MARTA, INES],
      messages: [
        [INES, daysAgo(6, 11, 0), "Olá Marta, could you share the slides of the mentoring session?"],
        [MARTA, daysAgo(6, 12, 30), "Sure, I uploaded them to the initiative's documents."],
      ],
      read: { [MARTA]: 2, [INES]: 2 },
    },
    {
      n: 3,
      members: [CARLOS, DAVID],
      messages: [
        [DAVID, todayAt(8, 15), "Carlos, I can drive two people to the food bank on Thursday."],
        [CARLOS, todayAt(8, 30), "Great, I'll tell the team."],
      ],
      read: { [CARLOS]: 2, [DAVID]: 2 },
    },
    // Started, nothing said yet: listed last.
    { n: 4, members: [MARTA, DAVID], messages: [], read: {} },
  ];

  const lines = ["", "-- Chat (scripts/seed-chat.mjs)"];
  let nextMessageId = 1;
  for (const conversation of conversations) {
    const id = conversationId(conversation.n);
    const firstAt = conversation.messages[0]?.[1] ?? daysAgo(2, 10);
    const rows = conversation.messages.map(([sender, createdAt, content]) => ({
      id: nextMessageId++,
      org_id: ORG,
      conversation_id: id,
      sender_member_id: sender,
      content,
      created_at: createdAt,
    }));
    const last = rows.at(-1);
    lines.push(
      insertOrIgnore("chat_conversations", {
        id,
        org_id: ORG,
        type: "private",
        pair_key: [...conversation.members].sort().join(" "),
        last_message_id: last?.id ?? null,
        last_message_at: last?.created_at ?? null,
        last_message_content: last?.content ?? null,
        last_message_member_id: last?.sender_member_id ?? null,
        created_at: firstAt - 5 * MINUTE,
      }),
    );
    for (const member of conversation.members) {
      // Read marks are given as "the first n messages"; stored as message ids.
      const readCount = conversation.read[member] ?? 0;
      lines.push(
        insertOrIgnore("chat_participants", {
          conversation_id: id,
          member_id: member,
          org_id: ORG,
          last_read_message_id: readCount > 0 ? rows[readCount - 1].id : 0,
          created_at: firstAt - 5 * MINUTE,
        }),
      );
    }
    for (const row of rows) lines.push(insertOrIgnore("chat_messages", row));
  }
  return `${lines.join("\n")}\n`;
}
