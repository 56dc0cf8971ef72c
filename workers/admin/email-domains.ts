/**
 * Proving an organisation's e-mail domains (issue 25, point 1; docs/api/admin.md; decision 029),
 * the way hostnames are proven (workers/hostnames/claims.ts, docs/hostnames.md): the domain's
 * record `_commons-challenge.{domain}` must hold `commons-verification={token}`, seen through the
 * one DNS interface (workers/dns). A proven domain is a verified claim: the organisation's SSO
 * provider may then sign into an existing account on it (workers/auth/sso-identities.ts). An
 * unproven one still admits sign-ups, and never links an existing account. The domains themselves
 * are set by the operator; administrators prove them.
 */
import { and, eq, isNull } from "drizzle-orm";
import { challengeRecord } from "../../app/domain/hostnames";
import { getDb, schema } from "../db/client";
import { txtProof } from "../dns";
import { conflict, notFound, upstreamUnavailable } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

const { organizationEmailDomains: domains } = schema;

type DomainRow = typeof domains.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface EmailDomainView {
  domain: string;
  status: "pending" | "verified";
  /** The TXT record that proves it (kept after the proof: removing the record does not unprove it). */
  record: ReturnType<typeof challengeRecord>;
  last_error: string | null;
  checked_at: string | null;
  verified_at: string | null;
}

/**
 * The statements of the list (to batch alone or with others: GET /admin/access). Reads only: a
 * domain's token is given when its row is made (trigger of migrations/0026).
 */
export function emailDomainQueries(env: Env, org: Tenant) {
  return [getDb(env).select().from(domains).where(eq(domains.orgId, org.id)).orderBy(domains.domain)] as const;
}

export function emailDomainViews(rows: DomainRow[]): EmailDomainView[] {
  return rows.map((row) => ({
    domain: row.domain,
    status: row.verifiedAt === null ? "pending" : "verified",
    record: challengeRecord(row.domain, row.token ?? ""),
    last_error: row.lastError,
    checked_at: iso(row.checkedAt),
    verified_at: iso(row.verifiedAt),
  }));
}

/** GET /admin/email_domains. */
export async function listEmailDomains(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  const [rows] = await getDb(env).batch(emailDomainQueries(env, org));
  return emailDomainViews(rows);
}

/**
 * POST /admin/email_domains/{domain}/verify: looks for the TXT record. Found: the domain is proven
 * from now on (audit row). Not found: 409 email_domain_not_verified with why (record_missing,
 * record_wrong), kept on the domain for the screen. A proven domain checked again stays proven.
 */
export async function verifyEmailDomain(env: Env, org: Tenant, actor: StaffActor, domain: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const row = await db.select().from(domains).where(and(eq(domains.domain, domain), eq(domains.orgId, org.id))).get();
  if (!row?.token) throw notFound("email_domain_not_found", "This organisation has no such e-mail domain.");
  const view = () => emailDomainViews([row])[0];
  if (row.verifiedAt !== null) return view();
  const proof = await txtProof(env, challengeRecord(domain, row.token));
  if (proof !== "proven") {
    await db.update(domains).set({ lastError: proof, checkedAt: now }).where(eq(domains.domain, domain));
    if (proof === "dns_unavailable") throw upstreamUnavailable("dns_unavailable", "DNS cannot be asked right now; try again in a few minutes.");
    throw conflict("email_domain_not_verified", proof === "record_wrong" ? "The TXT record holds another value." : "The TXT record cannot be found yet.", { domain: `email_domain_check_${proof}` });
  }
  await db.batch([
    db.update(domains).set({ verifiedAt: now, lastError: null, checkedAt: now }).where(and(eq(domains.domain, domain), isNull(domains.verifiedAt))),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "organization.email_domain_verified", targetType: "organization", targetId: org.id, detail: { domain } }], now),
  ]);
  return { ...view(), status: "verified" as const, last_error: null, checked_at: iso(now), verified_at: iso(now) };
}
