/**
 * The e-mails that tell a member what the organisation's staff decided about something of theirs
 * (issue 11): hours or values validated or refused, a pledge confirmed or refused, an upload
 * published or refused, attendance approved or refused, a place offered from the waitlist, a proposal approved or refused. One layout: greeting, what happened, the
 * reason when there is one, and a button to the initiative. Pure, like ./templates.ts.
 */
import { emailHtml, emailStrings, emailText, escapeHtml, linkText, oneLine, type EmailKey, type RenderedEmail } from "./templates";

export const NOTICE_KINDS = [
  "records_validated",
  "records_rejected",
  "records_corrected",
  "contribution_confirmed",
  "contribution_rejected",
  "upload_published",
  "upload_rejected",
  "attendance_approved",
  "attendance_rejected",
  "waitlist_offer",
  "proposal_approved",
  "proposal_rejected",
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
  /** Until when a waitlist offer holds the place, formatted in the member's locale and the organisation's zone. */
  until?: string;
  logoUrl?: string | null;
}

export interface MessageVars {
  organization: string;
  initiative: string;
  link: string;
  /** The organiser's words, as written (escaped here; line breaks kept). */
  subject: string;
  body: string;
  logoUrl?: string | null;
}

/** A message the organiser wrote to everyone taking part: their words, why the member gets it, the initiative's button. */
export function renderOrganiserMessage(locale: string, vars: MessageVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, { organization: vars.organization, initiative: vars.initiative });
  const subject = oneLine(`${vars.initiative}: ${vars.subject}`);
  const paragraphs = vars.body.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const text = emailText({ paragraphs, button: { href: vars.link, label: plain("notice_button") }, footer: [plain("message_why"), plain("email_footer")] });
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: escapeHtml(paragraphs[0] ?? ""),
    paragraphs: paragraphs.map((paragraph) => escapeHtml(paragraph).replace(/\n/g, "<br>")),
    button: { href: vars.link, label: html("notice_button") },
    notes: [html("message_why")],
    footer: html("email_footer"),
  });
  return { subject, text, html: body, links: [vars.link] };
}

export function renderNotice(kind: NoticeKind, locale: string, vars: NoticeVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, {
    name: vars.name,
    organization: vars.organization,
    initiative: vars.initiative,
    reason: vars.reason ?? "",
    amount: vars.amount ?? "",
    until: vars.until ?? "",
  });
  const key = (part: "subject" | "body") => `notice_${kind}_${part}` as EmailKey;
  // A manager's note on attendance is a note, not a reason for a refusal.
  const reason = vars.reason?.trim() ? (kind.startsWith("attendance_") ? "notice_note" : "notice_reason") : null;
  const subject = oneLine(plain(key("subject")));
  // A refused proposal has no initiative: the button opens the member's proposals.
  const button: EmailKey = kind === "proposal_rejected" ? "notice_proposals_button" : "notice_button";
  const text = emailText({
    paragraphs: [plain("notice_greeting"), plain(key("body")), ...(reason ? [plain(reason)] : [])],
    button: { href: vars.link, label: plain(button) },
    footer: [plain("email_footer")],
  });
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html(key("body")),
    paragraphs: [html("notice_greeting"), html(key("body")), ...(reason ? [html(reason)] : [])],
    button: { href: vars.link, label: html(button) },
    notes: [html("email_link_hint"), linkText(vars.link)],
    footer: html("email_footer"),
  });
  return { subject, text, html: body, links: [vars.link] };
}
