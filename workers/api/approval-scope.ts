/**
 * Role and scope before the body on the manager's approval (issue 25, point 5):
 * PUT /api/{org}/initiative/{id}/participants/{uuid}/approval decides for a participant only
 * when the caller approves everyone (manager, admin) or is the participant's line manager. That is
 * checked here, before the body is read, so anyone else gets 403 whatever they send; the service
 * (workers/initiatives/actions.ts, decideApproval) checks it again with the rest of its rules.
 */
import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { approvesEveryone } from "../../app/domain/manage";
import { getDb, schema } from "../db/client";
import { forbidden, notFound } from "../lib/domain-errors";
import type { MemberEnv } from "../types";

export const approvalScopeFirst = createMiddleware<MemberEnv>(async (c, next) => {
  if (!approvesEveryone(c.var.membership.role)) {
    const { participations, memberships } = schema;
    // The line manager of the participant this path names, in this organisation (none: nobody's).
    const row = await getDb(c.env)
      .select({ manager: memberships.managerMemberId })
      .from(participations)
      .innerJoin(memberships, and(eq(memberships.orgId, participations.orgId), eq(memberships.memberId, participations.memberId)))
      .where(and(eq(participations.orgId, c.var.org.id), eq(participations.initiativeId, c.req.param("id") ?? ""), eq(participations.uuid, c.req.param("participant_uuid") ?? "")))
      .get();
    // Unknown here (another organisation's included): 404, as the service says it.
    if (!row) throw notFound("participant_not_found", "The participant cannot be found.");
    if (row.manager !== c.var.auth.memberId) throw forbidden("approval_not_allowed", "Only the participant's manager can decide.");
  }
  await next();
});

/**
 * The same rule before the body of the bulk decision (PUT /api/{org}/manage/approvals): a caller
 * who approves for nobody (no manager or administrator, nobody's line manager) gets 403 whatever
 * they send; which of the named participants they may decide for is the service's check.
 */
export const bulkApprovalScopeFirst = createMiddleware<MemberEnv>(async (c, next) => {
  if (!approvesEveryone(c.var.membership.role)) {
    const { memberships } = schema;
    const managed = await getDb(c.env)
      .select({ id: memberships.memberId })
      .from(memberships)
      .where(and(eq(memberships.orgId, c.var.org.id), eq(memberships.managerMemberId, c.var.auth.memberId)))
      .limit(1)
      .get();
    if (!managed) throw forbidden("staff_only", "Only managers decide on attendance.");
  }
  await next();
});
