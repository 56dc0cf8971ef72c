/**
 * The words the Worker writes itself for webhooks and chat apps (the "endpoint switched off"
 * e-mail, the Slack and Teams messages), from the server-only namespace webhooks_messages (French
 * partial, falling back to English key by key), with plural forms by the locale's rule.
 */
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import en from "../../app/i18n/locales/en-US/webhooks_messages.json";
import es from "../../app/i18n/locales/es-ES/webhooks_messages.json";
import eu from "../../app/i18n/locales/eu-ES/webhooks_messages.json";
import fr from "../../app/i18n/locales/fr/webhooks_messages.json";
import ptBR from "../../app/i18n/locales/pt-BR/webhooks_messages.json";
import ptPT from "../../app/i18n/locales/pt-PT/webhooks_messages.json";

const STRINGS: Record<Locale, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for `locale`: `{{name}}` filled from values; a `count` picks the plural form (`key_one`, `key_other`, …). */
export function messagesIn(locale: string | null | undefined): { locale: Locale; t: Translate } {
  const lang = resolveLocale(locale);
  const lookup = (key: string) => STRINGS[lang][key] ?? STRINGS[DEFAULT_LOCALE][key];
  const t: Translate = (key, values = {}) => {
    const plural = typeof values.count === "number" ? `${key}_${pluralRule(lang)(values.count)}` : null;
    const template = (plural && lookup(plural)) ?? lookup(key) ?? lookup(`${key}_other`) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
  return { locale: lang, t };
}
