/**
 * What waits for the actor across the staff area (issue 11), in one batch: records, members'
 * uploads and pledges of the initiatives they manage (organisers and administrators), and the
 * attendance waiting for their approval (managers and administrators, or a line manager's reports).
 * The staff screens show these counts on their tabs.
 */
import { and, count, eq, inArray, isNotNull, sql, type Subquery } from "drizzle-orm";
import { approvesEveryone, reviews, WAITING_COUNT_CAP } from "../../app/domain/manage";
import { moderatesProposals } from "./proposals";
import { getDb, schema } from "../db/client";
import type { Tenant } from "../tenant/organizations";
import { managedInitiativeIds, managedInitiatives, requireRole, STAFF_ROLES, type StaffActor } from "./scope";

const { participations, participationRecords: records, attachments, contributions, memberships } = schema;

/** What waits for the actor, each count at most WAITING_COUNT_CAP ("that many or more"). */
export interface StaffSummary {
  /** Null where the role does not review (a manager). */
  records: number | null;
  uploads: number | null;
  contributions: number | null;
  approvals: number;
  /** Proposals waiting for a moderator; null for staff who do not moderate them. */
  proposals: number | null;
}

/**
 * The summary's five counts as statements, for a batch of their own or inside another (the dashboard's).
 * Each counts at most WAITING_COUNT_CAP rows (decision 043): a tab says "99+" beyond, and a long
 * queue costs no more to count than a short one. An organiser's queues are read from the
 * initiatives they manage (managedInitiativeIds), an administrator's from the organisation's
 * waiting rows, so either stops at the cap or at the end of what is theirs.
 */
export function staffSummaryQueries(db: ReturnType<typeof getDb>, org: Tenant, actor: StaffActor) {
  requireRole(actor, STAFF_ROLES);
  const everything = managedInitiatives(db, actor) === undefined;
  const mine = everything ? null : managedInitiativeIds(db, org.id, actor);
  const one = { one: sql<number>`1`.as("one") };
  const capped = (waiting: { limit(n: number): { as(alias: string): Subquery } }) => db.select({ n: count() }).from(waiting.limit(WAITING_COUNT_CAP).as("waiting"));
  // What waits is found by its own org_id and status index (records by their participation's
  // org_id), where a term on initiatives.org_id made the planner read every initiative of the
  // organisation and all their rows (issue 26). For an organiser, the status is checked on the
  // rows of their initiatives (`+org_id`, `+status`: not the organisation's indexes over everything).
  return [
    capped(
      db
        .select(one)
        .from(records)
        .innerJoin(participations, eq(participations.id, records.participationId))
        .where(mine ? and(inArray(participations.initiativeId, mine), sql`+${participations.orgId} = ${org.id} and +${records.status} = 'pending'`) : and(eq(participations.orgId, org.id), eq(records.status, "pending"))),
    ),
    capped(
      db
        .select(one)
        .from(attachments)
        .where(
          and(
            mine ? and(inArray(attachments.initiativeId, mine), sql`+${attachments.orgId} = ${org.id}`) : eq(attachments.orgId, org.id),
            eq(attachments.status, "pending"),
            isNotNull(attachments.memberId),
          ),
        ),
    ),
    capped(
      db
        .select(one)
        .from(contributions)
        .where(
          and(
            mine ? and(inArray(contributions.initiativeId, mine), sql`+${contributions.orgId} = ${org.id} and +${contributions.status} = 'pending'`) : and(eq(contributions.orgId, org.id), eq(contributions.status, "pending")),
            inArray(contributions.source, ["transfer", "inhand", "external"]),
          ),
        ),
    ),
    capped(
      db
        .select(one)
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
    ),
    capped(db.select(one).from(schema.proposals).where(and(eq(schema.proposals.orgId, org.id), eq(schema.proposals.status, "proposed")))),
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
