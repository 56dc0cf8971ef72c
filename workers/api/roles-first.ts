/**
 * Role before body (issue 25, point 5; DESIGN.md "Staff side"): on the staff and admin sub-apps,
 * who may call is checked before any input is read, so a member gets 403 whatever the body, the
 * query or the upload holds, never a 400 that tells them what the call expects. The services check
 * the role again (and the scope: which initiative) as they always did; this is the same rule, first.
 */
import { createMiddleware } from "hono/factory";
import { requireRole, type StaffActor, type StaffRole } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import type { MemberEnv } from "../types";

/** The roles a call needs, by its method and its path inside the sub-app; null: the service decides alone. */
export type RolesOf = (method: string, path: string, org: Tenant) => readonly StaffRole[] | null;

/** Runs after orgScope (which has the membership); `base` is the sub-app's segment after /{org}. */
export function rolesFirst(base: string, rolesOf: RolesOf) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const prefix = `/${c.req.param("org")}/${base}`;
    const at = c.req.path.indexOf(prefix);
    const path = at >= 0 ? c.req.path.slice(at + prefix.length) || "/" : c.req.path;
    const roles = rolesOf(c.req.method === "HEAD" ? "GET" : c.req.method, path, c.var.org);
    const actor: StaffActor = { memberId: c.var.auth.memberId, role: c.var.membership.role };
    if (roles) requireRole(actor, roles);
    await next();
  });
}
