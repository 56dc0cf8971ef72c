/**
 * GET /admin/access: the organisation's hostnames, SSO providers and e-mail domains together, in one D1 batch,
 * for the screen that shows both (Manage → Web address and sign-in); each list's own call stays. The
 * credential signing keys ride in the same batch (issue 32): null on a deployment without credentials.
 */
import { issuerKeyListQuery, issuerKeyViews } from "../credentials/keys";
import { getDb } from "../db/client";
import { getConfig } from "../lib/config";
import { hostnameQueries, hostnameViews } from "../hostnames/claims";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { providersQuery, providerViews } from "./sso-providers";
import { emailDomainQueries, emailDomainViews } from "./email-domains";

export async function accessOverview(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  const [claims, live, providers, domains, keys] = await getDb(env).batch([...hostnameQueries(env, org), providersQuery(env, org), ...emailDomainQueries(env, org), issuerKeyListQuery(env, org.id)]);
  return {
    hostnames: hostnameViews(claims, live),
    providers: providerViews(providers),
    email_domains: emailDomainViews(domains),
    credential_keys: getConfig(env).CREDENTIALS_KEY_SECRET ? issuerKeyViews(keys) : null,
  };
}
