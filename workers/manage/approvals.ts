/**
 * The manager's approvals (issue 11, point 7): the participations waiting for the actor's decision.
 * A member with role manager or admin decides for everyone; anyone else for the members whose line
 * manager they are (memberships.manager_member_id). Someone who manages nobody gets 403. The decision
 * itself is PUT /api/{org}/initiative/{id}/participants/{uuid}/approval (initiatives/actions.ts),
 * or PUT /api/{org}/manage/approvals for many at once (decideApprovals).
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import * as v from "valibot";
import { approvesEveryone, bulkIdsSchema } from "../../app/domain/manage";
import { chunksFor, selectInChunks } from "../db/chunks";
import { getDb, schema, type Database } from "../db/client";
import { approvalSchema, recount } from "../initiatives/actions";
import { iso } from "../initiatives/serialize";
import { conflict, forbidden, notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { guardedAudit } from "../audit/statements";
import { outboxEvents } from "../webhooks/outbox";
import { participationPayload, participationResource } from "../webhooks/payloads";
import type { Notice } from "./notify";
import type { StaffActor } from "./scope";

const { participations, initiatives, memberships, profiles } = schema;

export interface PendingApproval {
  participant_uuid: string;
  created_at: string;
  member: { id: string; name: string; avatar: string | null };
  initiative: { id: string; slug: string; title: string; start_time: string | null; is_working_hours: boolean };
}

/** At most this many waiting approvals are listed, oldest first. */
export const APPROVALS_SHOWN = 200;



export async function listApprovals(env: Env, org: Tenant, actor: StaffActor): Promise<{ approvals: PendingApproval[] }> {
  const db = getDb(env);
  const everyone = approvesEveryone(actor.role);
  const [rows, managed] = await db.batch([
    db
      .select({
        uuid: participations.uuid,
        createdAt: participations.createdAt,
        memberId: participations.memberId,
        name: profiles.name,
        avatarKey: profiles.avatarKey,
        initiativeId: initiatives.id,
        slug: initiatives.slug,
        title: initiatives.title,
        startTime: initiatives.startTime,
        isWorkingHours: initiatives.isWorkingHours,
      })
      .from(participations)
      .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
      .innerJoin(memberships, and(eq(memberships.orgId, org.id), eq(memberships.memberId, participations.memberId)))
      .leftJoin(profiles, eq(profiles.memberId, participations.memberId))
      .where(
        and(
          eq(initiatives.orgId, org.id),
          eq(participations.status, "accepted"),
          eq(participations.managerApprovalStatus, "pending"),
          everyone ? undefined : eq(memberships.managerMemberId, actor.memberId),
        ),
      )
      .orderBy(asc(participations.createdAt), asc(participations.id))
      .limit(APPROVALS_SHOWN),
    db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.orgId, org.id), eq(memberships.managerMemberId, actor.memberId))),
  ]);
  if (!everyone && (managed[0]?.n ?? 0) === 0) throw forbidden("staff_only", "Only managers decide on attendance.");
  return {
    approvals: rows.map((row) => ({
      participant_uuid: row.uuid,
      created_at: iso(row.createdAt)!,
      member: { id: row.memberId, name: row.name ?? "", avatar: avatarUrl(row.memberId, row.avatarKey) },
      initiative: { id: row.initiativeId, slug: row.slug, title: row.title, start_time: iso(row.startTime), is_working_hours: row.isWorkingHours },
    })),
  };
}

/** The same decision on many waiting participations: `{ids: participant uuids, approved, note?}`. */
export const bulkApprovalSchema = v.strictObject({ ids: bulkIdsSchema, ...approvalSchema.entries }, "form_error_unknown_field");

/** A participation as a bulk decision answers it: as stored after the decision. */
export interface DecidedApproval {
  participant_uuid: string;
  status: string;
  manager_approval_status: string;
}

/** The participations the uuids name in the organisation, with who manages each member there (others: the organisation twice). */
const readParticipations = (db: Database, orgId: string) => (chunk: string[]) =>
  db
    .select({
      id: participations.id,
      uuid: participations.uuid,
      status: participations.status,
      approval: participations.managerApprovalStatus,
      memberId: participations.memberId,
      initiativeId: participations.initiativeId,
      slug: initiatives.slug,
      title: initiatives.title,
      managerMemberId: memberships.managerMemberId,
    })
    .from(participations)
    .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .leftJoin(memberships, and(eq(memberships.orgId, orgId), eq(memberships.memberId, participations.memberId)))
    .where(and(eq(initiatives.orgId, orgId), inArray(participations.uuid, chunk)));

/**
 * The manager's decision on many waiting participations at once (the list's ticked rows): 404 when
 * one is not a participation of the organisation, 403 when the actor may not decide for one of
 * them (not a manager or administrator, nor that member's line manager), 409 approval_not_needed
 * when one needs no approval; nothing is decided then. Each participation still accepted and
 * waiting is decided once, in one guarded batch (decision 025) that also recounts each initiative's
 * participants (a refusal frees the place); the others are `lost` (decided before, or changed
 * meanwhile). Answers the participations as stored, the applied and lost uuids, the e-mails owed
 * for the applied ones, and the initiatives where a refusal freed places (for the waitlist).
 */
export async function decideApprovals(
  env: Pick<Env, "DB">,
  org: Tenant,
  actor: StaffActor,
  uuids: string[],
  decision: { approved: boolean; note?: string | null },
  now: number,
): Promise<{ approvals: DecidedApproval[]; applied: string[]; lost: string[]; notices: Notice[]; freed: string[] }> {
  const { approved } = decision;
  const note = decision.note?.trim() || null;
  const db = getDb(env);
  const read = readParticipations(db, org.id);
  const found = await selectInChunks(db, uuids, read, 2);
  if (found.length !== uuids.length) throw notFound("participant_not_found", "The participant cannot be found.");
  if (!approvesEveryone(actor.role) && found.some((row) => row.managerMemberId !== actor.memberId)) {
    throw forbidden("approval_not_allowed", "Only the participant's manager can decide.");
  }
  if (found.some((row) => row.approval === "not_needed")) throw conflict("approval_not_needed", "This participation does not need approval.");
  const waiting = found.filter((row) => row.status === "accepted" && row.approval === "pending");
  let stored = found;
  let written = new Set<string>();
  if (waiting.length) {
    const audit = guardedAudit(
      db,
      org.id,
      actor.memberId,
      waiting.map((row) => ({
        action: approved ? "participation.approved" : "participation.rejected",
        targetType: "participation" as const,
        targetId: row.id,
        detail: { initiative_id: row.initiativeId, ...(note ? { note } : {}) },
      })),
      now,
      (target) => sql`exists (select 1 from ${participations} where ${participations.id} = ${target} and ${participations.status} = 'accepted' and ${participations.managerApprovalStatus} = 'pending')`,
    );
    const change = approved ? { managerApprovalStatus: "approved" as const, updatedAt: now } : { status: "rejected" as const, managerApprovalStatus: "rejected" as const, updatedAt: now };
    const counts = [...new Set(waiting.map((row) => row.initiativeId))].map((id) => recount(db, id));
    const reads = chunksFor(uuids, 1, 2).map(read);
    const results = (await db.batch([
      audit.statement,
      db.update(participations).set(change).where(sql`${participations.id} in ${audit.targets}`),
      ...counts,
      audit.written,
      ...reads,
      outboxEvents(
        db,
        org.id,
        approved ? "participation.approved" : "participation.rejected",
        waiting.map((row) => ({ target: row.id, resource: participationResource(row.initiativeId, row.memberId), payload: participationPayload(row, approved ? "approved" : "rejected") })),
        now,
        (target) => sql`${target} in ${audit.targets}`,
      ),
    ] as unknown as Parameters<Database["batch"]>[0])) as unknown as unknown[];
    written = new Set((results[2 + counts.length] as { targetId: string }[]).map((row) => row.targetId));
    const after = new Map((results.slice(3 + counts.length) as (typeof found)[]).flat().map((row) => [row.uuid, row]));
    stored = found.map((row) => after.get(row.uuid) ?? row);
  }
  const applied = stored.filter((row) => written.has(row.id));
  return {
    approvals: stored.map((row) => ({ participant_uuid: row.uuid, status: row.status, manager_approval_status: row.approval })),
    applied: applied.map((row) => row.uuid),
    lost: stored.filter((row) => !written.has(row.id)).map((row) => row.uuid),
    notices: applied.map((row) => ({
      kind: approved ? "attendance_approved" : "attendance_rejected",
      memberId: row.memberId,
      initiative: { slug: row.slug, title: row.title },
      reason: note,
    })),
    freed: approved ? [] : [...new Set(applied.map((row) => row.initiativeId))],
  };
}
