/**
 * The reminders' planner, run by the scheduled handler every ten minutes (docs/decisions/045).
 * For each open initiative starting within the longest offset an organisation may set, the due
 * reminder is the organisation's latest offset whose moment has passed (app/domain/reminders.ts):
 * a late run sends the newest one it missed and never an older one after it, and nothing once the
 * initiative has started. At night in the organisation's zone it waits (unless the start is within
 * 2 hours). Each participant who joined before the reminder's moment is claimed with INSERT OR
 * IGNORE on the key (member, initiative, offset, start time) and only the rows this run inserted go
 * to the queue: two runs at once, or the same run twice, queue a reminder once. The start time in
 * the key re-plans a moved initiative: its new time gets its own reminders, the old one none more.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import { dueOffset, plannedAt, REMINDER_OFFSET_MAX_MINUTES, reminderWaits } from "../../app/domain/reminders";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { getOrganizationById } from "../tenant/organizations";

const MINUTE = 60_000;
/** A claim still queued after this long lost its message (the queue refused it): the next run sends it again. */
const LOST_AFTER_MS = 30 * MINUTE;
/** D1 takes a batch at a time; the queue takes 100 messages a call. */
const CLAIMS_PER_BATCH = 50;
const MESSAGES_PER_SEND = 100;

export interface ReminderJob {
  kind: "reminder";
  memberId: string;
  initiativeId: string;
  offset: number;
  start: number;
}

type Claimed = { member_id: string; initiative_id: string; offset_minutes: number; start_time: number };

/**
 * Claims every participant of one initiative for one reminder, in one statement (raw SQL: drizzle
 * cannot write INSERT OR IGNORE ... SELECT ... RETURNING); RETURNING answers only the rows it inserted.
 */
const claim = (db: D1Database, initiative: { id: string; orgId: string }, offset: number, start: number, now: number) =>
  db
    .prepare(
      `INSERT OR IGNORE INTO reminders_sent (org_id, member_id, initiative_id, offset_minutes, start_time, status, created_at)
       SELECT ?1, member_id, initiative_id, ?2, ?3, 'queued', ?4 FROM participations
       WHERE initiative_id = ?5 AND +org_id = ?1 AND status = 'accepted' AND created_at < ?6
       RETURNING member_id, initiative_id, offset_minutes, start_time`,
    )
    .bind(initiative.orgId, offset, start, now, initiative.id, plannedAt(start, offset));

const jobOf = (row: Claimed): ReminderJob => ({ kind: "reminder", memberId: row.member_id, initiativeId: row.initiative_id, offset: row.offset_minutes, start: row.start_time });

export async function planReminders(env: Env, now: number): Promise<number> {
  const db = getDb(env);
  const { initiatives } = schema;
  const soon = await db
    .select({ id: initiatives.id, orgId: initiatives.orgId, startTime: initiatives.startTime })
    .from(initiatives)
    .where(and(eq(initiatives.status, "open"), gt(initiatives.startTime, now), lte(initiatives.startTime, now + REMINDER_OFFSET_MAX_MINUTES * MINUTE)));
  const claims: D1PreparedStatement[] = [];
  const orgs = new Map<string, Awaited<ReturnType<typeof getOrganizationById>>>();
  for (const initiative of soon) {
    if (!orgs.has(initiative.orgId)) orgs.set(initiative.orgId, await getOrganizationById(env, initiative.orgId));
    const org = orgs.get(initiative.orgId);
    const start = initiative.startTime!;
    const offset = org ? dueOffset(org.community.reminder_offsets, start, now) : null;
    if (!org || offset === null || reminderWaits(now, start, regionZone(org.region))) continue;
    claims.push(claim(env.DB, initiative, offset, start, now));
  }
  const jobs: ReminderJob[] = [];
  for (let i = 0; i < claims.length; i += CLAIMS_PER_BATCH) {
    for (const result of await env.DB.batch<Claimed>(claims.slice(i, i + CLAIMS_PER_BATCH))) jobs.push(...result.results.map(jobOf));
  }
  // Claims whose message was lost: queued again (the consumer sends each once whatever it is handed).
  const lost = await env.DB.prepare("SELECT member_id, initiative_id, offset_minutes, start_time FROM reminders_sent WHERE status = 'queued' AND created_at < ? AND start_time > ? LIMIT 100")
    .bind(now - LOST_AFTER_MS, now)
    .all<Claimed>();
  jobs.push(...lost.results.map(jobOf));
  for (let i = 0; i < jobs.length; i += MESSAGES_PER_SEND) await env.JOBS.sendBatch(jobs.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body })));
  return jobs.length;
}
