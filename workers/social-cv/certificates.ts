/**
 * Social CV certificates (SPEC.md sections 4 and 7; issue 13, points 4 and 5). Asking for the PDF
 * writes a task row and sends a queue message; the consumer (render-job.ts) renders it. The row's
 * id is the ticket the app polls, the certificate's short link and its public verify page.
 *
 * Statuses (section 4): created, active and retry are still going; completed carries the URL;
 * failed, cancelled and expired are over. A task not finished within CERTIFICATE_TASK_TTL_MS is
 * expired when asked about, so no ticket stays pending for ever; asking again cancels the
 * member's unfinished tasks.
 */
import { and, count, desc, eq, gt, inArray, isNull, min, ne, sql } from "drizzle-orm";
import { isPendingCertificate, PENDING_CERTIFICATE_STATUSES, type CertificateStatus } from "../../app/domain/certificate-status";
import { resolveLocale } from "../../app/domain/locales";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { base64UrlEncode, crockfordBase32Encode, hmacSha256, timingSafeEqual } from "../lib/crypto";
import { getConfig } from "../lib/config";
import { notFound, RateLimitedError, unavailable } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import type { Job } from "../jobs";
import { requireResponsibleProfile } from "./report";

const { cvCertificates, members } = schema;

/** A task still pending after this long is expired (the queue retries within it). */
export const CERTIFICATE_TASK_TTL_MS = 10 * 60_000;
/** Certificates a member may ask for in 24 hours, per organisation. */
export const CERTIFICATES_PER_DAY = 20;
const DAY = 86_400_000;

/** What a certificate states: fixed and signed when it is rendered. */
export interface CertificateStatement {
  name: string;
  organization: string;
  hours: number;
  initiatives: number;
  /**
   * The period certified (ms): the one the member chose (its end no later than the issue), or
   * for all time the first start and last end of the initiatives whose hours count, or null.
   */
  period: { from: number | null; to: number | null };
  /** Hours per SDG, most first. */
  sdgs: { id: number; hours: number }[];
  issued_at: number;
}

export type CertificateRow = typeof cvCertificates.$inferSelect;

/** Ten characters of an alphabet without look-alikes (0/O, 1/l): 50 bits, easy to type from paper. */
const ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz";
export const CERTIFICATE_ID_PATTERN = /^[2-9a-kmnp-z]{10}$/;

function newCertificateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % 32]).join("");
}

const statementMac = (env: Env, id: string, orgId: string, statement: string) => hmacSha256(getConfig(env).TOKEN_SECRET, `cv-certificate:${id}:${orgId}:${statement}`);

/**
 * The signature of a statement: HMAC of the deployment's secret over the id, organisation and
 * content, in Crockford's base32 (its first characters are the code people read out).
 */
export async function signStatement(env: Env, id: string, orgId: string, statement: string): Promise<string> {
  return crockfordBase32Encode(await statementMac(env, id, orgId, statement));
}

/**
 * A signature stored before issue 25 is the HMAC in base64url (43 characters, lower case, `-`, `_`):
 * its certificate was printed with the old code, so it keeps being checked and shown that way.
 */
const isLegacySignature = (signature: string) => signature.length === 43;

/** Whether the stored statement is the one we signed (a changed row, or a forged one, is not). */
export async function statementIsAuthentic(env: Env, row: Pick<CertificateRow, "id" | "orgId" | "statement" | "signature">): Promise<boolean> {
  if (!row.statement || !row.signature) return false;
  const mac = await statementMac(env, row.id, row.orgId, row.statement);
  const expected = new TextEncoder().encode(isLegacySignature(row.signature) ? base64UrlEncode(mac) : crockfordBase32Encode(mac));
  return timingSafeEqual(expected, new TextEncoder().encode(row.signature));
}

/**
 * The short code printed on the PDF and shown on the verify page, to match one against the other:
 * eight characters of Crockford's base32 (no `-` or `_` inside, no I/L/O/U), as `ABCD-EFGH`. A
 * legacy signature gives the code its PDF carries (base64url, upper-cased).
 */
export const verificationCode = (signature: string) => signature.slice(0, 8).toUpperCase().replace(/^(.{4})/, "$1-");

export const verifyPath = (id: string) => `/verify/${id}`;

/**
 * The period a certificate covers, as the member chose it: counted records created in [from, to)
 * (ms), the rule of every report (reports/counted-hours.ts ReportScope); all time without them.
 */
export interface CertificatePeriod {
  from?: number;
  to?: number;
}

const DAY_MS = 86_400_000;

/** When the member's calendar day `day` (YYYY-MM-DD) starts, `offsetMinutes` as Date#getTimezoneOffset gives them. */
export const dayStart = (day: string, offsetMinutes: number) => Date.parse(`${day}T00:00:00Z`) + offsetMinutes * 60_000;

/** The period from the member's first to last calendar day, both whole. */
export function periodOfDays(days: { from?: string; to?: string }, offsetMinutes: number): CertificatePeriod {
  return {
    ...(days.from ? { from: dayStart(days.from, offsetMinutes) } : {}),
    ...(days.to ? { to: dayStart(days.to, offsetMinutes) + DAY_MS } : {}),
  };
}

/** PUT /responsible_profile/pdf: a new task for `period`, queued; the member's unfinished ones are cancelled. */
export async function requestCertificate(env: Env, org: Tenant, memberId: string, timezoneOffset: number, period: CertificatePeriod = {}, now = Date.now()) {
  requireResponsibleProfile(org);
  const db = getDb(env);
  const member = await db.select({ language: members.language }).from(members).where(eq(members.id, memberId)).get();
  // In the member's language (settings), fixed now: the PDF does not change if they switch later.
  const locale = resolveLocale(member?.language);
  const id = newCertificateId();
  const mineToday = and(eq(cvCertificates.orgId, org.id), eq(cvCertificates.memberId, memberId), gt(cvCertificates.createdAt, now - DAY));
  const askedToday = db.select({ n: count() }).from(cvCertificates).where(mineToday);
  // The day's limit is counted inside the insert, so parallel requests cannot pass it; the
  // member's unfinished tasks are cancelled only when the new one was stored.
  const [inserted] = await db.batch([
    db
      .insert(cvCertificates)
      .select(sql`select ${id}, ${org.id}, ${memberId}, 'created', 0, ${locale}, ${timezoneOffset}, null, null, null, null, ${now}, ${now}, null where (${askedToday}) < ${CERTIFICATES_PER_DAY}`),
    db
      .update(cvCertificates)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        and(
          eq(cvCertificates.orgId, org.id),
          eq(cvCertificates.memberId, memberId),
          inArray(cvCertificates.status, [...PENDING_CERTIFICATE_STATUSES]),
          ne(cvCertificates.id, id),
          sql`exists (select 1 from ${cvCertificates} where ${cvCertificates.id} = ${id})`,
        ),
      ),
  ]);
  if (!inserted.meta.changes) {
    const oldest = await db.select({ at: min(cvCertificates.createdAt) }).from(cvCertificates).where(mineToday).get();
    throw new RateLimitedError("too_many_requests", `At most ${CERTIFICATES_PER_DAY} certificates in 24 hours.`, Math.max(1, Math.ceil(((oldest?.at ?? now) + DAY - now) / 1000)));
  }
  try {
    await env.JOBS.send({ kind: "cv_certificate", id, ...period } satisfies Job);
  } catch (error) {
    // Not queued, never rendered: say so now rather than leave a ticket that can only expire.
    await db.update(cvCertificates).set({ status: "failed", error: String(error).slice(0, 500), updatedAt: Date.now() }).where(eq(cvCertificates.id, id));
    throw unavailable("queue_unavailable", "The PDF cannot be prepared right now, try again in a few minutes.");
  }
  return { ticket: id, status: "created" as CertificateStatus };
}

async function ownCertificate(env: Env, org: Tenant, memberId: string, id: string): Promise<CertificateRow> {
  if (!CERTIFICATE_ID_PATTERN.test(id)) throw notFound();
  const row = await getDb(env)
    .select()
    .from(cvCertificates)
    .where(and(eq(cvCertificates.id, id), eq(cvCertificates.orgId, org.id), eq(cvCertificates.memberId, memberId)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Where the member downloads a completed certificate's PDF (API path; the web app relays it). */
export const certificatePdfPath = (org: Pick<Tenant, "slug">, id: string) => `/api/${org.slug}/responsible_profile/pdf/${id}`;

/** GET .../status/{ticket}: the task's status, expired when it stayed pending too long. */
export async function certificateStatus(env: Env, org: Tenant, memberId: string, ticket: string, now = Date.now()) {
  requireResponsibleProfile(org);
  let row = await ownCertificate(env, org, memberId, ticket);
  if (isPendingCertificate(row.status) && now - row.createdAt > CERTIFICATE_TASK_TTL_MS) {
    await getDb(env)
      .update(cvCertificates)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(cvCertificates.id, row.id), inArray(cvCertificates.status, [...PENDING_CERTIFICATE_STATUSES])));
    row = { ...row, status: "expired" };
  }
  return {
    ticket: row.id,
    status: row.status,
    attempts: row.attempts,
    ...(row.status === "completed" ? { url: certificatePdfPath(org, row.id), verify_url: verifyPath(row.id) } : {}),
  };
}

/** The member's completed certificates, newest first (the profile lists them, to download or revoke). */
export async function listCertificates(env: Env, org: Tenant, memberId: string) {
  requireResponsibleProfile(org);
  const results = await getDb(env)
    .select({ id: cvCertificates.id, createdAt: cvCertificates.createdAt, revokedAt: cvCertificates.revokedAt, statement: cvCertificates.statement })
    .from(cvCertificates)
    .where(and(eq(cvCertificates.orgId, org.id), eq(cvCertificates.memberId, memberId), eq(cvCertificates.status, "completed")))
    .orderBy(desc(cvCertificates.createdAt))
    .limit(20);
  return {
    certificates: results.map((row) => ({
      id: row.id,
      created_at: iso(row.createdAt)!,
      revoked_at: iso(row.revokedAt),
      hours: row.statement ? (JSON.parse(row.statement) as CertificateStatement).hours : 0,
      url: certificatePdfPath(org, row.id),
      verify_url: verifyPath(row.id),
    })),
  };
}

/** The PDF of a completed certificate of the member's (a revoked one is still theirs to read). */
export async function certificatePdf(env: Env, org: Tenant, memberId: string, id: string) {
  requireResponsibleProfile(org);
  const row = await ownCertificate(env, org, memberId, id);
  const object = row.status === "completed" && row.pdfKey ? await env.FILES.get(row.pdfKey) : null;
  if (!object) throw notFound();
  return { object, filename: `social-cv-${id}.pdf` };
}

/** The member withdraws a certificate: its verify page says so from now on. Idempotent. */
export async function revokeCertificate(env: Env, org: Tenant, memberId: string, id: string, now = Date.now()) {
  requireResponsibleProfile(org);
  const row = await ownCertificate(env, org, memberId, id);
  if (row.status !== "completed") throw notFound();
  const revokedAt = row.revokedAt ?? now;
  const db = getDb(env);
  // Its roll-up credential (issue 32) is withdrawn with it, in the same write.
  const rollup = db.update(schema.credentials).set({ revokedAt, revokedReason: "member" }).where(and(eq(schema.credentials.certificateId, id), isNull(schema.credentials.revokedAt)));
  if (row.revokedAt === null) await db.batch([db.update(cvCertificates).set({ revokedAt, updatedAt: now }).where(eq(cvCertificates.id, id)), rollup]);
  return { id, revoked_at: iso(revokedAt)! };
}

/**
 * The public verify answer (no sign-in): what the certificate states and whether it is authentic
 * and in force. Only completed certificates of the host's organisation exist here; nothing else
 * about the member is public.
 */
export async function verifyCertificate(env: Env, org: Tenant, id: string) {
  if (!CERTIFICATE_ID_PATTERN.test(id)) throw notFound();
  const row = await getDb(env)
    .select()
    .from(cvCertificates)
    .where(and(eq(cvCertificates.id, id), eq(cvCertificates.orgId, org.id), eq(cvCertificates.status, "completed")))
    .get();
  if (!row?.statement) throw notFound();
  const authentic = await statementIsAuthentic(env, row);
  let statement: CertificateStatement | null = null;
  try {
    statement = JSON.parse(row.statement) as CertificateStatement;
  } catch {
    statement = null;
  }
  // The roll-up credential issued with it (issue 32): the verify page links to its machine check.
  const rollup = await getDb(env).select({ id: schema.credentials.id }).from(schema.credentials).where(and(eq(schema.credentials.certificateId, row.id), eq(schema.credentials.orgId, org.id))).get();
  return {
    id: row.id,
    credential_verify_url: rollup ? verifyPath(rollup.id) : null,
    valid: authentic && statement !== null && row.revokedAt === null,
    authentic: authentic && statement !== null,
    revoked_at: iso(row.revokedAt),
    code: row.signature ? verificationCode(row.signature) : null,
    // Times as everywhere in the API (ISO 8601); the signed statement keeps them in milliseconds.
    statement: statement && { ...statement, period: { from: iso(statement.period.from), to: iso(statement.period.to) }, issued_at: iso(statement.issued_at)! },
  };
}
