/**
 * The e-mail that tells a member a credential was issued for their validated hours (issue 32,
 * section 2), in their language (credentials_email.json, a server-only namespace; French partial,
 * falling back to English key by key), unless they switched e-mails about their participation off
 * in /settings/notification. Sent by the queue's consumer after the credential is stored: a failed
 * delivery is logged and never undoes the credential.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import en from "../../app/i18n/locales/en-US/credentials_email.json";
import es from "../../app/i18n/locales/es-ES/credentials_email.json";
import eu from "../../app/i18n/locales/eu-ES/credentials_email.json";
import ptBR from "../../app/i18n/locales/pt-BR/credentials_email.json";
import ptPT from "../../app/i18n/locales/pt-PT/credentials_email.json";
import fr from "../../app/i18n/locales/fr/credentials_email.json";
import { getDb, schema } from "../db/client";
import { getEmailSender } from "../email/sender";
import { emailHtml, emailText, escapeHtml, oneLine, type RenderedEmail } from "../email/templates";
import { organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";
import { verifyPagePath } from "./issue";

const STRINGS: Record<Locale, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

export interface IssuedVars {
  name: string;
  organization: string;
  initiative: string;
  hours: number;
  /** The member's credentials (their social CV) and the credential's public verify page. */
  listUrl: string;
  verifyUrl: string;
  settingsUrl: string;
  logoUrl?: string | null;
}

/** The "credential issued" e-mail in `locale`. Pure: the templates' layout, our words. */
export function renderCredentialIssued(locale: string, vars: IssuedVars): RenderedEmail {
  const lang = resolveLocale(locale);
  const values: Record<string, string> = { name: vars.name, organization: vars.organization, initiative: vars.initiative, count: String(vars.hours) };
  const text = (key: string) => STRINGS[lang][key] ?? STRINGS[DEFAULT_LOCALE][key] ?? key;
  const fill = (template: string, encode: (s: string) => string) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? encode(values[name]) : whole));
  const plain = (key: string) => fill(text(key), (s) => s);
  const html = (key: string) => fill(escapeHtml(text(key)), escapeHtml);
  // The locale's plural form where the namespace has it (a French "many" does not), else "other".
  const form = `issued_body_${pluralRule(lang)(vars.hours)}`;
  const body = form in STRINGS[lang] || form in STRINGS[DEFAULT_LOCALE] ? form : "issued_body_other";
  const subject = oneLine(plain("issued_subject"));
  return {
    subject,
    text: emailText({
      paragraphs: [plain("issued_greeting"), plain(body), `${plain("issued_verify")}: ${vars.verifyUrl}`],
      button: { href: vars.listUrl, label: plain("issued_button") },
      footer: [plain("issued_why"), `${plain("issued_settings")}: ${vars.settingsUrl}`],
    }),
    html: emailHtml({
      lang,
      subject,
      organization: vars.organization,
      logoUrl: vars.logoUrl,
      preheader: html(body),
      paragraphs: [html("issued_greeting"), html(body)],
      button: { href: vars.listUrl, label: html("issued_button") },
      notes: [`${html("issued_verify")}: <a href="${escapeHtml(vars.verifyUrl)}">${escapeHtml(vars.verifyUrl)}</a>`],
      footer: `${html("issued_why")} <a href="${escapeHtml(vars.settingsUrl)}">${html("issued_settings")}</a>`,
    }),
    links: [vars.listUrl, vars.verifyUrl, vars.settingsUrl],
  };
}

/** Mails the member of credential `id` that it was issued, unless they switched participation e-mails off. */
export async function mailCredentialIssued(env: Env, org: Tenant, id: string): Promise<void> {
  const { credentials, members, profiles, participations, initiatives } = schema;
  const row = await getDb(env)
    .select({ email: members.email, language: members.language, erasedAt: members.erasedAt, name: profiles.name, wanted: profiles.participationEmails, hours: credentials.hours, initiative: initiatives.title })
    .from(credentials)
    .innerJoin(members, eq(members.id, credentials.memberId))
    .leftJoin(profiles, eq(profiles.memberId, credentials.memberId))
    .leftJoin(participations, eq(participations.id, credentials.participationId))
    .leftJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .where(eq(credentials.id, id))
    .get();
  if (!row || row.wanted === false || row.erasedAt !== null) return;
  const origin = organizationOrigin(env, org);
  const email = renderCredentialIssued(row.language, {
    name: row.name ?? "",
    organization: org.name,
    initiative: row.initiative ?? org.name,
    hours: row.hours,
    listUrl: `${origin}/responsible_profile`,
    verifyUrl: `${origin}${verifyPagePath(id)}`,
    settingsUrl: `${origin}/settings/notification`,
    logoUrl: organizationLogoUrl(org, origin),
  });
  await getEmailSender(env).send({ to: row.email, ...email });
}
