/**
 * The staff's morning digest (issue 29, section 2): from 08:00 in the organisation's zone, each
 * organiser or administrator who runs an initiative taking place today (its submitter or a named
 * organiser: workers/manage/scope.ts) gets one e-mail listing those initiatives with the people
 * going, the waiting list and what waits for validation (hours and uploads). Nobody gets one on a
 * day without initiatives, nor after switching it off in /settings/notification. Exactly once a
 * day: each (organisation, member, day) is claimed with INSERT OR IGNORE before it is sent. A late
 * run still sends it until noon; a digest of the day's plans after that is no longer a morning one.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { ORGANISING_ROLES } from "../../app/domain/manage";
import { calendarDay } from "../../app/domain/initiatives/reporting";
import { resolveLocale } from "../../app/domain/locales";
import { regionZone, zoneOffset } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { getEmailSender } from "../email/sender";
import { getOrganizationById, organizationLogoUrl, organizationOrigin } from "../tenant/organizations";
import { renderStaffDigest, type DigestLine } from "./emails";
import { reminderStrings } from "./strings";

const { organizations, initiatives, initiativeOrganisers, waitlistEntries, participations, participationRecords: records, attachments, memberships, members, notificationOptOuts: optOuts } = schema;

export const DIGEST_FROM_HOUR = 8;
const DIGEST_UNTIL_HOUR = 12;
/** At most this many initiatives in one digest (and in the IN lists of its reads). */
const LISTED = 40;

const localHour = (now: number, zone: string) => new Date(now + zoneOffset(now, zone)).getUTCHours();

export async function sendStaffDigests(env: Env, now: number): Promise<number> {
  const db = getDb(env);
  const all = await db.select({ id: organizations.id, region: organizations.region }).from(organizations);
  let mailed = 0;
  for (const { id, region } of all) {
    const zone = regionZone(region);
    const hour = localHour(now, zone);
    if (hour < DIGEST_FROM_HOUR || hour >= DIGEST_UNTIL_HOUR) continue;
    mailed += await digestsOfOrganization(env, id, zone, now);
  }
  return mailed;
}

async function digestsOfOrganization(env: Env, orgId: string, zone: string, now: number) {
  const db = getDb(env);
  const day = calendarDay(now, zone);
  // Taking place today: started before tomorrow and not ended before today (one without an end: starting today).
  const today = await db
    .select({ id: initiatives.id, title: initiatives.title, startTime: initiatives.startTime, going: initiatives.participantCount, submitter: initiatives.submitterMemberId })
    .from(initiatives)
    .where(
      and(
        eq(initiatives.orgId, orgId),
        eq(initiatives.status, "open"),
        lt(initiatives.startTime, day.end),
        or(gte(initiatives.endTime, day.start), and(isNull(initiatives.endTime), gte(initiatives.startTime, day.start))),
      ),
    )
    .orderBy(initiatives.startTime)
    .limit(LISTED);
  if (!today.length) return 0;
  const ids = today.map((initiative) => initiative.id);
  const [named, waitlists, pendingRecords, pendingUploads, staff] = await db.batch([
    db.select({ initiativeId: initiativeOrganisers.initiativeId, memberId: initiativeOrganisers.memberId }).from(initiativeOrganisers).where(inArray(initiativeOrganisers.initiativeId, ids)),
    db
      .select({ initiativeId: waitlistEntries.initiativeId, n: count() })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.initiativeId, ids), inArray(waitlistEntries.status, ["waiting", "offered"])))
      .groupBy(waitlistEntries.initiativeId),
    db
      .select({ initiativeId: participations.initiativeId, n: count() })
      .from(records)
      .innerJoin(participations, eq(participations.id, records.participationId))
      .where(and(inArray(participations.initiativeId, ids), eq(records.status, "pending")))
      .groupBy(participations.initiativeId),
    db
      .select({ initiativeId: attachments.initiativeId, n: count() })
      .from(attachments)
      .where(and(inArray(attachments.initiativeId, ids), eq(attachments.status, "pending"), isNotNull(attachments.memberId)))
      .groupBy(attachments.initiativeId),
    db
      .select({ memberId: members.id, email: members.email, language: members.language, off: optOuts.channel })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.memberId))
      .leftJoin(optOuts, and(eq(optOuts.memberId, members.id), eq(optOuts.topic, "staff_digest"), eq(optOuts.channel, "email")))
      .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, [...ORGANISING_ROLES]), isNull(members.disabledAt), isNull(members.erasedAt))),
  ]);
  const byInitiative = (rows: { initiativeId: string; n: number }[]) => new Map(rows.map((row) => [row.initiativeId, row.n]));
  const [waitlist, waitingRecords, waitingUploads] = [byInitiative(waitlists), byInitiative(pendingRecords), byInitiative(pendingUploads)];
  const runners = new Map<string, Set<string>>();
  for (const initiative of today) if (initiative.submitter) runners.set(initiative.id, new Set([initiative.submitter]));
  for (const row of named) runners.set(row.initiativeId, (runners.get(row.initiativeId) ?? new Set()).add(row.memberId));

  const recipients = staff
    .filter((person) => person.off === null)
    .map((person) => ({ ...person, initiatives: today.filter((initiative) => runners.get(initiative.id)?.has(person.memberId)) }))
    .filter((person) => person.initiatives.length);
  if (!recipients.length) return 0;
  // Claimed before sending: a second run the same day, or one running at once, finds them taken.
  // Four parameters a row: 20 rows a statement keeps under D1's 100, all in one batch.
  const claims = [];
  for (let i = 0; i < recipients.length; i += 20) {
    claims.push(
      db
        .insert(schema.staffDigestsSent)
        .values(recipients.slice(i, i + 20).map((person) => ({ orgId, memberId: person.memberId, day: day.key, createdAt: now })))
        .onConflictDoNothing()
        .returning({ memberId: schema.staffDigestsSent.memberId }),
    );
  }
  const [first, ...rest] = claims;
  const mine = new Set((await db.batch([first, ...rest])).flat().map((row) => row.memberId));
  const org = await getOrganizationById(env, orgId);
  if (!org || !mine.size) return 0;
  const origin = organizationOrigin(env, org);
  const sender = getEmailSender(env);
  const results = await Promise.allSettled(
    recipients
      .filter((person) => mine.has(person.memberId))
      .map((person) => {
        const locale = resolveLocale(person.language);
        const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: zone });
        const lines: DigestLine[] = person.initiatives.map((initiative) => ({
          title: initiative.title,
          when: initiative.startTime! >= day.start ? time.format(initiative.startTime!) : reminderStrings(locale).plain("digest_all_day"),
          going: initiative.going,
          waitlist: waitlist.get(initiative.id) ?? 0,
          waiting: (waitingRecords.get(initiative.id) ?? 0) + (waitingUploads.get(initiative.id) ?? 0),
        }));
        return sender.send({
          to: person.email,
          ...renderStaffDigest(locale, {
            organization: org.name,
            logoUrl: organizationLogoUrl(org, origin),
            day: new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: zone }).format(now),
            initiatives: lines,
            link: `${origin}/manage/initiatives`,
            settingsUrl: `${origin}/settings/notification`,
          }),
        });
      }),
  );
  for (const result of results) if (result.status === "rejected") console.error("staff digest not sent", result.reason);
  return mine.size;
}
