/**
 * The queue consumer's side of a certificate (issue 13, point 4): read the member's social CV,
 * fix and sign what the certificate states, render the PDF in the member's language, store it in
 * R2 and complete the task. A failed attempt is retried by the queue (status retry) until
 * MAX_RENDER_ATTEMPTS, then the task ends as failed: never left pending.
 */
import type { CertificateJob } from "../jobs";
import { getOrganizationById, organizationOrigin } from "../tenant/organizations";
import { signStatement, verificationCode, verifyPath, type CertificatePeriod, type CertificateRow, type CertificateStatement } from "./certificates";
import { responsibleProfile, type ResponsibleProfile } from "./report";

export const MAX_RENDER_ATTEMPTS = 3;

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
  const org = await getOrganizationById(env, row.org_id);
  if (!org) throw new Error("organisation gone");
  const profile = await responsibleProfile(env, org, row.member_id, period);
  const issuedAt = Date.now();
  const statement = statementOf(profile, org.name, issuedAt, period);
  const text = JSON.stringify(statement);
  const signature = await signStatement(env, row.id, row.org_id, text);
  // pdf-lib and the fonts load only here, in the consumer: no request pays for them.
  const { renderCertificatePdf } = await import("./pdf");
  const bytes = await renderCertificatePdf({
    locale: row.locale,
    timezoneOffset: row.timezone_offset,
    statement,
    profile,
    verifyUrl: new URL(verifyPath(row.id), organizationOrigin(env, org)).toString(),
    code: verificationCode(signature),
    withPoints: Boolean(org.community.features.points),
  });
  const key = `certificates/${row.org_id}/${row.id}.pdf`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { memberId: row.member_id } });
  // Only a task still ours completes: one cancelled meanwhile stays cancelled.
  await env.DB.prepare(
    "update cv_certificates set status = 'completed', statement = ?, signature = ?, pdf_key = ?, error = null, updated_at = ? where id = ? and status = 'active'",
  )
    .bind(text, signature, key, Date.now(), row.id)
    .run();
}

export async function renderCertificateJob(env: Env, message: Message<CertificateJob>) {
  const id = message.body.id;
  const row = await env.DB.prepare("select * from cv_certificates where id = ?").bind(id).first<CertificateRow>();
  // Gone, cancelled, expired or already done: nothing to do, and nothing to retry.
  if (!row || !["created", "retry", "active"].includes(row.status)) return message.ack();
  const attempt = row.attempts + 1;
  await env.DB.prepare("update cv_certificates set status = 'active', attempts = ?, updated_at = ? where id = ?").bind(attempt, Date.now(), id).run();
  try {
    const { from, to } = message.body;
    await render(env, row, { ...(typeof from === "number" ? { from } : {}), ...(typeof to === "number" ? { to } : {}) });
    message.ack();
  } catch (error) {
    const last = attempt >= MAX_RENDER_ATTEMPTS;
    console.error(JSON.stringify({ event: "cv_certificate_failed", id, attempt, last, error: String(error) }));
    await env.DB.prepare("update cv_certificates set status = ?, error = ?, updated_at = ? where id = ? and status = 'active'")
      .bind(last ? "failed" : "retry", String(error).slice(0, 500), Date.now(), id)
      .run();
    if (last) message.ack();
    else message.retry({ delaySeconds: 2 * attempt });
  }
}
