/**
 * POST /dev/fixtures/conversation (development and tests only, with the other fixtures of
 * ./fixtures.ts): a private conversation between two members of one organisation, with messages
 * sent at given times (so a test can show "yesterday" or a date) and read marks, as the chat
 * service would have left them. Written in one batch: the message ids are taken after the highest
 * one, so a concurrent write makes the whole batch fail rather than leave half a conversation.
 */
import { and, eq, inArray, max } from "drizzle-orm";
import * as v from "valibot";
import { slugSchema } from "../../app/domain/slug";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../app/domain/chat";
import { chunksFor, writeBatch } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { conflict, notFound } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";

const memberId = v.pipe(v.string(), v.uuid());

export const ConversationFixtureSchema = v.strictObject({
  org: slugSchema(),
  /** The two members, by id. */
  members: v.pipe(v.tuple([memberId, memberId]), v.check(([a, b]) => a !== b, "two different members")),
  /** Oldest first; `from` is 0 or 1 (which of `members` sent it); `sent_at` in ms since the epoch. */
  messages: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          from: v.picklist([0, 1]),
          text: v.pipe(v.string(), v.minLength(1), v.maxLength(CHAT_MESSAGE_MAX_LENGTH)),
          sent_at: v.pipe(v.number(), v.integer(), v.minValue(0)),
        }),
      ),
      v.maxLength(50),
      v.check((list) => list.every((message, i) => i === 0 || message.sent_at >= list[i - 1].sent_at), "messages oldest first"),
    ),
    [],
  ),
  /** How many of the messages each member has read (the first n); none by default. */
  read: v.optional(v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.number(), v.integer(), v.minValue(0))]), [0, 0]),
});

export type ConversationFixture = v.InferOutput<typeof ConversationFixtureSchema>;

/** Creates the conversation; answers its id. 404 when a member is not in the organisation, 409 when the pair already talk. */
export async function createConversationFixture(env: Env, org: Tenant, fixture: ConversationFixture): Promise<{ id: string }> {
  const db = getDb(env);
  const [members, [highest]] = await db.batch([
    db
      .select({ id: schema.memberships.memberId })
      .from(schema.memberships)
      .where(and(eq(schema.memberships.orgId, org.id), inArray(schema.memberships.memberId, fixture.members))),
    db.select({ id: max(schema.chatMessages.id) }).from(schema.chatMessages),
  ]);
  if (members.length !== 2) throw notFound("member_not_found", "Both members must belong to the organisation.");
  const pairKey = [...fixture.members].sort().join(" ");
  const [existing] = await db
    .select({ id: schema.chatConversations.id })
    .from(schema.chatConversations)
    .where(and(eq(schema.chatConversations.orgId, org.id), eq(schema.chatConversations.pairKey, pairKey)));
  if (existing) throw conflict("conversation_exists", "These two members already have a conversation.");

  const id = crypto.randomUUID();
  const firstId = (highest?.id ?? 0) + 1;
  const rows = fixture.messages.map((message, i) => ({
    id: firstId + i,
    orgId: org.id,
    conversationId: id,
    senderMemberId: fixture.members[message.from],
    content: message.text,
    createdAt: message.sent_at,
  }));
  const last = rows.at(-1);
  const createdAt = (rows[0]?.createdAt ?? Date.now()) - 60_000;
  const readMark = (count: number) => (count > 0 && rows.length ? rows[Math.min(count, rows.length) - 1].id : 0);
  const writes = [
    db.insert(schema.chatConversations).values({
      id,
      orgId: org.id,
      type: "private",
      pairKey,
      lastMessageId: last?.id ?? null,
      lastMessageAt: last?.createdAt ?? null,
      lastMessageContent: last?.content ?? null,
      lastMessageMemberId: last?.senderMemberId ?? null,
      createdAt,
    }),
    db.insert(schema.chatParticipants).values(
      fixture.members.map((member, i) => ({ conversationId: id, memberId: member, orgId: org.id, lastReadMessageId: readMark(fixture.read[i]), createdAt })),
    ),
    ...chunksFor(rows, 7).map((part) => db.insert(schema.chatMessages).values(part)),
  ];
  await writeBatch(db, writes);
  return { id };
}
