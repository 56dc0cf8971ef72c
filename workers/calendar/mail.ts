/**
 * The calendar's e-mails (issue 29): "you are going", sent when a member joins (or takes a place
 * from the waitlist), with the event as an .ics file (METHOD:PUBLISH); and "cancelled", sent to
 * everyone going when staff cancel the initiative, with METHOD:CANCEL for the same UID, so that
 * the calendar removes what the first file added. In the member's language; not to members who
 * switched participation e-mails off. Sent by the queue (workers/jobs.ts), not by the request: the
 * join answers in its own round trips, and a failed delivery is logged, never undoes the join or
 * the cancellation.
 */
import { and, eq } from "drizzle-orm";
import { resolveLocale } from "../../app/domain/locales";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { emailHtml, emailStrings, emailText, escapeHtml, linkText, oneLine } from "../email/templates";
import { getEmailSender, type EmailMessage } from "../email/sender";
import { getOrganizationById, organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";
import { calendarText, initiativeLink, type CalendarInitiative } from "./events";
import { calendarFileName, calendarInitiative, initiativeCalendarFile } from "./single-event";

type Method = "PUBLISH" | "CANCEL";
const KEYS: Record<Method, { subject: string; body: string }> = {
  PUBLISH: { subject: "calendar_joined_subject", body: "calendar_joined_body" },
  CANCEL: { subject: "calendar_cancelled_subject", body: "calendar_cancelled_body" },
};

interface Recipient {
  email: string;
  language: string;
}

/** The e-mail with its calendar file; null for an initiative with no start. */
export function calendarEmail(env: Env, org: Tenant, initiative: CalendarInitiative, recipient: Recipient, method: Method): EmailMessage | null {
  const locale = resolveLocale(recipient.language);
  const file = initiativeCalendarFile(env, org, initiative, locale, method);
  if (!file || initiative.startTime === null) return null;
  const t = calendarText(locale);
  const origin = organizationOrigin(env, org);
  const link = initiativeLink(origin, initiative.slug);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: regionZone(org.region) }).format(initiative.startTime);
  const values = { initiative: initiative.title, organization: org.name, when };
  const subject = oneLine(t(KEYS[method].subject, values));
  const body = t(KEYS[method].body, values);
  const button = t("calendar_email_button");
  const { lang, plain, html } = emailStrings(locale, {});
  return {
    to: recipient.email,
    subject,
    text: emailText({ paragraphs: [body], button: { href: link, label: button }, footer: [plain("email_footer")] }),
    html: emailHtml({
      lang,
      subject,
      organization: org.name,
      logoUrl: organizationLogoUrl(org, origin),
      preheader: escapeHtml(body),
      paragraphs: [escapeHtml(body)],
      button: { href: link, label: escapeHtml(button) },
      notes: [html("email_link_hint"), linkText(link)],
      footer: html("email_footer"),
    }),
    links: [link],
    attachments: [{ filename: calendarFileName(initiative), contentType: `text/calendar; charset=utf-8; method=${method}`, content: file }],
  };
}

const { members, profiles, participations } = schema;

async function send(messages: (EmailMessage | null)[], env: Env) {
  const sender = getEmailSender(env);
  const results = await Promise.allSettled(messages.filter((message) => message !== null).map((message) => sender.send(message)));
  for (const result of results) if (result.status === "rejected") console.error("calendar e-mail not sent", result.reason);
}

/** After a join that took effect: the member's "you are going" with the event. */
export async function sendJoinedEmail(env: Env, org: Tenant, memberId: string, initiativeId: string): Promise<void> {
  const db = getDb(env);
  const [initiative, member] = await Promise.all([
    calendarInitiative(env, org.id, initiativeId),
    db
      .select({ email: members.email, language: members.language, wanted: profiles.participationEmails })
      .from(members)
      .leftJoin(profiles, eq(profiles.memberId, members.id))
      .where(eq(members.id, memberId))
      .get(),
  ]);
  if (!initiative || !member || member.wanted === false) return;
  await send([calendarEmail(env, org, initiative, member, "PUBLISH")], env);
}

/** After staff cancelled the initiative: everyone going gets the CANCEL of the event they were sent. */
export async function sendCancellationEmails(env: Env, org: Tenant, initiativeId: string): Promise<void> {
  const initiative = await calendarInitiative(env, org.id, initiativeId);
  if (!initiative || initiative.status !== "canceled") return;
  const going = await getDb(env)
    .select({ email: members.email, language: members.language, wanted: profiles.participationEmails })
    .from(participations)
    .innerJoin(members, eq(members.id, participations.memberId))
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(participations.initiativeId, initiative.id), eq(participations.status, "accepted")));
  await send(going.filter((member) => member.wanted !== false).map((member) => calendarEmail(env, org, initiative, member, "CANCEL")), env);
}

/** The queue's message for these e-mails: PUBLISH to the member who joined, CANCEL to everyone going. */
export type CalendarMailJob = { kind: "calendar_mail"; method: Method; orgId: string; initiativeId: string; memberId?: string };

/** Hands the e-mail to the queue; a queue that refuses it is logged, the member's action stands. */
export async function queueCalendarMail(env: Env, job: Omit<CalendarMailJob, "kind">): Promise<void> {
  try {
    await env.JOBS.send({ kind: "calendar_mail", ...job } satisfies CalendarMailJob);
  } catch (cause) {
    console.error("calendar e-mail not queued", cause);
  }
}

/** The consumer's side: always acked, as a failed delivery is only logged (resending could repeat the ones delivered). */
export async function runCalendarMailJob(env: Env, message: Message<CalendarMailJob>): Promise<void> {
  const job = message.body;
  const org = await getOrganizationById(env, job.orgId);
  if (org && job.method === "PUBLISH" && job.memberId) await sendJoinedEmail(env, org, job.memberId, job.initiativeId);
  if (org && job.method === "CANCEL") await sendCancellationEmails(env, org, job.initiativeId);
  message.ack();
}
