/**
 * The organisation's volunteering policy (issue 15, point 3; SPEC.md section 4, "Terms"): its
 * current version and address, and publishing a new version, after which every member meets the
 * non-closable policy modal again until they accept it. Administrators only.
 */
import { getDb } from "../db/client";
import { auditStatements } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import { updateOrganization, type Tenant } from "../tenant/organizations";

export function currentPolicy(org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  return { version: org.orgTermsVersion, url: org.orgTermsUrl };
}

/** Publishes version + 1 at `url`, with its audit row; the cached organisation is dropped. */
export async function publishPolicy(env: Env, org: Tenant, actor: StaffActor, url: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const before = { version: org.orgTermsVersion, url: org.orgTermsUrl };
  const after = { version: org.orgTermsVersion + 1, url };
  const audit = auditStatements(getDb(env), org.id, actor.memberId, [{ action: "organization.policy_published", targetType: "organization", targetId: org.id, detail: { before, after } }], now);
  await updateOrganization(env, org, { orgTermsVersion: after.version, orgTermsUrl: url }, audit);
  return after;
}
