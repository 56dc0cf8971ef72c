/**
 * The names the app gives the platform's lookups (categories, target audiences, competences), in a
 * member's language: the pages' own words (lookups.json of each locale), falling back to English
 * (French has none yet) and then to the slug, so an API answer can name what it lists.
 */
import { DEFAULT_LOCALE, resolveLocale } from "../../app/domain/locales";
import en from "../../app/i18n/locales/en-US/lookups.json";
import es from "../../app/i18n/locales/es-ES/lookups.json";
import eu from "../../app/i18n/locales/eu-ES/lookups.json";
import ptBR from "../../app/i18n/locales/pt-BR/lookups.json";
import ptPT from "../../app/i18n/locales/pt-PT/lookups.json";

const NAMES: Record<string, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT };

export type LookupKind = "category" | "audience" | "competence";

/** The name of lookup `slug` of `kind` in `language` (a member's language, any case or region). */
export function lookupName(language: string | null | undefined, kind: LookupKind, slug: string): string {
  const key = `${kind}.${slug}`;
  return NAMES[resolveLocale(language)]?.[key] ?? NAMES[DEFAULT_LOCALE][key] ?? slug;
}
