/**
 * Staff correcting hours they validated before, or taking them back (issue 32; docs/api/manage.md
 * "Correcting validated hours"): a validated hours record gets new hours, or is rejected, always
 * with a reason the member reads. One guarded batch (decision 025): the audit row, the record's
 * change and the revocation of the participation's credential in force (its hours no longer
 * hold), so the status list says revoked at once; a credential for the hours that still count is
 * then issued through the queue as on validation. The hour rollups follow by their triggers
 * (decision 037), the impact ledger reads the record as it now is.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { RecordCorrectionInput } from "../../app/domain/record-corrections";
import { getDb, schema, type Database } from "../db/client";
import { guardedAudit } from "../audit/statements";
import { badRequest, ChangedMeanwhileError } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import type { Notice } from "./notify";
import { outboxEvent } from "../webhooks/outbox";
import { columns, fromRecords, recordPayload, toManagedRecord, type ManagedRecord } from "./records";
import { requireReviewable } from "./review";
import { managedColumn, ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const { participationRecords: records, initiatives, credentials } = schema;

/** 409 when the record is not validated hours as read (never validated, an indicator, or changed meanwhile), with the record as stored. */
const notCorrectable = (record: ManagedRecord) =>
  new ChangedMeanwhileError("record_not_correctable", "Only validated hours can be corrected, and someone changed this record meanwhile or it was never validated.", record);

export async function correctRecord(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  id: string,
  input: RecordCorrectionInput,
  now: number,
): Promise<{ record: ManagedRecord; participantUuid: string; notices: Notice[] }> {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const read = () => fromRecords(db, { ...columns, managed: managedColumn(db, actor) }).where(and(eq(initiatives.orgId, org.id), eq(records.id, id)));
  const found = await read();
  requireReviewable(found, [id], "record");
  const [row] = found;
  const before = row.record;
  if (before.type !== "hours" || before.status !== "validated") throw notCorrectable(toManagedRecord(row));
  if (before.hours === input.hours) throw badRequest("validation_error", "The corrected hours are the hours validated.", { hours: "form_error_invalid" });

  const change =
    input.status === "corrected"
      ? { hours: input.hours!, rejectReason: null, reviewedBy: actor.memberId, reviewedAt: now }
      : { status: "rejected" as const, rejectReason: input.reason, reviewedBy: actor.memberId, reviewedAt: now };
  // Still the validated hours staff saw: a second correction meanwhile makes this one lose (409).
  const unchanged = (target: ReturnType<typeof sql>) =>
    sql`exists (select 1 from ${records} where ${records.id} = ${target} and ${records.status} = 'validated' and ${records.hours} = ${before.hours} and ${records.reviewedAt} is ${before.reviewedAt})`;
  const audit = guardedAudit(
    db,
    org.id,
    actor.memberId,
    [{ action: `record.${input.status}`, targetType: "record", targetId: id, detail: { reason: input.reason, hours_before: before.hours, ...(input.status === "corrected" ? { hours: input.hours } : {}) } }],
    now,
    unchanged,
  );
  // Receivers hear of it as of a decision (issue 31): corrected hours are validated hours again,
  // with `corrected: true`; taken back, the record is rejected.
  const corrected = { ...row, record: { ...before, hours: input.status === "corrected" ? input.hours! : before.hours } };
  const event = input.status === "corrected" ? ("record.validated" as const) : ("record.rejected" as const);
  const payload = { ...recordPayload(corrected, input.status === "corrected" ? "validated" : "rejected"), corrected: true, hours_before: before.hours };
  const [, , , written, after] = (await db.batch([
    audit.statement,
    db.update(records).set(change).where(sql`${records.id} in ${audit.targets}`),
    revokeRelied(db, org.id, before.participationId, now, sql`${id} in ${audit.targets}`),
    audit.written,
    read(),
    outboxEvent(db, org.id, event, `record:${id}`, payload, now, (target) => sql`${target} in ${audit.targets}`),
  ])) as unknown as [unknown, unknown, unknown, { targetId: string }[], typeof found, unknown];
  const record = toManagedRecord(after[0] ?? row);
  if (!written.length) throw notCorrectable(record);
  const notice: Notice = {
    kind: input.status === "corrected" ? "records_corrected" : "records_rejected",
    memberId: row.memberId,
    initiative: { slug: row.initiativeSlug, title: row.initiativeTitle },
    reason: input.reason,
  };
  return { record, participantUuid: row.participantUuid, notices: [notice] };
}

/**
 * The participation's credential in force, revoked as `staff` (its hours no longer hold) when
 * `applied` holds inside the batch. A social CV roll-up is the certificate's and stays with it.
 */
function revokeRelied(db: Database, orgId: string, participationId: string, now: number, applied: ReturnType<typeof sql>) {
  return db
    .update(credentials)
    .set({ revokedAt: now, revokedReason: "staff" })
    .where(and(eq(credentials.orgId, orgId), eq(credentials.participationId, participationId), isNull(credentials.revokedAt), isNull(credentials.certificateId), applied));
}
