/**
 * Posting to a Slack or Teams channel through the queue (the `chat_post` message): the
 * connection's incoming-webhook URL is unsealed, the announcement formatted for its tool, and sent
 * through the guarded fetch (https, no private address, no redirect). A failure is retried by the
 * queue with an exponential delay (30 s, 2 min, 8 min, 32 min, about 2 h: max_retries = 5), then
 * dropped: a late chat announcement is worth less than a webhook event.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { guardedFetch, type GuardedFetch } from "../lib/guarded-fetch";
import { unsealSecret } from "../webhooks/secrets";
import type { Announcement } from "./message";
import { slackMessage } from "./slack";
import { teamsMessage } from "./teams";

export type ChatPostJob = { kind: "chat_post"; connectionId: string; announcement: Announcement };

export const chatPayload = (kind: "slack" | "teams", announcement: Announcement) => (kind === "slack" ? slackMessage(announcement) : teamsMessage(announcement));

/** Posts one announcement; throws when the channel did not take it (the queue retries). Answers false for a connection gone or switched off. */
export async function postToChannel(env: Env, job: ChatPostJob, fetcher: GuardedFetch = guardedFetch(env)): Promise<boolean> {
  const { chatAppConnections: connections } = schema;
  const connection = await getDb(env).select().from(connections).where(and(eq(connections.id, job.connectionId), eq(connections.enabled, true))).get();
  if (!connection) return false;
  const url = await unsealSecret(env, connection.id, connection.url);
  if (!url) return false;
  const response = await fetcher(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(chatPayload(connection.kind, job.announcement)) });
  if (!response.ok) throw new Error(`chat channel answered ${response.status}`);
  return true;
}

export async function runChatPostJob(env: Env, message: Message<ChatPostJob>) {
  try {
    await postToChannel(env, message.body);
    message.ack();
  } catch (cause) {
    console.error("chat announcement not posted", message.body.connectionId, cause);
    message.retry({ delaySeconds: 30 * 4 ** Math.max(0, message.attempts - 1) });
  }
}

/** Queues one announcement per connection. */
export async function queueAnnouncements(env: Env, posts: { connectionId: string; announcement: Announcement }[]) {
  for (let at = 0; at < posts.length; at += 100) {
    await env.JOBS.sendBatch(posts.slice(at, at + 100).map((post) => ({ body: { kind: "chat_post", ...post } satisfies ChatPostJob })));
  }
}
