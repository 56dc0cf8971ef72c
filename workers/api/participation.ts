/**
 * Reporting what a participant did (SPEC.md sections 4 and 5), mounted at
 * /api/{org}/initiative/{slug}:
 * - POST /participation {hours}: hours worked, for method report_hours.
 * - POST /indicator/{id}/participation {value}: an impact indicator of the initiative.
 * Only accepted participants report, never on donation or informative initiatives. Each report is
 * a participation record waiting ("pending") for the organiser to validate it. Hours are reported
 * from the initiative's start, at most dailyHoursCap(hours_per_day) over one calendar day of the
 * organisation's time zone (app/domain/initiatives/reporting.ts).
 */
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
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
import { findInitiative, participationOf } from "../initiatives/queries";
import { toRecord, type RecordRow } from "../initiatives/serialize";
import { badRequest, conflict, forbidden, notFound } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import { invalidInput } from "../lib/validation";
import { readMemo } from "../lib/page-request";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

/** The initiative of the path's slug for the signed-in member, or 404 (unknown, or another organisation's). */
export async function initiativeFromPath(c: Context<AppEnv>): Promise<Initiative> {
  const initiative = await findInitiative(c.env, c.var.org, c.var.auth.memberId, { slug: c.req.param("slug") ?? "" }, readMemo(c));
  if (!initiative) throw notFound("initiative_not_found", "The initiative cannot be found.");
  return initiative;
}

function parse<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw invalidInput(result.issues);
  return result.output;
}

/** The accepted participation of the member, after the checks every report shares. */
async function reportingParticipation(c: Context<AppEnv>, initiative: Initiative) {
  if (initiative.type === "donation" || initiative.type === "informative") {
    throw conflict("participation_not_applicable", "This kind of initiative takes no participation reports.");
  }
  const participation = await participationOf(c.env, initiative.id, c.var.auth.memberId);
  if (participation?.status !== "accepted") {
    throw forbidden("not_participant", "Only accepted participants can report their participation.");
  }
  return participation;
}

const { participationRecords } = schema;

const hoursOverDailyCap = () =>
  badRequest("validation_error", "That is more hours than the initiative allows in one day.", { hours: "participation_error_hours_max" });

/**
 * Records `hours` only while the day's total stays within the cap: the sum and the insert are one
 * statement, so two reports sent at once cannot pass the cap together. Null when the cap is reached.
 */
async function insertHours(c: Context<AppEnv>, participationId: string, hours: number, day: CalendarDay, cap: number, now: number) {
  const db = getDb(c.env);
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
  // Columns in the table's order: id, participation_id, type, hours, value, unit, indicator_id, status, created_at.
  const [row] = await db
    .insert(participationRecords)
    .select(
      sql`select ${crypto.randomUUID()}, ${participationId}, 'hours', ${hours}, null, null, null, 'pending', ${now} where (${reportedToday}) + ${hours} <= ${cap}`,
    )
    .returning();
  return row ?? null;
}

async function insertRecord(c: Context<AppEnv>, record: Omit<RecordRow, "id" | "createdAt" | "status">) {
  const [row] = await getDb(c.env)
    .insert(schema.participationRecords)
    .values({ id: crypto.randomUUID(), status: "pending", createdAt: Date.now(), ...record })
    .returning();
  return c.json(toRecord(row), 201);
}

export const participationRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .post("/participation", async (c) => {
    const initiative = await initiativeFromPath(c);
    const participation = await reportingParticipation(c, initiative);
    if (initiative.participation_method !== "report_hours") {
      throw conflict("participation_method_qr", "Hours of this initiative are recorded with the participant's QR code.");
    }
    const now = Date.now();
    if (!hasStarted(initiative, now)) {
      throw conflict("participation_not_started", "Hours can be reported once the initiative has started.");
    }
    const day = calendarDay(now, regionZone(c.var.org.region));
    const body = parse(v.object({ hours: hoursSchema(hoursLeftOn(initiative, day)) }), await jsonBody(c));
    const row = await insertHours(c, participation.id, body.hours, day, dailyHoursCap(initiative.hours_per_day), now);
    if (!row) throw hoursOverDailyCap();
    return c.json(toRecord(row), 201);
  })
  .post("/indicator/:id/participation", async (c) => {
    const initiative = await initiativeFromPath(c);
    const indicator = initiative.indicators.find((i) => i.id === c.req.param("id"));
    if (!indicator) throw notFound("indicator_not_found", "The initiative has no such indicator.");
    const participation = await reportingParticipation(c, initiative);
    const body = parse(v.object({ value: indicatorValueSchema }), await jsonBody(c));
    return insertRecord(c, { participationId: participation.id, type: "indicator", hours: null, value: body.value, unit: indicator.unit, indicatorId: indicator.id });
  });
