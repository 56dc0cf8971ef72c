/**
 * Check-in by QR code or typed code (issue 11, point 4). The organiser's check-in screen gets the
 * initiative's check-in key (app/domain/checkin.ts) with the list of who may be checked in, so it
 * verifies codes and queues check-ins without the network; the check-in itself records the day's
 * attendance as a validated hours record, made by the organiser. One check-in per participation
 * and calendar day of the organisation (a unique index): a second scan, or the same queued
 * check-in synced twice, answers the first one and writes nothing. A check-in counts only on a
 * day of the initiative's dates (its start and end, as calendar days of the organisation's zone):
 * no hours for days before it starts or after it ends (issue 25, point 5).
 */
import { and, eq, inArray } from "drizzle-orm";
import { CHECKIN_SYNC_WINDOW_DAYS, checkinCode, matchCheckin, parseCheckinInput } from "../../app/domain/checkin";
import { calendarDay, dailyHoursCap } from "../../app/domain/initiatives/reporting";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
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
    db.select({ hoursPerDay: initiatives.hoursPerDay, method: initiatives.participationMethod }).from(initiatives).where(eq(initiatives.id, initiative.id)),
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
    initiative: { id: initiative.id, slug: initiative.slug, title: initiative.title, hours_per_day: details[0]?.hoursPerDay ?? 0, participation_method: details[0]?.method ?? "report_hours" },
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

/**
 * Whether the calendar day `day` (YYYY-MM-DD in `zone`) falls within the initiative's dates: from
 * the day it starts to the day it ends, either end open when it has none.
 */
export function withinInitiativeDays(day: string, startTime: number | null, endTime: number | null, zone: string) {
  if (startTime !== null && day < calendarDay(startTime, zone).key) return false;
  if (endTime !== null && day > calendarDay(endTime, zone).key) return false;
  return true;
}

export interface CheckinRequest {
  code: string;
  /** Hours to record; default the initiative's hours_per_day. */
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
  if (Number.isNaN(at) || at > now + 5 * 60_000 || at < now - CHECKIN_SYNC_WINDOW_DAYS * 86_400_000) {
    throw badRequest("validation_error", "The check-in time is not a recent one.", { at: "form_error_invalid_date" });
  }
  const hoursPerDay = details[0]?.hoursPerDay ?? 0;
  const hours = request.hours ?? (hoursPerDay > 0 ? hoursPerDay : null);
  if (hours === null) throw badRequest("validation_error", "Say how many hours to record.", { hours: "form_error_required" });
  if (!Number.isInteger(hours) || hours < 1 || hours > dailyHoursCap(hoursPerDay)) {
    throw badRequest("validation_error", "The hours are outside what one day takes.", { hours: "form_error_invalid_number" });
  }
  const zone = regionZone(org.region);
  const day = calendarDay(at, zone).key;
  if (!withinInitiativeDays(day, details[0]?.startTime ?? null, details[0]?.endTime ?? null, zone)) {
    throw badRequest("checkin_outside_dates", "Check-ins count only on the initiative's dates.");
  }
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
