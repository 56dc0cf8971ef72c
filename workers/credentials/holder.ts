/**
 * The member's side of their credentials (issue 32, section 2): the list on their profile, asking
 * for what their validated hours are owed, and withdrawing one (its status bit is set: every
 * verifier that reads the organisation's status list then sees it revoked).
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { linkedInAddToProfileUrl } from "../../app/domain/credentials";
import { getDb, schema } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { iso } from "../initiatives/serialize";
import { notFound } from "../lib/domain-errors";
import { COUNTED_HOURS } from "../reports/counted-hours";
import { organizationOrigin, type Tenant } from "../tenant/organizations";
import { credentialsSecret } from "./keys";
import { credentialUrl, reconcileCredential, verifyPagePath } from "./issue";

const { credentials, participations, initiatives } = schema;

/** The credentials a profile lists at most: the newest (one per participation in force, plus withdrawn ones). */
export const CREDENTIALS_LISTED = 100;

/** The member's credentials in the organisation, newest first, with their links. */
export async function listCredentials(env: Env, org: Tenant, memberId: string) {
  const rows = await getDb(env)
    .select({ id: credentials.id, hours: credentials.hours, issuedAt: credentials.issuedAt, revokedAt: credentials.revokedAt, revokedReason: credentials.revokedReason, title: initiatives.title, certificateId: credentials.certificateId })
    .from(credentials)
    .leftJoin(participations, eq(participations.id, credentials.participationId))
    .leftJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .where(and(eq(credentials.orgId, org.id), eq(credentials.memberId, memberId)))
    .orderBy(desc(credentials.issuedAt), desc(credentials.id))
    .limit(CREDENTIALS_LISTED);
  const origin = organizationOrigin(env, org);
  return {
    credentials: rows.map((row) => {
      const verifyUrl = new URL(verifyPagePath(row.id), origin).toString();
      const name = row.title ?? org.name;
      return {
        id: row.id,
        /** A participation's, or the roll-up issued with a social CV certificate (whose name the page words). */
        kind: row.certificateId ? ("social_cv" as const) : ("participation" as const),
        name,
        hours: row.hours,
        issued_at: iso(row.issuedAt)!,
        revoked_at: iso(row.revokedAt),
        revoked_reason: row.revokedReason,
        verify_url: verifyUrl,
        /** The credential as a VC 2.0 EnvelopedVerifiableCredential (JSON), to download. */
        json_url: `${credentialUrl(origin, row.id)}.json`,
        linkedin_url: linkedInAddToProfileUrl({ name, organization: org.name, issuedAt: iso(row.issuedAt)!, verifyUrl, id: row.id }),
      };
    }),
  };
}

/**
 * Issues what the member's counted hours are owed and not yet issued (hours validated at a
 * check-in, or before credentials existed): answers how many were issued. Bounded: the member's
 * participations with counted hours, at most CREDENTIALS_LISTED.
 */
export async function issueOwedCredentials(env: Env, org: Tenant, memberId: string, now = Date.now()) {
  credentialsSecret(env);
  const owed = await getDb(env)
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.orgId, org.id),
        eq(participations.memberId, memberId),
        sql`exists (select 1 from participation_records r where r.participation_id = ${participations.id} and ${sql.raw(COUNTED_HOURS)})`,
        sql`not exists (select 1 from credentials c where c.participation_id = ${participations.id} and c.revoked_at is null and c.hours = (select sum(r.hours) from participation_records r where r.participation_id = ${participations.id} and ${sql.raw(COUNTED_HOURS)}))`,
      ),
    )
    .limit(CREDENTIALS_LISTED);
  let issued = 0;
  for (const participation of owed) if ((await reconcileCredential(env, org, participation.id, now))?.issued) issued++;
  return { issued };
}

/** The member withdraws one of their credentials: from now on it verifies as revoked. Idempotent. */
export async function revokeCredential(env: Env, org: Tenant, memberId: string, id: string, now = Date.now()) {
  const db = getDb(env);
  const own = and(eq(credentials.id, id), eq(credentials.orgId, org.id), eq(credentials.memberId, memberId));
  await db.batch([
    db.update(credentials).set({ revokedAt: now, revokedReason: "member" }).where(and(own, isNull(credentials.revokedAt))),
    // Right after the update: changes() is 1 only when this call revoked it (a second call tells nobody).
    outboxEvent(db, org.id, "certificate.revoked", `certificate:${id}`, { certificate: { id, member_id: memberId, reason: "member" } }, now, () => sql`changes() = 1`),
  ]);
  const row = await db.select({ revokedAt: credentials.revokedAt }).from(credentials).where(own).get();
  if (!row) throw notFound("credential_not_found", "The credential cannot be found.");
  return { id, revoked_at: iso(row.revokedAt)! };
}

/** The signed credential `id` of the organisation as issued (revoked ones too: a verifier must see them revoked), or null. */
export async function issuedCredentialJws(env: Env, orgId: string, id: string): Promise<string | null> {
  const row = await getDb(env).select({ jwt: credentials.jwt }).from(credentials).where(and(eq(credentials.id, id), eq(credentials.orgId, orgId))).get();
  return row?.jwt ?? null;
}
