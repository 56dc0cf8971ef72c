/**
 * Chat API under /api/{org}/chat (docs/api/chat.md), in the style of SPEC.md section 7. The same
 * rules apply on the live channel (workers/api/chat-socket.ts), which shares workers/chat/service.ts.
 * Every call needs membership of {org} (orgScope), the chat feature on (else 404 chat_disabled) and
 * a role other than system (else 403 chat_forbidden).
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { arrayOf, listOf, objectOf, orNull, ref, scalars } from "../openapi/answers";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { CHAT_LIMITS } from "../../app/domain/chat";
import { decodeMemberCursor } from "../lib/member-cursor";
import { jsonBody } from "../lib/json-body";
import { linkNext } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import { assertChatAllowed, deliver } from "../chat/live";
import {
  type ChatActor,
  getConversation,
  listChatUsers,
  listConversations,
  listMessages,
  markRead,
  openPrivateConversation,
  sendChatMessage,
} from "../chat/service";
import { pushChatMessage } from "../push/chat";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";

const chatGate = createMiddleware<MemberEnv>(async (c, next) => {
  assertChatAllowed(c.var.org, c.var.membership.role);
  await next();
});

const positiveInteger = (message: string) =>
  // At most 15 digits: always a safe integer.
  v.pipe(v.string(message), v.regex(/^[1-9][0-9]{0,14}$/, message), v.transform(Number));

const actorOf = (c: { var: MemberEnv["Variables"] }): ChatActor => ({ orgId: c.var.org.id, memberId: c.var.auth.memberId });

/** A page size from 1 to `max` (docs/api/pagination.md; the chat's own maxima are SPEC.md section 9's). */
const chatLimit = (max: number) => v.optional(v.pipe(positiveInteger("form_error_invalid"), v.maxValue(max, "form_error_invalid")));

/** The members list: `cursor` the `next_cursor` of the page before, `limit` up to 500 (500 when absent). */
const UsersQuery = v.strictObject(
  {
    cursor: v.optional(v.pipe(v.string(), v.maxLength(2000, "form_error_invalid"), v.transform(decodeMemberCursor), v.check((cursor) => cursor !== null, "form_error_invalid"), v.transform((cursor) => cursor!))),
    limit: chatLimit(CHAT_LIMITS.usersPageSize),
  },
  "form_error_unknown_field",
);

/** A conversation's history: `cursor` (or its older name `before`) a message id, `limit` up to 1000 (1000 when absent). */
const MessagesQuery = v.object({ cursor: v.optional(positiveInteger("form_error_invalid")), before: v.optional(positiveInteger("form_error_invalid")), limit: chatLimit(CHAT_LIMITS.historyLimit) });

const ReadSchema = v.object({ message_id: v.optional(v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(0, "form_error_invalid"))) });

export const chatRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(chatGate)

  .get("/users", describeRoute(doc("Chat", "member", { answer: objectOf({ groups: arrayOf(objectOf({ letter: scalars.str, users: arrayOf(ref("ChatUser")) })), next_cursor: orNull(scalars.str) }), summary: "Members one can chat with, a page at a time.", errors: { 404: ["chat_disabled"] } })), validate("query", UsersQuery), async (c) => {
    const page = await listChatUsers(c.env, actorOf(c), c.req.valid("query"));
    linkNext(c, page.next_cursor);
    return c.json(page);
  })

  .get("/conversations", describeRoute(doc("Chat", "member", { summary: "The member's conversations.", answer: listOf("conversations"), errors: { 404: ["chat_disabled"] } })), async (c) => c.json({ conversations: await listConversations(c.env, actorOf(c)) }))

  .post("/conversations", describeRoute(doc("Chat", "member", { answer: objectOf({ conversation: ref("Conversation") }), summary: "Open a private conversation with another member (200 when it already exists).", status: 201, alsoStatus: 200, errors: { 404: ["chat_disabled"] } })), validate("json", v.object({ member_id: v.pipe(v.string("form_error_required"), v.minLength(1, "form_error_required"), v.maxLength(100, "form_error_invalid")) })), async (c) => {
    const actor = actorOf(c);
    const opened = await openPrivateConversation(c.env, actor, c.req.valid("json").member_id);
    if (opened.created) {
      // The other member's list gains it at once (each participant sees it from their side).
      const other = opened.members.filter((id) => id !== actor.memberId);
      await Promise.all(
        other.map(async (memberId) =>
          deliver(c.env, actor.orgId, [memberId], { type: "conversation", conversation: await getConversation(c.env, { orgId: actor.orgId, memberId }, opened.conversation.id) }),
        ),
      );
      await deliver(c.env, actor.orgId, [actor.memberId], { type: "conversation", conversation: opened.conversation });
    }
    return c.json({ conversation: opened.conversation }, opened.created ? 201 : 200);
  })

  .get("/conversations/:id/messages", describeRoute(doc("Chat", "member", { answer: objectOf({ conversation_id: scalars.str, messages: arrayOf(ref("ChatMessage")), has_more: scalars.bool, next_cursor: orNull(scalars.str), read_up_to: scalars.anyObject, members: arrayOf(scalars.str) }), summary: "A conversation's messages, newest first, a page at a time (cursor and limit).", errors: { 404: ["chat_disabled", "not_found"] } })), validate("query", MessagesQuery), async (c) => {
    const { cursor, before, limit } = c.req.valid("query");
    const page = await listMessages(c.env, actorOf(c), c.req.param("id"), cursor ?? before, limit);
    linkNext(c, page.next_cursor, ["before"]);
    return c.json(page);
  })

  .post("/conversations/:id/messages", describeRoute(doc("Chat", "member", { answer: objectOf({ message: ref("ChatMessage") }), summary: "Send a message; delivered live to the participants' sockets (200 for a `client_id` already stored).", status: 201, alsoStatus: 200, body: { schema: { type: "object", required: ["content", "client_id"], properties: { content: { type: "string" }, client_id: { type: "string" } } } }, errors: { 400: ["validation_error"], 404: ["chat_disabled", "not_found"], 409: ["client_id_in_use"], 429: ["too_many_messages"] } })), async (c) => {
    const actor = actorOf(c);
    const sent = await sendChatMessage(c.env, actor, c.req.param("id"), await jsonBody(c));
    // Stored; now live delivery to every member's sockets (mine too: my other tabs).
    if (!sent.duplicate) {
      const closed = await deliver(c.env, actor.orgId, sent.members, { type: "message", message: sent.message });
      // Those whose chat is closed hear of it by push, queued after the answer (decision 046).
      c.executionCtx.waitUntil(pushChatMessage(c.env, actor, closed.filter((id) => id !== actor.memberId), sent.message));
    }
    return c.json({ message: sent.message }, sent.duplicate ? 200 : 201);
  })

  .put("/conversations/:id/read", describeRoute(doc("Chat", "member", { answer: objectOf({ conversation_id: scalars.str, last_read_message_id: scalars.int, unread_count: scalars.int }), summary: "Mark a conversation read up to a message.", errors: { 404: ["chat_disabled", "not_found"] } })), validate("json", ReadSchema), async (c) => {
    const actor = actorOf(c);
    const read = await markRead(c.env, actor, c.req.param("id"), c.req.valid("json").message_id);
    await deliver(c.env, actor.orgId, read.members, {
      type: "read",
      conversation_id: read.conversation_id,
      member_id: actor.memberId,
      message_id: read.last_read_message_id,
    });
    return c.json({ conversation_id: read.conversation_id, last_read_message_id: read.last_read_message_id, unread_count: 0 });
  });
