/**
 * The moderators' digest (issue 12): one e-mail listing the proposals that wait, instead of one per
 * proposal. Pure, like ./templates.ts.
 */
import { emailHtml, emailStrings, emailText, escapeHtml, linkText, oneLine, type RenderedEmail } from "./templates";

export interface DigestVars {
  organization: string;
  /** How many wait (all of them), and the titles of the newest few. */
  waiting: number;
  titles: string[];
  /** The moderation screen on the organisation's own hostname. */
  link: string;
  logoUrl?: string | null;
}

export function renderProposalDigest(locale: string, vars: DigestVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, { organization: vars.organization, number: String(vars.waiting) });
  const subject = oneLine(plain("digest_proposals_subject"));
  const text = emailText({
    paragraphs: [plain("digest_proposals_body"), ...(vars.titles.length ? [vars.titles.map((title) => `- ${oneLine(title)}`).join("\n")] : [])],
    button: { href: vars.link, label: plain("digest_button") },
    footer: [plain("digest_why")],
  });
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html("digest_proposals_body"),
    paragraphs: [html("digest_proposals_body"), vars.titles.map((title) => `• ${escapeHtml(oneLine(title))}`).join("<br>")],
    button: { href: vars.link, label: html("digest_button") },
    notes: [html("email_link_hint"), linkText(vars.link)],
    footer: html("digest_why"),
  });
  return { subject, text, html: body, links: [vars.link] };
}
