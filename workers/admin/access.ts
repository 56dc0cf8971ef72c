/**
 * GET /admin/access: the organisation's hostnames and SSO providers together, in one D1 batch,
 * for the screen that shows both (Manage → Web address and sign-in); each list's own call stays.
 */
import { getDb } from "../db/client";
import { hostnameQueries, hostnameViews } from "../hostnames/claims";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { providersQuery, providerViews } from "./sso-providers";

export async function accessOverview(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  const [claims, live, providers] = await getDb(env).batch([...hostnameQueries(env, org), providersQuery(env, org)]);
  return { hostnames: hostnameViews(claims, live), providers: providerViews(providers) };
}
