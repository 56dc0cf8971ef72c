/**
 * The reminder and staff digest e-mails' words in the member's language (reminders_email.json, a
 * server-only namespace), each key falling back to English (French is partial), plurals by the
 * locale's own rules (docs/decisions/010-plural-forms.md). `plain` for the subject and text part,
 * `html` escaped for the HTML part: the template and every value are escaped separately.
 */
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import en from "../../app/i18n/locales/en-US/reminders_email.json";
import es from "../../app/i18n/locales/es-ES/reminders_email.json";
import eu from "../../app/i18n/locales/eu-ES/reminders_email.json";
import ptBR from "../../app/i18n/locales/pt-BR/reminders_email.json";
import ptPT from "../../app/i18n/locales/pt-PT/reminders_email.json";
import fr from "../../app/i18n/locales/fr/reminders_email.json";
import { escapeHtml } from "../email/templates";

type Strings = Record<string, string>;
const STRINGS: Record<Locale, Strings> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

/** reminders_email.json's keys without their plural suffixes. */
export type ReminderKey = keyof typeof en extends infer K ? (K extends `${infer Base}_${"one" | "other"}` ? Base : K) & string : never;

const fill = (template: string, values: Record<string, string | number>, encode: (s: string) => string) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? encode(String(values[name])) : whole));

export function reminderStrings(locale: string | null | undefined, values: Record<string, string | number> = {}) {
  const lang = resolveLocale(locale);
  const formOf = pluralRule(lang);
  const text = (key: ReminderKey, count?: number) => {
    const keys = count === undefined ? [key] : [`${key}_${formOf(count)}`, `${key}_other`];
    for (const candidate of keys) {
      const found = STRINGS[lang][candidate] ?? STRINGS[DEFAULT_LOCALE][candidate];
      if (found !== undefined) return found;
    }
    return key;
  };
  const withCount = (count?: number) => (count === undefined ? values : { ...values, count });
  return {
    lang,
    plain: (key: ReminderKey, count?: number) => fill(text(key, count), withCount(count), (s) => s),
    html: (key: ReminderKey, count?: number) => fill(escapeHtml(text(key, count)), withCount(count), escapeHtml),
  };
}
