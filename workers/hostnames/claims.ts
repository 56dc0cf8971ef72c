/**
 * An organisation's custom hostnames (issue 15, point 4; docs/hostnames.md): administrators add
 * one, publish the TXT record it asks for, and check it; once the record is seen through the DNS
 * interface (workers/dns) the hostname serves the organisation (organization_hostnames, cache
 * dropped) and, with a hostname service configured, gets its TLS certificate there. Each step
 * writes its audit row.
 *
 * A pending claim holds its name for PENDING_CLAIM_DAYS (issue 25, point 5): after that it no longer
 * blocks another organisation, whose claim replaces it, and it cannot be proven any more (adding
 * the name again gives a new record). A name is its first prover's: once it is served, nobody else
 * can claim or prove it.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { challengeRecord, HOSTNAMES_MAX } from "../../app/domain/hostnames";
import { getDb, schema } from "../db/client";
import { txtProof } from "../dns";
import { getConfig } from "../lib/config";
import { conflict, notFound, upstreamUnavailable } from "../lib/domain-errors";
import { auditStatements, guardedAudit } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import { invalidateOrganization, type Tenant } from "../tenant/organizations";
import { hostnameService, HostnameServiceError } from "./service";

const { hostnameClaims: claims, organizationHostnames: served } = schema;

/** How long a pending claim holds its name (docs/hostnames.md). */
export const PENDING_CLAIM_DAYS = 7;
const PENDING_CLAIM_MS = PENDING_CLAIM_DAYS * 86_400_000;

/** Whether a claim is pending and older than a pending claim may be. */
const expired = (row: { status: string; createdAt: number }, now: number) => row.status === "pending" && row.createdAt <= now - PENDING_CLAIM_MS;

export interface HostnameView {
  hostname: string;
  status: "pending" | "verified";
  /** The TXT record to publish (null for a hostname set up by the operator, which has none). */
  record: ReturnType<typeof challengeRecord> | null;
  /** The certificate's state at the hostname service; "not_managed" without one. */
  tls: string;
  last_error: string | null;
  checked_at: string | null;
  verified_at: string | null;
  /** When a pending claim stops holding the name (null once verified). */
  expires_at: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The statements of the list (to batch alone or with others: GET /admin/access). */
export function hostnameQueries(env: Env, org: Tenant) {
  const db = getDb(env);
  return [db.select().from(claims).where(eq(claims.orgId, org.id)), db.select({ hostname: served.hostname }).from(served).where(eq(served.orgId, org.id))] as const;
}

/** The list from those statements' rows: verified ones (served) and ones waiting for their record, by name. */
export function hostnameViews(rows: (typeof claims.$inferSelect)[], live: { hostname: string }[]): HostnameView[] {
  const byName = new Map<string, HostnameView>();
  for (const { hostname } of live) byName.set(hostname, { hostname, status: "verified", record: null, tls: "not_managed", last_error: null, checked_at: null, verified_at: null, expires_at: null });
  for (const row of rows) {
    byName.set(row.hostname, {
      hostname: row.hostname,
      status: row.status,
      record: challengeRecord(row.hostname, row.token),
      tls: row.tlsStatus ?? "not_managed",
      last_error: row.lastError,
      checked_at: iso(row.checkedAt),
      verified_at: iso(row.verifiedAt),
      expires_at: row.status === "pending" ? iso(row.createdAt + PENDING_CLAIM_MS) : null,
    });
  }
  return [...byName.values()].sort((a, b) => a.hostname.localeCompare(b.hostname));
}

/** GET /admin/hostnames. */
export async function listHostnames(env: Env, org: Tenant, actor: StaffActor): Promise<HostnameView[]> {
  requireRole(actor, ["admin"]);
  const [rows, live] = await getDb(env).batch(hostnameQueries(env, org));
  return hostnameViews(rows, live);
}

/** POST /admin/hostnames: a new pending hostname and the record that will prove it. */
export async function addHostname(env: Env, org: Tenant, actor: StaffActor, hostname: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  if (hostname === new URL(getConfig(env).PUBLIC_URL).hostname) throw conflict("hostname_taken", "This hostname is the platform's own.", { hostname: "hostname_error_taken" });
  const db = getDb(env);
  await refuseTaken(env, org, hostname, now);
  const token = crypto.randomUUID().replaceAll("-", "");
  // The checks again inside the insert, and its audit row only for the claim this request wrote
  // (its token): of two administrators adding one name at once, one gets it and the other 409,
  // never a unique-index failure (decision 025).
  const own = sql`(select count(*) from (select ${claims.hostname} from ${claims} where ${claims.orgId} = ${org.id} union select ${served.hostname} from ${served} where ${served.orgId} = ${org.id}))`;
  const audit = guardedAudit(db, org.id, actor.memberId, [{ action: "organization.hostname_added", targetType: "organization", targetId: org.id, detail: { hostname } }], now, () =>
    sql`exists (select 1 from ${claims} where ${claims.hostname} = ${hostname} and ${claims.token} = ${token})`,
  );
  const [, , , written] = await db.batch([
    // An expired pending claim, anyone's, gives way to this one.
    db.delete(claims).where(and(eq(claims.hostname, hostname), eq(claims.status, "pending"), lte(claims.createdAt, now - PENDING_CLAIM_MS))),
    db
      .insert(claims)
      .select(
        sql`select ${hostname}, ${org.id}, ${token}, 'pending', null, null, null, null, null, ${now}
          where not exists (select 1 from ${served} where ${served.hostname} = ${hostname}) and ${own} < ${HOSTNAMES_MAX}`,
      )
      .onConflictDoNothing(),
    audit.statement,
    audit.written,
  ]);
  if (!written.length) {
    await refuseTaken(env, org, hostname, now);
    throw conflict("hostname_taken", "This hostname is already in use.", { hostname: "hostname_error_taken" });
  }
  return (await listHostnames(env, org, actor)).find((view) => view.hostname === hostname)!;
}

/** 409 when the name is anyone's already (claimed or served), or the organisation has its most. */
async function refuseTaken(env: Env, org: Tenant, hostname: string, now: number) {
  const db = getDb(env);
  const [claimed, live, ownClaims, ownLive] = await db.batch([
    db.select({ orgId: claims.orgId, status: claims.status, createdAt: claims.createdAt }).from(claims).where(eq(claims.hostname, hostname)),
    db.select({ orgId: served.orgId }).from(served).where(eq(served.hostname, hostname)),
    db.select({ hostname: claims.hostname }).from(claims).where(eq(claims.orgId, org.id)),
    db.select({ hostname: served.hostname }).from(served).where(eq(served.orgId, org.id)),
  ]);
  const mine = new Set([...ownClaims, ...ownLive].map((row) => row.hostname));
  // An expired pending claim, anyone's, no longer holds the name: it gives way below.
  if (claimed.some((row) => !expired(row, now)) || live.length) throw conflict("hostname_taken", "This hostname is already in use.", { hostname: "hostname_error_taken" });
  if (mine.size >= HOSTNAMES_MAX) throw conflict("too_many_hostnames", `An organisation has at most ${HOSTNAMES_MAX} hostnames.`, { hostname: "hostname_error_too_many" });
}

async function claimOf(env: Env, org: Tenant, hostname: string) {
  const row = await getDb(env).select().from(claims).where(and(eq(claims.hostname, hostname), eq(claims.orgId, org.id))).get();
  if (!row) throw notFound("hostname_not_found", "This organisation has no such hostname to check.");
  return row;
}

/**
 * POST /admin/hostnames/{hostname}/verify: looks for the TXT record. Found: the hostname serves
 * the organisation from now on (and goes to the hostname service). Not found: 409 with why
 * (record_missing, record_wrong), kept on the hostname for the screen. A verified hostname checked
 * again refreshes its certificate's state.
 */
export async function verifyHostname(env: Env, org: Tenant, actor: StaffActor, hostname: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const row = await claimOf(env, org, hostname);
  const db = getDb(env);
  const service = hostnameService(env);
  if (row.status === "verified") {
    if (service && row.externalId) await refreshTls(env, hostname, () => service.status(row.externalId!));
    return (await listHostnames(env, org, actor)).find((view) => view.hostname === hostname)!;
  }
  if (expired(row, now)) throw conflict("hostname_claim_expired", `A pending hostname must be proven within ${PENDING_CLAIM_DAYS} days; add it again for a new record.`, { hostname: "hostname_check_expired" });
  // The first organisation to prove a name keeps it: proving one served elsewhere is refused.
  const owner = await db.select({ orgId: served.orgId }).from(served).where(eq(served.hostname, hostname)).get();
  if (owner && owner.orgId !== org.id) throw conflict("hostname_taken", "This hostname is already in use.", { hostname: "hostname_error_taken" });
  const proof = await txtProof(env, challengeRecord(hostname, row.token));
  if (proof !== "proven") {
    await db.update(claims).set({ lastError: proof, checkedAt: now }).where(eq(claims.hostname, hostname));
    if (proof === "dns_unavailable") throw upstreamUnavailable("dns_unavailable", "DNS cannot be asked right now; try again in a few minutes.");
    throw conflict("hostname_not_verified", proof === "record_wrong" ? "The TXT record holds another value." : "The TXT record cannot be found yet.", { hostname: `hostname_check_${proof}` });
  }
  await db.batch([
    db.update(claims).set({ status: "verified", lastError: null, checkedAt: now, verifiedAt: now }).where(eq(claims.hostname, hostname)),
    db.insert(served).values({ hostname, orgId: org.id }).onConflictDoNothing(),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "organization.hostname_verified", targetType: "organization", targetId: org.id, detail: { hostname } }], now),
  ]);
  // The host may be cached as belonging to no organisation: drop that with the rest.
  await invalidateOrganization(env, { slug: org.slug, hostnames: [...org.hostnames, hostname] });
  if (service) {
    await refreshTls(env, hostname, async () => {
      const added = await service.add(hostname);
      await db.update(claims).set({ externalId: added.id }).where(eq(claims.hostname, hostname));
      return added;
    });
  }
  return (await listHostnames(env, org, actor)).find((view) => view.hostname === hostname)!;
}

/** Records the certificate's state from the service, or the service's failure (the hostname is served either way). */
async function refreshTls(env: Env, hostname: string, ask: () => Promise<{ tls: string }>) {
  const db = getDb(env);
  try {
    const { tls } = await ask();
    await db.update(claims).set({ tlsStatus: tls }).where(eq(claims.hostname, hostname));
  } catch (cause) {
    if (!(cause instanceof HostnameServiceError)) throw cause;
    console.error(JSON.stringify({ level: "error", msg: "hostname service failed", hostname, cause: cause.message }));
    await db.update(claims).set({ tlsStatus: "service_error" }).where(eq(claims.hostname, hostname));
  }
}

/** DELETE /admin/hostnames/{hostname}: the organisation stops answering on it at once. */
export async function removeHostname(env: Env, org: Tenant, actor: StaffActor, hostname: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const [claim, live] = await db.batch([
    db.select().from(claims).where(and(eq(claims.hostname, hostname), eq(claims.orgId, org.id))),
    db.select().from(served).where(and(eq(served.hostname, hostname), eq(served.orgId, org.id))),
  ]);
  if (!claim.length && !live.length) throw notFound("hostname_not_found", "This organisation has no such hostname.");
  await db.batch([
    db.delete(claims).where(and(eq(claims.hostname, hostname), eq(claims.orgId, org.id))),
    db.delete(served).where(and(eq(served.hostname, hostname), eq(served.orgId, org.id))),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "organization.hostname_removed", targetType: "organization", targetId: org.id, detail: { hostname } }], now),
  ]);
  await invalidateOrganization(env, { slug: org.slug, hostnames: [...org.hostnames, hostname] });
  const externalId = claim[0]?.externalId;
  const service = hostnameService(env);
  if (service && externalId) {
    try {
      await service.remove(externalId);
    } catch (cause) {
      // Served no more either way; the operator's log says what to clean up at the service.
      if (!(cause instanceof HostnameServiceError)) throw cause;
      console.error(JSON.stringify({ level: "error", msg: "hostname service removal failed", hostname, externalId, cause: cause.message }));
    }
  }
}
