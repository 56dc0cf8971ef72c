/**
 * The queue consumer's side of a reminder (docs/decisions/045): the claim the planner queued is
 * taken for sending with one guarded UPDATE (queued → sent), so a message delivered twice, or queued
 * twice, sends once. Then the reminder is checked against the data as it is now (still taking
 * part, the initiative open, not moved, not started, the account usable) and handed to every channel
 * the member has not switched off. A channel that fails is logged and the row says failed: never
 * sent again, as a digest is not (a second copy on the other channels would be worse).
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getOrganizationById, organizationOrigin } from "../tenant/organizations";
import { cantComeToken } from "./cant-come";
import { reminderChannels, type Reminder } from "./channels";
import type { ReminderJob } from "./planner";

const { members, profiles, participations, initiatives, notificationOptOuts: optOuts, remindersSent } = schema;

export type ReminderOutcome = "sent" | "skipped" | "failed" | "already_taken";

export async function deliverReminder(env: Env, job: ReminderJob, now = Date.now()): Promise<ReminderOutcome> {
  const key = [job.memberId, job.initiativeId, job.offset, job.start] as const;
  const taken = await env.DB.prepare(
    "UPDATE reminders_sent SET status = 'sent', sent_at = ? WHERE member_id = ? AND initiative_id = ? AND offset_minutes = ? AND start_time = ? AND status = 'queued' RETURNING org_id",
  )
    .bind(now, ...key)
    .first<{ org_id: string }>();
  if (!taken) return "already_taken";

  const db = getDb(env);
  const [rows, off] = await db.batch([
    db
      .select({
        email: members.email,
        language: members.language,
        disabledAt: members.disabledAt,
        erasedAt: members.erasedAt,
        name: profiles.name,
        // Aliased: a batch's rows come back keyed by column name, and the initiative has an id and a status too.
        participationId: sql<string>`${participations.id}`.as("participation_id"),
        participationUuid: participations.uuid,
        joinedAt: participations.createdAt,
        participationStatus: sql<string>`${participations.status}`.as("participation_status"),
        initiative: {
          id: initiatives.id,
          slug: initiatives.slug,
          title: initiatives.title,
          status: initiatives.status,
          startTime: initiatives.startTime,
          address: initiatives.address,
          addressDetail: initiatives.addressDetail,
          latitude: initiatives.latitude,
          longitude: initiatives.longitude,
          isInPerson: initiatives.isInPerson,
          remoteUrl: initiatives.remoteUrl,
          participationMethod: initiatives.participationMethod,
        },
      })
      .from(participations)
      .innerJoin(members, eq(members.id, participations.memberId))
      .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
      .leftJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(participations.initiativeId, job.initiativeId), eq(participations.memberId, job.memberId))),
    db.select({ channel: optOuts.channel }).from(optOuts).where(and(eq(optOuts.memberId, job.memberId), eq(optOuts.topic, "reminder"))),
  ]);
  const row = rows[0];
  const org = row ? await getOrganizationById(env, taken.org_id) : null;
  const switchedOff = new Set(off.map((item) => item.channel));
  const channels = reminderChannels.filter((channel) => !switchedOff.has(channel.name));
  const stillDue =
    row &&
    org &&
    row.participationStatus === "accepted" &&
    row.initiative.status === "open" &&
    row.initiative.startTime === job.start &&
    now < job.start &&
    row.disabledAt === null &&
    row.erasedAt === null;
  if (!stillDue || !channels.length) return settle(env, key, "skipped");

  const origin = organizationOrigin(env, org);
  const reminder: Reminder = {
    org,
    origin,
    member: { id: job.memberId, email: row.email, language: row.language, name: row.name ?? "" },
    initiative: { ...row.initiative, startTime: job.start },
    participationUuid: row.participationUuid,
    cantComeUrl: `${origin}/cant-come/${await cantComeToken(env, { id: row.participationId, createdAt: row.joinedAt })}`,
  };
  const results = await Promise.allSettled(channels.map((channel) => channel.send(env, reminder)));
  const failed = results.filter((result) => result.status === "rejected");
  for (const failure of failed) console.error("reminder not sent", failure.reason);
  if (failed.length === results.length) return settle(env, key, "failed");
  // Every channel that ran had nobody to reach (e-mail switched off, no device subscribed to push).
  if (results.every((result) => result.status === "fulfilled" && result.value === false)) return settle(env, key, "skipped");
  return "sent";
}

async function settle(env: Env, key: readonly [string, string, number, number], status: "skipped" | "failed") {
  await getDb(env)
    .update(remindersSent)
    .set({ status })
    .where(and(eq(remindersSent.memberId, key[0]), eq(remindersSent.initiativeId, key[1]), eq(remindersSent.offsetMinutes, key[2]), eq(remindersSent.startTime, key[3])));
  return status;
}

/** The queue's handler for a reminder message: a failure before the claim is retried by the queue; after it, nothing is sent twice. */
export async function runReminderJob(env: Env, message: Message<ReminderJob>) {
  try {
    await deliverReminder(env, message.body);
    message.ack();
  } catch (cause) {
    console.error("reminder job failed", cause);
    message.retry();
  }
}
