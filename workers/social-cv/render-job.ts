/**
 * The queue consumer's side of a certificate (issue 13, point 4): read the member's social CV,
 * fix and sign what the certificate states, render the PDF in the member's language, store it in
 * R2 and complete the task. A failed attempt is retried by the queue (status retry) until
 * MAX_RENDER_ATTEMPTS, then the task ends as failed: never left pending.
 */
import { and, eq } from "drizzle-orm";
import { isPendingCertificate } from "../../app/domain/certificate-status";
import { issueRollupCredential, verifyPagePath, type RollupInput } from "../credentials/issue";
import { getDb, schema } from "../db/client";
import type { CertificateJob } from "../jobs";
import { getOrganizationById, organizationOrigin } from "../tenant/organizations";
import { signStatement, verificationCode, verifyPath, type CertificatePeriod, type CertificateRow, type CertificateStatement } from "./certificates";
import { responsibleProfile, type ResponsibleProfile } from "./report";

export const MAX_RENDER_ATTEMPTS = 3;

const { cvCertificates } = schema;

/**
 * The statement of a certificate from the social CV it certifies (over `period` when the member
 * chose one: its bounds are the period printed, the end no later than the issue).
 */
export function statementOf(profile: ResponsibleProfile, organization: string, issuedAt: number, period: CertificatePeriod = {}): CertificateStatement {
  const counted = profile.initiative_report.filter((row) => row.valid_hours > 0);
  const ms = (time: string | null) => (time === null ? null : Date.parse(time));
  const starts = counted.map((row) => ms(row.start_time)).filter((time): time is number => time !== null);
  const ends = counted.map((row) => ms(row.end_time ?? row.start_time)).filter((time): time is number => time !== null);
  return {
    name: profile.name,
    organization,
    hours: profile.hour_count,
    initiatives: profile.initiatives_joined,
    period: {
      from: period.from ?? (starts.length ? Math.min(...starts) : null),
      // A period chosen without its end runs until the day of issue.
      to: period.to !== undefined ? Math.min(period.to - 1, issuedAt) : period.from !== undefined ? issuedAt : ends.length ? Math.min(Math.max(...ends), issuedAt) : null,
    },
    sdgs: profile.sdg_report.map((row) => ({ id: row.id, hours: row.value })),
    issued_at: issuedAt,
  };
}

async function render(env: Env, row: CertificateRow, period: CertificatePeriod) {
  const org = await getOrganizationById(env, row.orgId);
  if (!org) throw new Error("organisation gone");
  const profile = await responsibleProfile(env, org, row.memberId, period);
  const issuedAt = Date.now();
  const statement = statementOf(profile, org.name, issuedAt, period);
  const text = JSON.stringify(statement);
  const signature = await signStatement(env, row.id, row.orgId, text);
  // Its verifiable twin, the roll-up credential (issue 32), first: the PDF prints its verify link.
  // One per certificate (a retried render finds it); a failure is logged, the PDF goes without.
  const credentialId = await issueRollupCredential(env, org, rollupOf(row, statement, profile)).catch((error) => {
    console.error("roll-up credential not issued", row.id, error);
    return null;
  });
  const origin = organizationOrigin(env, org);
  // pdf-lib and the fonts load only here, in the consumer: no request pays for them.
  const { renderCertificatePdf } = await import("./pdf");
  const bytes = await renderCertificatePdf({
    locale: row.locale,
    timezoneOffset: row.timezoneOffset,
    statement,
    profile,
    verifyUrl: new URL(verifyPath(row.id), origin).toString(),
    credentialUrl: credentialId ? new URL(verifyPagePath(credentialId), origin).toString() : null,
    code: verificationCode(signature),
    withPoints: Boolean(org.community.features.points),
  });
  const key = `certificates/${row.orgId}/${row.id}.pdf`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { memberId: row.memberId } });
  // Only a task still ours completes: one cancelled meanwhile stays cancelled.
  await getDb(env)
    .update(cvCertificates)
    .set({ status: "completed", statement: text, signature, pdfKey: key, error: null, updatedAt: Date.now() })
    .where(and(eq(cvCertificates.id, row.id), eq(cvCertificates.status, "active")));
}

/** What the roll-up credential states: the certificate's own statement, with the competences and initiatives of its social CV. */
const rollupOf = (row: CertificateRow, statement: CertificateStatement, profile: ResponsibleProfile): RollupInput => ({
  certificateId: row.id,
  memberId: row.memberId,
  hours: statement.hours,
  period: statement.period,
  sdgs: statement.sdgs.map((goal) => goal.id),
  competences: profile.competence_report.map((competence) => competence.id),
  initiatives: profile.initiative_report.filter((initiative) => initiative.valid_hours > 0).map((initiative) => ({ slug: initiative.slug, title: initiative.title, hours: initiative.valid_hours })),
});

export async function renderCertificateJob(env: Env, message: Message<CertificateJob>) {
  const id = message.body.id;
  const db = getDb(env);
  const row = await db.select().from(cvCertificates).where(eq(cvCertificates.id, id)).get();
  // Gone, cancelled, expired or already done: nothing to do, and nothing to retry.
  if (!row || !isPendingCertificate(row.status)) return message.ack();
  const attempt = row.attempts + 1;
  await db.update(cvCertificates).set({ status: "active", attempts: attempt, updatedAt: Date.now() }).where(eq(cvCertificates.id, id));
  try {
    const { from, to } = message.body;
    await render(env, row, { ...(typeof from === "number" ? { from } : {}), ...(typeof to === "number" ? { to } : {}) });
    message.ack();
  } catch (error) {
    const last = attempt >= MAX_RENDER_ATTEMPTS;
    console.error(JSON.stringify({ event: "cv_certificate_failed", id, attempt, last, error: String(error) }));
    await db
      .update(cvCertificates)
      .set({ status: last ? "failed" : "retry", error: String(error).slice(0, 500), updatedAt: Date.now() })
      .where(and(eq(cvCertificates.id, id), eq(cvCertificates.status, "active")));
    if (last) message.ack();
    else message.retry({ delaySeconds: 2 * attempt });
  }
}
