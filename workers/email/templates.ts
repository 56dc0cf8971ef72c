/**
 * The two transactional e-mails (address confirmation and password reset), rendered as a subject,
 * a plain-text body and an HTML body from the bundled `email.json` strings of each locale.
 * Pure: no I/O, no platform APIs.
 */
import { resolveLocale, SUPPORTED_LOCALES, type Locale } from "../../app/domain/locales";
import en from "../../app/i18n/locales/en-US/email.json";
import es from "../../app/i18n/locales/es-ES/email.json";
import eu from "../../app/i18n/locales/eu-ES/email.json";
import ptBR from "../../app/i18n/locales/pt-BR/email.json";
import ptPT from "../../app/i18n/locales/pt-PT/email.json";
import fr from "../../app/i18n/locales/fr/email.json";

/** Links to act on: confirming, resetting, an invitation (a new account chooses its password), joining (an existing account accepts or declines). */
export type EmailKind = "email_confirmation" | "password_reset" | "invitation" | "join";

export const EMAIL_LOCALES = SUPPORTED_LOCALES;
export type EmailLocale = Locale;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface EmailVars {
  name: string;
  organization: string;
  link: string;
  hours: number;
  logoUrl?: string | null;
  /**
   * The link is for the platform's own organisation (the default one, named like the platform):
   * the words that name an organisation "on Commons" read without it (issue 28).
   */
  platform?: boolean;
}

type EmailKey = keyof typeof en;
type Messages = Partial<Record<EmailKey, string>>;

const MESSAGES: Record<EmailLocale, Messages> = {
  "en-US": en,
  "es-ES": es,
  "eu-ES": eu,
  "pt-BR": ptBR,
  "pt-PT": ptPT,
  fr,
};

/** The exact locale (case-insensitive, `_` or `-`), else by the first two letters, else en-US. */
export function resolveEmailLocale(locale: string | null | undefined): EmailLocale {
  return resolveLocale(locale);
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/** Replaces `{{name}}`-style placeholders; unknown placeholders are left as they are. */
function interpolate(template: string, values: Record<string, string>, encode: (s: string) => string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? encode(values[key]) : whole,
  );
}

/** Header values must stay on one line. */
export const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();

/** Only absolute http(s) URLs are placed in `src`. */
function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const BRAND = "#1f6f5c";
const INK = "#1f2933";
const MUTED = "#52606d";

/** The link written out, for mail clients where the button does not work. */
export const linkText = (link: string) => {
  const href = escapeHtml(link);
  return `<a href="${href}" target="_blank" rel="noopener" style="color:${BRAND};text-decoration:underline;word-break:break-all;">${href}</a>`;
};

export interface EmailHtmlParts {
  lang: string;
  subject: string;
  organization: string;
  logoUrl?: string | null;
  /** Shown by mail clients beside the subject (escaped HTML). */
  preheader: string;
  /** The message, one escaped HTML paragraph each. */
  paragraphs: string[];
  button: { href: string; label: string };
  /** Smaller lines under the button (escaped HTML). */
  notes: string[];
  footer: string;
}

export interface EmailTextParts {
  /** The message, a blank line after each (a part may hold several lines, as a list does). */
  paragraphs: string[];
  button: { href: string; label: string };
  /** Lines under the button, one after the other. */
  notes?: string[];
  /** Lines after the "--" signature separator. */
  footer: string[];
}

/** Every e-mail's plain text, in the shape of its HTML: the message, the link, the notes, then the footer after "--". */
export function emailText({ paragraphs, button, notes = [], footer }: EmailTextParts): string {
  return [...paragraphs.flatMap((paragraph) => [paragraph, ""]), `${button.label}: ${button.href}`, "", ...(notes.length ? [...notes, ""] : []), "--", ...footer, ""].join("\n");
}

/**
 * Every e-mail's HTML: the organisation's logo (or name), the message, one button, smaller notes and
 * the footer, in tables and inline styles as mail clients need. Every part comes in already escaped.
 */
export function emailHtml(parts: EmailHtmlParts): string {
  const logo = safeImageUrl(parts.logoUrl);
  const logoRow = logo
    ? `<tr><td style="padding:24px 32px 0 32px;"><img src="${escapeHtml(logo)}" alt="${escapeHtml(parts.organization)}" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0;outline:none;text-decoration:none;"></td></tr>`
    : `<tr><td style="padding:24px 32px 0 32px;font-family:${FONT};font-size:18px;line-height:24px;font-weight:bold;color:${BRAND};">${escapeHtml(parts.organization)}</td></tr>`;

  /** A paragraph: body size in ink, or `small` in the muted colour for the secondary lines. */
  const paragraph = (content: string, small = false) =>
    `<p style="margin:0 0 ${small ? "12px" : "16px"} 0;font-family:${FONT};${
      small ? `font-size:14px;line-height:20px;color:${MUTED};word-break:break-word;` : `font-size:16px;line-height:24px;color:${INK};`
    }">${content}</p>`;

  return `<!DOCTYPE html>
<html lang="${parts.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;" aria-hidden="true">${parts.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;background-color:#ffffff;border-radius:8px;">
${logoRow}
<tr><td style="padding:24px 32px 8px 32px;">
${parts.paragraphs.map((content) => paragraph(content)).join("\n")}
</td></tr>
<tr><td align="left" style="padding:8px 32px 24px 32px;">
<a href="${escapeHtml(parts.button.href)}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 24px;background-color:${BRAND};border-radius:6px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;">${parts.button.label}</a>
</td></tr>
<tr><td style="padding:0 32px 8px 32px;">
${parts.notes.map((content) => paragraph(content, true)).join("\n")}
</td></tr>
<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid #e5e7eb;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${parts.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * The strings of one locale (en-US where it lacks one) with `values` put in: `plain` for the text
 * part and the subject, `html` escaped for the HTML part.
 */
export function emailStrings(locale: string, values: Record<string, string>) {
  const lang = resolveEmailLocale(locale);
  const messages = MESSAGES[lang];
  const message = (key: EmailKey): string => messages[key] ?? en[key];
  return {
    lang,
    plain: (key: EmailKey) => interpolate(message(key), values, (s) => s),
    // The template text and every value are escaped separately, so neither can inject markup.
    html: (key: EmailKey) => interpolate(escapeHtml(message(key)), values, escapeHtml),
  };
}

export type { EmailKey };

/** The `{key}_platform` wording for the platform's own organisation, when there is one; else `key`. */
export function platformVariant(key: EmailKey, platform: boolean | undefined): EmailKey {
  const variant = `${key}_platform`;
  return platform && variant in en ? (variant as EmailKey) : key;
}

export function renderEmail(kind: EmailKind, locale: string, vars: EmailVars): RenderedEmail {
  const { lang, plain, html } = emailStrings(locale, { name: vars.name, organization: vars.organization, hours: String(vars.hours) });

  const subject = oneLine(plain(`${kind}_subject`));
  const link = vars.link;
  const body = platformVariant(`${kind}_body`, vars.platform);
  const footer = platformVariant("email_footer", vars.platform);

  const text = emailText({
    paragraphs: [plain(`${kind}_greeting`), plain(body)],
    button: { href: link, label: plain(`${kind}_button`) },
    notes: [plain(`${kind}_expiry`), plain(`${kind}_ignore`)],
    footer: [plain(footer)],
  });

  const htmlBody = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html(body),
    paragraphs: [html(`${kind}_greeting`), html(body)],
    button: { href: link, label: html(`${kind}_button`) },
    notes: [html("email_link_hint"), linkText(link), html(`${kind}_expiry`), html(`${kind}_ignore`)],
    footer: html(footer),
  });

  return { subject, text, html: htmlBody, links: [link] };
}
