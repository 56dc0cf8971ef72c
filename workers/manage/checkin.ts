/**
 * Check-in by QR code or typed code (issue 11, point 4). The organiser's check-in screen gets the
 * initiative's check-in key (app/domain/checkin.ts) with the list of who may be checked in, so it
 * verifies codes and queues check-ins without the network; the check-in itself records the day's
 * attendance as a validated hours record, made by the organiser. One check-in per participation
 * and calendar day of the organisation (a unique index): a second scan, or the same queued
 * check-in synced twice, answers the first one and writes nothing. A check-in counts only on a
 * day of the initiative's dates (its start and end, as calendar days of the organisation's zone):
 * no hours for days before it starts or after it ends (issue 25, point 5). The hours and the day
 * are judged by app/domain/checkin-rules.ts, the rule the screen applies on the device before it
 * queues a check-in (issue 28).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { checkinCode, matchCheckin, parseCheckinInput } from "../../app/domain/checkin";
import { judgeCheckin, type CheckinRefusal } from "../../app/domain/checkin-rules";
import { calendarDay } from "../../app/domain/initiatives/reporting";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { iso } from "../initiatives/serialize";
import { base64UrlEncode, hmacSha256 } from "../lib/crypto";
import { getConfig } from "../lib/config";
import { badRequest, conflict } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { managedInitiative } from "./managed-initiative";
import type { StaffActor } from "./scope";

const { participations, participationRecords: records, profiles, initiatives } = schema;

/** The initiative's check-in key: derived from the server's secret, different for every initiative. */
export async function checkinKey(env: Env, initiativeId: string) {
  return (await hmacSha256(getConfig(env).TOKEN_SECRET, `checkin-key:${initiativeId}`)) as Uint8Array<ArrayBuffer>;
}

/** The code a participant shows (their QR carries `{uuid}.{code}`). */
export const participantCheckinCode = async (env: Env, initiativeId: string, participantUuid: string) => checkinCode(await checkinKey(env, initiativeId), participantUuid);

/** Who may be checked in and who was today, with what the screen needs to work offline. */
export async function checkinSheet(env: Env, org: Tenant, actor: StaffActor, initiativeId: string, now: number) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const zone = regionZone(org.region);
  const today = calendarDay(now, zone).key;
  const [details, people, checkedIn] = await db.batch([
    db
      .select({ hoursPerDay: initiatives.hoursPerDay, method: initiatives.participationMethod, startTime: initiatives.startTime, endTime: initiatives.endTime })
      .from(initiatives)
      .where(eq(initiatives.id, initiative.id)),
    db
      .select({ uuid: participations.uuid, memberId: participations.memberId, approval: participations.managerApprovalStatus, name: profiles.name, avatarKey: profiles.avatarKey })
      .from(participations)
      .leftJoin(profiles, eq(profiles.memberId, participations.memberId))
      .where(and(eq(participations.initiativeId, initiative.id), eq(participations.status, "accepted")))
      .orderBy(profiles.name),
    db
      .select({ uuid: participations.uuid })
      .from(records)
      .innerJoin(participations, eq(participations.id, records.participationId))
      .where(and(eq(participations.initiativeId, initiative.id), eq(records.checkinDay, today))),
  ]);
  const done = new Set(checkedIn.map((row) => row.uuid));
  return {
    initiative: {
      id: initiative.id,
      slug: initiative.slug,
      title: initiative.title,
      hours_per_day: details[0]?.hoursPerDay ?? 0,
      participation_method: details[0]?.method ?? "report_hours",
      /** The initiative's dates: the screen pre-fills the hours from its length and judges a check-in as the server will (app/domain/checkin-rules.ts). */
      start_time: iso(details[0]?.startTime),
      end_time: iso(details[0]?.endTime),
    },
    /** base64url: the screen verifies codes with it when offline. Only staff who manage the initiative get it. */
    key: base64UrlEncode(await checkinKey(env, initiative.id)),
    today,
    zone,
    participants: people.map((person) => ({
      uuid: person.uuid,
      name: person.name ?? "",
      avatar: avatarUrl(person.memberId, person.avatarKey),
      /** Attendance the member's manager has not approved (pending or rejected) cannot be checked in. */
      approval: person.approval,
      checked_in_today: done.has(person.uuid),
    })),
  };
}

/** The API's answer to a check-in the rule refuses. */
function refusalError(refusal: CheckinRefusal) {
  if (refusal.error === "checkin_outside_dates") return badRequest("checkin_outside_dates", "Check-ins count only on the initiative's dates.");
  if ("at" in refusal.fields) return badRequest("validation_error", "The check-in time is not a recent one.", refusal.fields);
  if (refusal.fields.hours === "form_error_required") return badRequest("validation_error", "Say how many hours to record: the initiative has no hours a day or length to take them from.", refusal.fields);
  return badRequest("validation_error", "The hours are outside what one day takes.", refusal.fields);
}

export interface CheckinRequest {
  code: string;
  /** Hours to record; default the initiative's day (hours_per_day, else its length: defaultCheckinHours). */
  hours?: number;
  /** When it was made (a check-in queued offline); default now. */
  at?: string;
}

/** Records the check-in the code names. Answers whether it is new, and the record. */
export async function checkIn(env: Env, org: Tenant, actor: StaffActor, initiativeId: string, request: CheckinRequest, now: number) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const input = parseCheckinInput(request.code);
  if (!input) throw badRequest("validation_error", "The check-in code is not one.", { code: "form_error_checkin_code" });
  const [details, people] = await db.batch([
    db.select({ hoursPerDay: initiatives.hoursPerDay, startTime: initiatives.startTime, endTime: initiatives.endTime }).from(initiatives).where(eq(initiatives.id, initiative.id)),
    db
      .select({ id: participations.id, uuid: participations.uuid, status: participations.status, approval: participations.managerApprovalStatus, name: profiles.name })
      .from(participations)
      .leftJoin(profiles, eq(profiles.memberId, participations.memberId))
      .where(and(eq(participations.initiativeId, initiative.id), input.uuid ? inArray(participations.uuid, [input.uuid]) : eq(participations.status, "accepted"))),
  ]);
  const participant = await matchCheckin(await checkinKey(env, initiative.id), input, people);
  // Forged, mistyped or of another initiative: the same answer, which tells nothing of who exists.
  if (!participant) throw badRequest("checkin_code_invalid", "This code is not a participant's of this initiative.", { code: "form_error_checkin_code" });
  if (participant.status !== "accepted") throw conflict("participant_not_accepted", "Only accepted participants can be checked in.");
  if (participant.approval === "pending" || participant.approval === "rejected") {
    throw conflict("approval_not_granted", "The participant's manager has not approved this attendance.");
  }
  const at = request.at ? Date.parse(request.at) : now;
  // The desk judged it on the device by the same rule before queuing it (app/domain/checkin-rules.ts).
  const terms = { hoursPerDay: details[0]?.hoursPerDay ?? 0, startTime: details[0]?.startTime ?? null, endTime: details[0]?.endTime ?? null };
  const verdict = judgeCheckin(terms, { hours: request.hours, at }, now, regionZone(org.region));
  if (!verdict.ok) throw refusalError(verdict.refusal);
  const { hours, day } = verdict;
  const id = crypto.randomUUID();
  // Both writes are idempotent by the day: the record by its unique index, the audit row by an id made of the same.
  const [inserted, [existing]] = await db.batch([
    db
      .insert(records)
      .values({ id, participationId: participant.id, type: "hours", hours, status: "validated", reviewedBy: actor.memberId, reviewedAt: now, checkinDay: day, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: records.id }),
    db
      .select({ id: records.id, hours: records.hours, createdAt: records.createdAt })
      .from(records)
      .where(and(eq(records.participationId, participant.id), eq(records.checkinDay, day))),
    db
      .insert(schema.auditLog)
      .values({
        id: `checkin:${participant.id}:${day}`,
        orgId: org.id,
        actorMemberId: actor.memberId,
        action: "participant.checked_in",
        targetType: "participation",
        targetId: participant.id,
        detail: JSON.stringify({ day, hours }),
        createdAt: now,
      })
      .onConflictDoNothing(),
    // Hours validated at the desk: record.validated, only when this batch wrote the record (not the day's earlier check-in).
    outboxEvent(
      db,
      org.id,
      "record.validated",
      `record:${id}`,
      {
        record: { id, type: "hours", status: "validated", hours, value: null },
        participation: { uuid: participant.uuid },
        initiative: { id: initiative.id, slug: initiative.slug, title: initiative.title },
      },
      now,
      (target) => sql`exists (select 1 from ${records} where ${records.id} = ${target})`,
    ),
  ]);
  return {
    created: inserted.length > 0,
    checkin: {
      participant: { uuid: participant.uuid, name: participant.name ?? "" },
      record_id: existing.id,
      hours: existing.hours ?? hours,
      day,
      at: new Date(existing.createdAt).toISOString(),
    },
  };
}
