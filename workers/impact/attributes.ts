/**
 * What the ledger reads besides hours and money (issue 30, section 1), set by an administrator:
 * a member's country, site and grade; an initiative's motivation class and country; a record's
 * time basis, corrected; and the hours staff spent running an initiative. Each change is one batch
 * with its audit entry; another organisation's member, initiative or record answers 404.
 */
import { and, desc, eq, gte, lt } from "drizzle-orm";
import * as v from "valibot";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import type { LedgerPeriod } from "./ledger";

const country = v.nullable(v.pipe(v.string("form_error_invalid"), v.regex(/^[A-Z]{2}$/, "impact_error_unknown_country")));
const label = v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(100, "form_error_max_length")));

export const memberAttributesSchema = v.pipe(
  v.strictObject({ country: v.optional(country), site: v.optional(label), grade: v.optional(label) }, "form_error_unknown_field"),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);
export const initiativeAttributesSchema = v.pipe(
  v.strictObject({ motivation: v.optional(v.picklist(schema.MOTIVATIONS, "form_error_invalid")), country: v.optional(country) }, "form_error_unknown_field"),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);
export const timeBasisSchema = v.strictObject({ time_basis: v.nullable(v.picklist(schema.TIME_BASES, "form_error_invalid")) }, "form_error_unknown_field");
export const managementHoursSchema = v.strictObject(
  {
    initiative: v.pipe(v.string("form_error_invalid"), v.minLength(1, "form_error_required"), v.maxLength(200, "form_error_invalid")),
    /** Whose time it was; the administrator's own without it. */
    member_id: v.optional(v.pipe(v.string("form_error_invalid"), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid"))),
    hours: v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(1, "form_error_out_of_range"), v.maxValue(10_000, "form_error_out_of_range")),
    day: v.pipe(v.string("form_error_invalid"), v.check((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)), "form_error_invalid_date")),
    note: v.optional(v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(500, "form_error_max_length"))), null),
  },
  "form_error_unknown_field",
);

const memberNotFound = () => notFound("member_not_found", "No member of this organisation has that id.");

export async function setMemberAttributes(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, memberId: string, change: v.InferOutput<typeof memberAttributesSchema>, now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { memberships } = schema;
  const where = and(eq(memberships.orgId, org.id), eq(memberships.memberId, memberId));
  const [found] = await db.select({ memberId: memberships.memberId }).from(memberships).where(where);
  if (!found) throw memberNotFound();
  const [, [row]] = await db.batch([
    db.update(memberships).set(change).where(where),
    db.select({ country: memberships.country, site: memberships.site, grade: memberships.grade }).from(memberships).where(where),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "member.impact_attributes", targetType: "member", targetId: memberId, detail: change }], now),
  ]);
  return { member_id: memberId, ...row };
}

export async function setInitiativeAttributes(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, slug: string, change: v.InferOutput<typeof initiativeAttributesSchema>, now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { initiatives } = schema;
  const [found] = await db.select({ id: initiatives.id }).from(initiatives).where(and(eq(initiatives.orgId, org.id), eq(initiatives.slug, slug)));
  if (!found) throw notFound("initiative_not_found", "The initiative cannot be found.");
  const [, [row]] = await db.batch([
    db.update(initiatives).set(change).where(eq(initiatives.id, found.id)),
    db.select({ slug: initiatives.slug, motivation: initiatives.motivation, country: initiatives.country }).from(initiatives).where(eq(initiatives.id, found.id)),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "initiative.impact_attributes", targetType: "initiative", targetId: found.id, detail: change }], now),
  ]);
  return row;
}

/** Corrects whose time a record was given in (null: back to the initiative's working-hours setting). */
export async function setTimeBasis(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, recordId: string, timeBasis: (typeof schema.TIME_BASES)[number] | null, now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { participationRecords: records, participations } = schema;
  const [found] = await db
    .select({ id: records.id, timeBasis: records.timeBasis })
    .from(records)
    .innerJoin(participations, eq(participations.id, records.participationId))
    .where(and(eq(records.id, recordId), eq(participations.orgId, org.id), eq(records.type, "hours")));
  if (!found) throw notFound("record_not_found", "The record cannot be found.");
  await db.batch([
    db.update(records).set({ timeBasis }).where(eq(records.id, recordId)),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "record.time_basis", targetType: "record", targetId: recordId, detail: { from: found.timeBasis, to: timeBasis } }], now),
  ]);
  return { id: recordId, time_basis: timeBasis };
}

const serializeManagement = (row: typeof schema.impactManagementHours.$inferSelect & { slug: string }) => ({
  id: row.id,
  initiative: row.slug,
  member_id: row.memberId,
  hours: row.hours,
  day: new Date(row.spentAt).toISOString().slice(0, 10),
  note: row.note,
  created_by: row.createdBy,
});

export async function addManagementHours(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, input: v.InferOutput<typeof managementHoursSchema>, now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { initiatives, memberships, impactManagementHours: hours } = schema;
  const memberId = input.member_id ?? actor.memberId;
  const [[initiative], [member]] = await db.batch([
    db.select({ id: initiatives.id, slug: initiatives.slug }).from(initiatives).where(and(eq(initiatives.orgId, org.id), eq(initiatives.slug, input.initiative))),
    db.select({ id: memberships.memberId }).from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.memberId, memberId))),
  ]);
  if (!initiative) throw notFound("initiative_not_found", "The initiative cannot be found.");
  if (!member) throw memberNotFound();
  const row = { id: crypto.randomUUID(), orgId: org.id, initiativeId: initiative.id, memberId, hours: input.hours, spentAt: Date.parse(input.day), note: input.note || null, createdBy: actor.memberId, createdAt: now };
  await db.batch([
    db.insert(hours).values(row),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "impact_management.added", targetType: "impact_management", targetId: row.id, detail: { initiative: initiative.slug, hours: row.hours } }], now),
  ]);
  return serializeManagement({ ...row, slug: initiative.slug });
}

export async function listManagementHours(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, period: LedgerPeriod) {
  requireRole(actor, ["admin"]);
  const { initiatives, impactManagementHours: hours } = schema;
  const rows = await getDb(env)
    .select({ row: hours, slug: initiatives.slug })
    .from(hours)
    .innerJoin(initiatives, eq(initiatives.id, hours.initiativeId))
    .where(and(eq(hours.orgId, org.id), gte(hours.spentAt, period.from), lt(hours.spentAt, period.to)))
    .orderBy(desc(hours.spentAt), hours.id)
    .limit(1000);
  return { management_hours: rows.map(({ row, slug }) => serializeManagement({ ...row, slug })) };
}

export async function removeManagementHours(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, id: string, now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { impactManagementHours: hours } = schema;
  const where = and(eq(hours.id, id), eq(hours.orgId, org.id));
  const [found] = await db.select({ id: hours.id, hours: hours.hours }).from(hours).where(where);
  if (!found) throw notFound();
  await db.batch([
    db.delete(hours).where(where),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "impact_management.removed", targetType: "impact_management", targetId: id, detail: { hours: found.hours } }], now),
  ]);
}
