/**
 * Which organisation an initiative slug belongs to (SPEC.md section 7,
 * /api/organization/by_initiative_slug): how a shared link finds its organisation.
 */
import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getOrganizationById, type Tenant } from "./organizations";

/**
 * Slugs are unique per organisation, not across them: the request's own organisation is preferred,
 * then a public one, then one the caller belongs to. A private organisation is never named to
 * anyone else (issue 25, point 5): its slug is not public, and an initiative's slug must not reveal
 * it. The request's own organisation (its custom hostname) is no secret to whoever uses that host.
 */
export async function organizationOfInitiativeSlug(env: Env, slug: string, preferOrgId: string, memberId: string | null = null): Promise<Tenant | null> {
  const db = getDb(env);
  const rows = await db
    .select({ orgId: schema.initiatives.orgId, isPublic: schema.organizations.isPublic, isDefault: schema.organizations.isDefault })
    .from(schema.initiatives)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.initiatives.orgId))
    .where(eq(schema.initiatives.slug, slug))
    .all();
  const open = (row: (typeof rows)[number]) => row.isPublic || row.isDefault;
  let chosen = rows.find((row) => row.orgId === preferOrgId) ?? rows.find(open);
  const privateOnes = rows.filter((row) => !open(row)).map((row) => row.orgId);
  if (!chosen && memberId && privateOnes.length) {
    const mine = await db
      .select({ orgId: schema.memberships.orgId })
      .from(schema.memberships)
      .where(and(eq(schema.memberships.memberId, memberId), inArray(schema.memberships.orgId, privateOnes)))
      .get();
    chosen = mine ? rows.find((row) => row.orgId === mine.orgId) : undefined;
  }
  return chosen ? getOrganizationById(env, chosen.orgId) : null;
}
