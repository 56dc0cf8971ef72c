/**
 * Who may do what on the staff side (issue 11, DESIGN.md "Staff side"), checked on the server for
 * every /api/{org}/manage call. Roles are per organisation:
 * - organiser: the initiatives they created (submitter) or are named organiser of;
 * - manager: approves the attendance of the members they manage, a member with role manager for everyone;
 * - admin: everything in the organisation.
 * A member gets 403; another organisation's data was already 404 (org-scope.ts, queries by org id).
 */
import { and, eq, exists, or, sql, type SQL } from "drizzle-orm";
import { IMPACT_READING_ROLES, ORGANISING_ROLES, STAFF_ROLES, type StaffRole } from "../../app/domain/manage";
import { getDb, schema, type Database } from "../db/client";
import { forbidden } from "../lib/domain-errors";
import type { OrgMembership } from "../types";

export { IMPACT_READING_ROLES, ORGANISING_ROLES, STAFF_ROLES, type StaffRole };

/** The acting staff member, as the staff routes hand it to the services. */
export interface StaffActor {
  memberId: string;
  role: OrgMembership["role"];
}

/** 403 unless the actor has one of `roles`. */
export function requireRole(actor: StaffActor, roles: readonly StaffRole[] = STAFF_ROLES) {
  if (!(roles as readonly string[]).includes(actor.role)) throw forbidden("staff_only", "Only the organisation's staff can do this.");
}

/**
 * The condition on `initiatives` that keeps the ones the actor manages: every one of the
 * organisation for an administrator; for an organiser those they submitted or are named on.
 * The caller scopes by organisation too.
 */
export function managedInitiatives(db: Database, actor: StaffActor): SQL | undefined {
  if (actor.role === "admin") return undefined;
  return or(
    eq(schema.initiatives.submitterMemberId, actor.memberId),
    exists(
      db
        .select({ one: schema.initiativeOrganisers.memberId })
        .from(schema.initiativeOrganisers)
        .where(and(eq(schema.initiativeOrganisers.initiativeId, schema.initiatives.id), eq(schema.initiativeOrganisers.memberId, actor.memberId))),
    ),
  );
}

/** A column saying whether the actor manages the row's initiative (1 or 0), to tell 403 from 404 in one read. */
export function managedColumn(db: Database, actor: StaffActor) {
  const condition = managedInitiatives(db, actor);
  // Aliased: a batch's rows come back as objects, where a column named "1" would sort first.
  return (condition ? sql<number>`case when ${condition} then 1 else 0 end` : sql<number>`1`).as("managed");
}

/** 403 for an organiser when the initiative is not theirs (`managed` comes from a query that selected managedInitiatives). */
export function requireManaged(managed: boolean) {
  if (!managed) throw forbidden("initiative_not_managed", "Only the initiative's organisers can do this.");
}

/** Whether the actor manages the organisation's initiative `initiativeId` (an administrator: any of them). */
export async function managesInitiative(env: Pick<Env, "DB">, orgId: string, actor: StaffActor, initiativeId: string): Promise<boolean> {
  if (!(ORGANISING_ROLES as readonly string[]).includes(actor.role)) return false;
  if (actor.role === "admin") return true;
  const db = getDb(env);
  const row = await db
    .select({ id: schema.initiatives.id })
    .from(schema.initiatives)
    .where(and(eq(schema.initiatives.orgId, orgId), eq(schema.initiatives.id, initiativeId), managedInitiatives(db, actor)))
    .get();
  return !!row;
}

/**
 * The ids of the organisation's initiatives an organiser manages (submitted or named on), as a
 * subquery to start from (decision 043): a queue read from what the organiser manages, not walked
 * over everything waiting in the organisation until the organiser's rows turn up. Administrators
 * manage every initiative: their queues start from the organisation's waiting rows instead.
 */
export function managedInitiativeIds(db: Database, orgId: string, actor: StaffActor) {
  return db
    .select({ id: schema.initiativeOrganisers.initiativeId })
    .from(schema.initiativeOrganisers)
    .where(and(eq(schema.initiativeOrganisers.orgId, orgId), eq(schema.initiativeOrganisers.memberId, actor.memberId)))
    .union(db.select({ id: schema.initiatives.id }).from(schema.initiatives).where(and(eq(schema.initiatives.orgId, orgId), eq(schema.initiatives.submitterMemberId, actor.memberId))));
}
