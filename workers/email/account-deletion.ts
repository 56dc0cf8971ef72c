/**
 * The e-mail that says an account will be deleted (issue 28, point 6; workers/account/deletion.ts):
 * when, and that signing in before then keeps it. Sent on the member's own request and on an
 * administrator's, so a member who did not ask learns of it in time. Pure, like ./templates.ts.
 */
import { emailHtml, emailStrings, emailText, oneLine, type RenderedEmail } from "./templates";

export interface AccountDeletionVars {
  email: string;
  organization: string;
  /** The day the account will be erased, formatted in the member's locale. */
  date: string;
  /** The sign-in page. */
  link: string;
  logoUrl?: string | null;
}

export function renderAccountDeletion(locale: string, vars: AccountDeletionVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, { email: vars.email, organization: vars.organization, date: vars.date });
  const subject = oneLine(plain("account_deletion_subject"));
  const text = emailText({
    paragraphs: [plain("account_deletion_body"), plain("account_deletion_keep")],
    button: { href: vars.link, label: plain("account_deletion_button") },
    notes: [plain("account_deletion_erased")],
    footer: [plain("email_footer")],
  });
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html("account_deletion_body"),
    paragraphs: [html("account_deletion_body"), html("account_deletion_keep")],
    button: { href: vars.link, label: html("account_deletion_button") },
    notes: [html("account_deletion_erased")],
    footer: html("email_footer"),
  });
  return { subject, text, html: body, links: [vars.link] };
}
