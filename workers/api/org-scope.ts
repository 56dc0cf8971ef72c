/**
 * Guards every /api/{org}/... route: a valid access token, and membership of the organisation in
 * the path. Anyone else gets 404, never the organisation's content (DESIGN.md "Tenants").
 */
import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { isSlug } from "../../app/domain/slug";
import { authenticate, unauthenticated } from "../auth/middleware";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/errors";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { AppEnv, OrgMembership } from "../types";

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

/** The key of a membership in a browser request's memo; the page's web identity fills it (auth/web-identity.ts). */
export const membershipKey = (memberId: string, orgId: string) => `membership:${memberId}:${orgId}`;

/** The membership columns a scoped route sees as `c.var.membership`. */
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

export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  // Sub-apps mounted on overlapping paths (/:org/initiative/:slug and /:org/initiative) each use
  // this guard: the first one that ran for the request has already checked everything.
  if (c.get("membership")) return next();
  const memo = c.var.page?.memo;
  const auth = await authenticate(c.env, c.req.header("authorization"), memo);
  if (!auth) throw unauthenticated();
  const slug = c.req.param("org") ?? "";
  const org = isSlug(slug) ? await getOrganizationBySlug(c.env, slug) : null;
  if (!org) throw organizationNotFound();
  // A page's calls share one read of the membership (a write through the API forgets it).
  const read = () => readMembership(c.env, auth.memberId, org.id);
  const membership = await (memo ? memo.once(membershipKey(auth.memberId, org.id), read) : read());
  if (!membership) throw organizationNotFound();
  c.set("auth", auth);
  c.set("org", org);
  c.set("membership", membership);
  await next();
});
