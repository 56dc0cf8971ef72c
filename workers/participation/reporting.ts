/**
 * Reporting what a participant did (SPEC.md sections 4 and 5): hours worked (method report_hours) and
 * values of the initiative's impact indicators. Only accepted participants report, never on donation
 * or informative initiatives. Each report is a participation record waiting ("pending") for the
 * organiser to validate it. Hours are reported from the initiative's start, at most
 * dailyHoursCap(hours_per_day) over one calendar day of the organisation's time zone
 * (app/domain/initiatives/reporting.ts).
 */
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import * as v from "valibot";
import {
  calendarDay,
  dailyHoursCap,
  hasStarted,
  hoursLeftOn,
  hoursSchema,
  indicatorValueSchema,
  regionZone,
  type CalendarDay,
  type Initiative,
} from "../../app/domain/initiatives";
import { getDb, schema } from "../db/client";
import { participationOf } from "../initiatives/queries";
import { toRecord } from "../initiatives/serialize";
import { badRequest, conflict, forbidden, notFound } from "../lib/domain-errors";
import { parseInput } from "../lib/validation";
import type { Tenant } from "../tenant/organizations";

const { participationRecords } = schema;

/** The accepted participation of the member, after the checks every report shares. */
async function reportingParticipation(env: Env, initiative: Initiative, memberId: string) {
  if (initiative.type === "donation" || initiative.type === "informative") {
    throw conflict("participation_not_applicable", "This kind of initiative takes no participation reports.");
  }
  const participation = await participationOf(env, initiative.id, memberId);
  if (participation?.status !== "accepted") {
    throw forbidden("not_participant", "Only accepted participants can report their participation.");
  }
  return participation;
}

/**
 * Records `hours` only while the day's total stays within the cap: the sum and the insert are one
 * statement, so two reports sent at once cannot pass the cap together. Null when the cap is reached.
 * Raw SQL for the INSERT ... SELECT ... WHERE: drizzle's insert().select() takes a query builder whose
 * select list cannot hold bound constants beside a condition on a subquery.
 */
async function insertHours(env: Env, participationId: string, hours: number, day: CalendarDay, cap: number, now: number) {
  const db = getDb(env);
  const reportedToday = db
    .select({ total: sql`coalesce(sum(${participationRecords.hours}), 0)` })
    .from(participationRecords)
    .where(
      and(
        eq(participationRecords.participationId, participationId),
        eq(participationRecords.type, "hours"),
        ne(participationRecords.status, "rejected"),
        gte(participationRecords.createdAt, day.start),
        lt(participationRecords.createdAt, day.end),
      ),
    );
  // Columns in the schema's order: id, participation_id, type, hours, value, unit, indicator_id, status,
  // reviewed_by, reviewed_at, reject_reason, checkin_day, time_basis, created_at (a test reports hours, so a
  // new column shows here). time_basis null: the record follows its initiative's working-hours setting.
  const [row] = await db
    .insert(participationRecords)
    .select(
      sql`select ${crypto.randomUUID()}, ${participationId}, 'hours', ${hours}, null, null, null, 'pending', null, null, null, null, null, ${now} where (${reportedToday}) + ${hours} <= ${cap}`,
    )
    .returning();
  return row ?? null;
}

/** POST .../participation {hours}: the member's hours of today, within the daily cap. */
export async function reportHours(env: Env, org: Tenant, memberId: string, initiative: Initiative, body: unknown) {
  const participation = await reportingParticipation(env, initiative, memberId);
  if (initiative.participation_method !== "report_hours") {
    throw conflict("participation_method_qr", "Hours of this initiative are recorded with the participant's QR code.");
  }
  const now = Date.now();
  if (!hasStarted(initiative, now)) {
    throw conflict("participation_not_started", "Hours can be reported once the initiative has started.");
  }
  const day = calendarDay(now, regionZone(org.region));
  const { hours } = parseInput(v.object({ hours: hoursSchema(hoursLeftOn(initiative, day)) }), body);
  const row = await insertHours(env, participation.id, hours, day, dailyHoursCap(initiative.hours_per_day), now);
  if (!row) {
    throw badRequest("validation_error", "That is more hours than the initiative allows in one day.", { hours: "participation_error_hours_max" });
  }
  return toRecord(row);
}

/** POST .../indicator/{id}/participation {value}: a value of one of the initiative's indicators. */
export async function reportIndicator(env: Env, memberId: string, initiative: Initiative, indicatorId: string, body: unknown) {
  const indicator = initiative.indicators.find((i) => i.id === indicatorId);
  if (!indicator) throw notFound("indicator_not_found", "The initiative has no such indicator.");
  const participation = await reportingParticipation(env, initiative, memberId);
  const { value } = parseInput(v.object({ value: indicatorValueSchema }), body);
  const [row] = await getDb(env)
    .insert(participationRecords)
    .values({
      id: crypto.randomUUID(),
      status: "pending",
      createdAt: Date.now(),
      participationId: participation.id,
      type: "indicator",
      hours: null,
      value,
      unit: indicator.unit,
      indicatorId: indicator.id,
    })
    .returning();
  return toRecord(row);
}
