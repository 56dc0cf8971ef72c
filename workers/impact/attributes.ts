/**
 * What the ledger reads besides hours and money (issue 30, section 1), set by an administrator:
 * a member's country, site and grade; an initiative's motivation class and country; a record's
 * time basis, corrected; and the hours staff spent running an initiative. Each change is one batch
 * with its audit entry; another organisation's member, initiative or record answers 404.
 */
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { isValidEmail, normalizeEmail } from "../../app/domain/email";
import { MEMBER_IMPORT_MAX } from "../../app/domain/impact";
import * as v from "valibot";
import { selectInChunks, writeBatch } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { IMPACT_READING_ROLES, requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import type { LedgerPeriod } from "./ledger";
import { dayInstant } from "./periods";

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

/** An initiative's motivation class and country, for the editor (the initiative by its slug). */
export async function initiativeAttributes(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, slug: string) {
  requireRole(actor, IMPACT_READING_ROLES);
  const { initiatives } = schema;
  const [row] = await getDb(env)
    .select({ slug: initiatives.slug, motivation: initiatives.motivation, country: initiatives.country })
    .from(initiatives)
    .where(and(eq(initiatives.orgId, org.id), eq(initiatives.slug, slug)));
  if (!row) throw notFound("initiative_not_found", "The initiative cannot be found.");
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
  const row = { id: crypto.randomUUID(), orgId: org.id, initiativeId: initiative.id, memberId, hours: input.hours, spentAt: dayInstant(input.day), note: input.note || null, createdBy: actor.memberId, createdAt: now };
  await db.batch([
    db.insert(hours).values(row),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "impact_management.added", targetType: "impact_management", targetId: row.id, detail: { initiative: initiative.slug, hours: row.hours } }], now),
  ]);
  return serializeManagement({ ...row, slug: initiative.slug });
}

export async function listManagementHours(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, period: LedgerPeriod) {
  requireRole(actor, IMPACT_READING_ROLES);
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

/** Members updated per batch: each update binds five parameters, the audit rows eight; D1's batch stays small. */
const IMPORT_CHUNK = 50;
const cell = v.optional(v.string("form_error_invalid"));
export const memberImportSchema = v.strictObject(
  {
    rows: v.pipe(
      v.array(v.strictObject({ email: cell, country: cell, site: cell, grade: cell }, "form_error_unknown_field"), "form_error_invalid"),
      v.minLength(1, "form_error_required"),
      v.maxLength(MEMBER_IMPORT_MAX, "form_error_out_of_range"),
    ),
  },
  "form_error_unknown_field",
);
type ImportRow = v.InferOutput<typeof memberImportSchema>["rows"][number];
type AttributeChange = { country?: string; site?: string; grade?: string };

/** A row's change (empty cells leave the attribute as it is), or the message of each field at fault. */
function checkImportRow(row: ImportRow): { email: string; change: AttributeChange; fields: Record<string, string> } {
  const email = normalizeEmail(row.email ?? "");
  const fields: Record<string, string> = {};
  const change: AttributeChange = {};
  if (!email) fields.email = "form_error_required";
  else if (email.length > 320 || !isValidEmail(email)) fields.email = "form_error_invalid_email";
  const country = (row.country ?? "").trim().toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) fields.country = "impact_error_unknown_country";
  else if (country) change.country = country;
  for (const key of ["site", "grade"] as const) {
    const value = (row[key] ?? "").trim();
    if (value.length > 100) fields[key] = "form_error_max_length";
    else if (value) change[key] = value;
  }
  if (!Object.keys(fields).length && !Object.keys(change).length) fields.email = "form_error_empty_update";
  return { email, change, fields };
}

/**
 * Members' country, site and grade from a spreadsheet (email, country, site, grade): every row is
 * checked on its own and a row at fault is reported (its line, 1 for the first data row, and each
 * field's message) while the others are written; an address that is not a member here, or is
 * named twice, is refused too. The writes go one batch per chunk of members, each with its audit
 * entries, so a chunk is written whole or not at all.
 */
export async function importMemberAttributes(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, rows: ImportRow[], now: number) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const { memberships, members } = schema;
  const checked = rows.map((row, index) => ({ row: index + 1, ...checkImportRow(row) }));
  const seen = new Set<string>();
  for (const line of checked) {
    if (Object.keys(line.fields).length) continue;
    if (seen.has(line.email)) line.fields.email = "impact_error_duplicate_email";
    seen.add(line.email);
  }
  const emails = [...seen];
  const found = await selectInChunks(
    db,
    emails,
    (chunk) =>
      db
        .select({ memberId: memberships.memberId, email: members.email })
        .from(memberships)
        .innerJoin(members, eq(members.id, memberships.memberId))
        .where(and(eq(memberships.orgId, org.id), inArray(members.email, chunk))),
    1,
  );
  const memberOf = new Map(found.map((row) => [row.email, row.memberId]));
  const writes: { memberId: string; change: AttributeChange }[] = [];
  for (const line of checked) {
    if (Object.keys(line.fields).length) continue;
    const memberId = memberOf.get(line.email);
    if (!memberId) line.fields.email = "impact_error_not_a_member";
    else writes.push({ memberId, change: line.change });
  }
  for (let at = 0; at < writes.length; at += IMPORT_CHUNK) {
    const chunk = writes.slice(at, at + IMPORT_CHUNK);
    await writeBatch(db, [
      ...chunk.map(({ memberId, change }) => db.update(memberships).set(change).where(and(eq(memberships.orgId, org.id), eq(memberships.memberId, memberId)))),
      ...auditStatements(db, org.id, actor.memberId, chunk.map(({ memberId, change }) => ({ action: "member.impact_attributes", targetType: "member", targetId: memberId, detail: { ...change, import: true } })), now),
    ]);
  }
  const rejected = checked.filter((line) => Object.keys(line.fields).length).map(({ row, email, fields }) => ({ row, email, fields }));
  return { updated: writes.length, rejected };
}
