/**
 * Guards every /api/{org}/... route: a valid access token, and membership of the organisation in
 * the path. Anyone else gets 404, never the organisation's content (DESIGN.md "Tenants").
 */
import { createMiddleware } from "hono/factory";
import { isSlug } from "../../app/domain/slug";
import { authenticate, unauthenticated } from "../auth/middleware";
import { notFound } from "../lib/domain-errors";
import { membershipOf } from "../tenant/memberships";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { MemberEnv } from "../types";

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

export const orgScope = createMiddleware<MemberEnv>(async (c, next) => {
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
  const membership = await membershipOf(c.env, auth.memberId, org.id, memo);
  if (!membership) throw organizationNotFound();
  c.set("auth", auth);
  c.set("org", org);
  c.set("membership", membership);
  await next();
});
