/**
 * The manager's approvals (issue 11, point 7): the participations waiting for the actor's decision.
 * A member with role manager or admin decides for everyone; anyone else for the members whose line
 * manager they are (memberships.manager_member_id). Someone who manages nobody gets 403. The decision
 * itself is PUT /api/{org}/initiative/{id}/participants/{uuid}/approval (initiatives/actions.ts).
 */
import { and, asc, count, eq } from "drizzle-orm";
import { approvesEveryone } from "../../app/domain/manage";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { forbidden } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
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
