/**
 * One initiative as staff reach it: of the organisation or 404, managed by the actor or 403. Its own
 * module because the participants list and the waitlist both need it, and the waitlist is read by
 * the participants list (an import circle otherwise).
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import { managedColumn, ORGANISING_ROLES, requireManaged, requireRole, type StaffActor } from "./scope";

const { initiatives } = schema;

/** The initiative of the organisation, or 404; 403 when the actor does not manage it. */
export async function managedInitiative(env: Env, org: Tenant, actor: StaffActor, id: string) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const row = await db
    .select({
      id: initiatives.id,
      slug: initiatives.slug,
      title: initiatives.title,
      type: initiatives.type,
      status: initiatives.status,
      pinned: initiatives.pinned,
      managed: managedColumn(db, actor),
    })
    .from(initiatives)
    .where(and(eq(initiatives.orgId, org.id), eq(initiatives.id, id)))
    .get();
  if (!row) throw notFound("initiative_not_found", "The initiative cannot be found.");
  requireManaged(Number(row.managed) === 1);
  return row;
}
