/**
 * The e-mails that tell a member what the organisation's staff decided about something of theirs
 * (issue 11): hours or values validated or refused, a pledge confirmed or refused, an upload
 * published or refused, attendance approved or refused. One layout: greeting, what happened, the
 * reason when there is one, and a button to the initiative. Pure, like ./templates.ts.
 */
import { emailHtml, emailStrings, linkText, oneLine, type EmailKey, type RenderedEmail } from "./templates";

export const NOTICE_KINDS = [
  "records_validated",
  "records_rejected",
  "contribution_confirmed",
  "contribution_rejected",
  "upload_published",
  "upload_rejected",
  "attendance_approved",
  "attendance_rejected",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeVars {
  name: string;
  organization: string;
  initiative: string;
  /** The initiative's page on the organisation's own hostname. */
  link: string;
  /** Why it was refused, as staff wrote it. */
  reason?: string | null;
  /** A pledge's amount, formatted in the member's locale. */
  amount?: string;
  logoUrl?: string | null;
}

export function renderNotice(kind: NoticeKind, locale: string, vars: NoticeVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, {
    name: vars.name,
    organization: vars.organization,
    initiative: vars.initiative,
    reason: vars.reason ?? "",
    amount: vars.amount ?? "",
  });
  const key = (part: "subject" | "body") => `notice_${kind}_${part}` as EmailKey;
  const reason = vars.reason?.trim() ? "notice_reason" : null;
  const subject = oneLine(plain(key("subject")));
  const text = [
    plain("notice_greeting"),
    "",
    plain(key("body")),
    ...(reason ? ["", plain(reason)] : []),
    "",
    `${plain("notice_button")}: ${vars.link}`,
    "",
    "--",
    plain("email_footer"),
    "",
  ].join("\n");
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html(key("body")),
    paragraphs: [html("notice_greeting"), html(key("body")), ...(reason ? [html(reason)] : [])],
    button: { href: vars.link, label: html("notice_button") },
    notes: [html("email_link_hint"), linkText(vars.link)],
    footer: html("email_footer"),
  });
  return { subject, text, html: body, links: [vars.link] };
}
