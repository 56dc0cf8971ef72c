/**
 * A member's membership of one organisation as the /api/{org}/... routes see it
 * (`c.var.membership`), read once per browser request: the page's web identity reads every
 * membership of its member in the same batch as the session and leaves them in the memo.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import type { RequestMemo } from "../lib/request-memo";
import type { OrgMembership } from "../types";

export const membershipKey = (memberId: string, orgId: string) => `membership:${memberId}:${orgId}`;

export const membershipColumns = {
  role: schema.memberships.role,
  orgTermsAcceptedVersion: schema.memberships.orgTermsAcceptedVersion,
  onboardingCompletedVersion: schema.memberships.onboardingCompletedVersion,
  managerMemberId: schema.memberships.managerMemberId,
};

async function readMembership(env: Env, memberId: string, orgId: string): Promise<OrgMembership | null> {
  const row = await getDb(env)
    .select(membershipColumns)
    .from(schema.memberships)
    .where(and(eq(schema.memberships.orgId, orgId), eq(schema.memberships.memberId, memberId)))
    .get();
  return row ?? null;
}

/** The membership, or null; with a browser request's memo, read at most once per request. */
export function membershipOf(env: Env, memberId: string, orgId: string, memo?: RequestMemo): Promise<OrgMembership | null> {
  const read = () => readMembership(env, memberId, orgId);
  return memo ? memo.once(membershipKey(memberId, orgId), read) : read();
}
