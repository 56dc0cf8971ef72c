/**
 * A chat message by push to the members whose chat is closed (no socket open on their member
 * object, workers/chat/live.ts), with the sender's name as the title (decision 046).
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import type { ChatActor } from "../chat/service";
import type { ChatMessageJson } from "../chat/model";
import { queuePush } from "./notify";

export async function pushChatMessage(env: Env, sender: ChatActor, closed: string[], message: ChatMessageJson): Promise<void> {
  const recipients = closed.filter((id) => id !== sender.memberId);
  if (!recipients.length) return;
  await queuePush(env, sender.orgId, recipients, async () => {
    const [profile] = await getDb(env).select({ name: schema.profiles.name }).from(schema.profiles).where(eq(schema.profiles.memberId, sender.memberId));
    return { type: "chat_message", conversationId: message.conversation_id, from: profile?.name ?? "", text: message.content };
  });
}
