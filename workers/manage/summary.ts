/**
 * What waits for the actor across the staff area (issue 11), in one batch: records, members'
 * uploads and pledges of the initiatives they manage (organisers and administrators), and the
 * attendance waiting for their approval (managers and administrators, or a line manager's reports).
 * The staff screens show these counts on their tabs.
 */
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { approvesEveryone, reviews } from "../../app/domain/manage";
import { moderatesProposals } from "./proposals";
import { getDb, schema } from "../db/client";
import type { Tenant } from "../tenant/organizations";
import { managedInitiatives, requireRole, STAFF_ROLES, type StaffActor } from "./scope";

const { initiatives, participations, participationRecords: records, attachments, contributions, memberships } = schema;

export interface StaffSummary {
  /** Null where the role does not review (a manager). */
  records: number | null;
  uploads: number | null;
  contributions: number | null;
  approvals: number;
  /** Proposals waiting for a moderator; null for staff who do not moderate them. */
  proposals: number | null;
}

/** The summary's five counts as statements, for a batch of their own or inside another (the dashboard's). */
export function staffSummaryQueries(db: ReturnType<typeof getDb>, org: Tenant, actor: StaffActor) {
  requireRole(actor, STAFF_ROLES);
  const managed = managedInitiatives(db, actor);
  const inOrg = eq(initiatives.orgId, org.id);
  // Uploads, pledges and participations carry their initiative's org_id: scoped by their own column,
  // the planner walks their (org_id, status) index over what waits, where a term on initiatives.org_id
  // made it read every initiative of the organisation and all their rows (issue 26).
  return [
    db
      .select({ n: count() })
      .from(records)
      .innerJoin(participations, eq(participations.id, records.participationId))
      .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
      .where(and(inOrg, managed, eq(records.status, "pending"))),
    db
      .select({ n: count() })
      .from(attachments)
      .innerJoin(initiatives, eq(initiatives.id, attachments.initiativeId))
      .where(and(eq(attachments.orgId, org.id), managed, eq(attachments.status, "pending"), isNotNull(attachments.memberId))),
    db
      .select({ n: count() })
      .from(contributions)
      .innerJoin(initiatives, eq(initiatives.id, contributions.initiativeId))
      .where(and(eq(contributions.orgId, org.id), managed, eq(contributions.status, "pending"), inArray(contributions.source, ["transfer", "inhand", "external"]))),
    db
      .select({ n: count() })
      .from(participations)
      .innerJoin(memberships, and(eq(memberships.orgId, org.id), eq(memberships.memberId, participations.memberId)))
      .where(
        and(
          // participations_org_approval_idx (org_id, manager_approval_status, status): what waits only.
          eq(participations.orgId, org.id),
          eq(participations.status, "accepted"),
          eq(participations.managerApprovalStatus, "pending"),
          approvesEveryone(actor.role) ? undefined : eq(memberships.managerMemberId, actor.memberId),
        ),
      ),
    db
      .select({ n: count() })
      .from(schema.proposals)
      .where(and(eq(schema.proposals.orgId, org.id), eq(schema.proposals.status, "proposed"))),
  ] as const;
}

/** The summary from the five counts, in the order of staffSummaryQueries. */
export function staffSummaryOf(counts: readonly number[], org: Tenant, actor: StaffActor): StaffSummary {
  const [recordCount, uploadCount, contributionCount, approvalCount, proposalCount] = counts;
  const reviewer = reviews(actor.role);
  return {
    records: reviewer ? recordCount : null,
    uploads: reviewer ? uploadCount : null,
    contributions: reviewer ? contributionCount : null,
    approvals: approvalCount,
    proposals: moderatesProposals(org, actor.role) ? proposalCount : null,
  };
}

export async function staffSummary(env: Env, org: Tenant, actor: StaffActor): Promise<StaffSummary> {
  const db = getDb(env);
  const results = await db.batch(staffSummaryQueries(db, org, actor));
  return staffSummaryOf(results.map((rows) => Number(rows[0]?.n ?? 0)), org, actor);
}
