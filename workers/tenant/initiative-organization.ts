/**
 * Which organisation an initiative slug belongs to (SPEC.md section 7,
 * /api/organization/by_initiative_slug): how a shared link finds its organisation.
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getOrganizationById, type Tenant } from "./organizations";

/**
 * Slugs are unique per organisation, not across them: the request's own organisation is preferred,
 * then a public one, then any.
 */
export async function organizationOfInitiativeSlug(env: Env, slug: string, preferOrgId: string): Promise<Tenant | null> {
  const rows = await getDb(env)
    .select({ orgId: schema.initiatives.orgId, isPublic: schema.organizations.isPublic })
    .from(schema.initiatives)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.initiatives.orgId))
    .where(eq(schema.initiatives.slug, slug))
    .all();
  const chosen = rows.find((row) => row.orgId === preferOrgId) ?? rows.find((row) => row.isPublic) ?? rows[0];
  return chosen ? getOrganizationById(env, chosen.orgId) : null;
}
