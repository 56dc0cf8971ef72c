/**
 * Guards every /api/{org}/... route: a valid access token, and membership of the organisation in
 * the path. Anyone else gets 404, never the organisation's content (DESIGN.md "Tenants").
 */
import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { isSlug } from "../../app/domain/slug";
import { authenticate, unauthenticated } from "../auth/middleware";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { AppEnv } from "../types";

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  // Sub-apps mounted on overlapping paths (/:org/initiative/:slug and /:org/initiative) each use
  // this guard: the first one that ran for the request has already checked everything.
  if (c.get("membership")) return next();
  const auth = await authenticate(c.env, c.req.header("authorization"));
  if (!auth) throw unauthenticated();
  const slug = c.req.param("org") ?? "";
  const org = isSlug(slug) ? await getOrganizationBySlug(c.env, slug) : null;
  if (!org) throw organizationNotFound();
  const membership = await getDb(c.env)
    .select({
      role: schema.memberships.role,
      orgTermsAcceptedVersion: schema.memberships.orgTermsAcceptedVersion,
      onboardingCompletedVersion: schema.memberships.onboardingCompletedVersion,
      managerMemberId: schema.memberships.managerMemberId,
    })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, auth.memberId)))
    .get();
  if (!membership) throw organizationNotFound();
  c.set("auth", auth);
  c.set("org", org);
  c.set("membership", membership);
  await next();
});
