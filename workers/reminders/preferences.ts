/**
 * What a member switched off (issue 29): reminders per channel and, for staff who organise, the
 * morning digest. Stored as opt-outs (notification_opt_outs): everything is on until switched off,
 * and a new channel needs no migration. GET and PUT /api/{org}/reminders/settings.
 */
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { ORGANISING_ROLES } from "../../app/domain/manage";
import { NOTIFICATION_TOPICS, REMINDER_CHANNELS, type NotificationTopic, type ReminderChannelName } from "../../app/domain/reminders";
import { getDb, schema } from "../db/client";

const { notificationOptOuts: optOuts } = schema;

export const notificationChangeSchema = v.strictObject(
  {
    topic: v.picklist(NOTIFICATION_TOPICS, "form_error_invalid"),
    channel: v.picklist(REMINDER_CHANNELS, "form_error_invalid"),
    enabled: v.boolean("form_error_invalid"),
  },
  "form_error_unknown_field",
);
export type NotificationChange = v.InferOutput<typeof notificationChangeSchema>;

export type ChannelSwitches = Record<ReminderChannelName, boolean>;
export interface NotificationSettings {
  reminder: ChannelSwitches;
  /** Only for those who organise initiatives (organisers and administrators). */
  staff_digest: ChannelSwitches | null;
}

const switches = (off: Set<string>, topic: NotificationTopic) => Object.fromEntries(REMINDER_CHANNELS.map((channel) => [channel, !off.has(`${topic}:${channel}`)])) as ChannelSwitches;

export async function notificationSettings(env: Pick<Env, "DB">, memberId: string, role: string): Promise<NotificationSettings> {
  const rows = await getDb(env).select({ topic: optOuts.topic, channel: optOuts.channel }).from(optOuts).where(eq(optOuts.memberId, memberId));
  const off = new Set(rows.map((row) => `${row.topic}:${row.channel}`));
  return { reminder: switches(off, "reminder"), staff_digest: (ORGANISING_ROLES as readonly string[]).includes(role) ? switches(off, "staff_digest") : null };
}

export async function changeNotification(env: Pick<Env, "DB">, memberId: string, change: NotificationChange) {
  const db = getDb(env);
  if (change.enabled) {
    await db.delete(optOuts).where(and(eq(optOuts.memberId, memberId), eq(optOuts.topic, change.topic), eq(optOuts.channel, change.channel)));
  } else {
    await db.insert(optOuts).values({ memberId, topic: change.topic, channel: change.channel }).onConflictDoNothing();
  }
}
