/**
 * The languages of Commons (SPEC.md section 1). Complete: en-US, es-ES, eu-ES, pt-BR, pt-PT;
 * French is partial and falls back to English.
 */
import * as v from "valibot";

export const COMPLETE_LOCALES = ["en-US", "es-ES", "eu-ES", "pt-BR", "pt-PT"] as const;
export const SUPPORTED_LOCALES = [...COMPLETE_LOCALES, "fr"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

/** An exact match, else the first locale with the same first two letters, else en-US. */
export function resolveLocale(requested: string | null | undefined): Locale {
  const wanted = (requested ?? "").trim().replace(/_/g, "-").toLowerCase();
  if (!wanted) return DEFAULT_LOCALE;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const prefix = wanted.slice(0, 2);
  return SUPPORTED_LOCALES.find((locale) => locale.startsWith(prefix)) ?? DEFAULT_LOCALE;
}

export const LocaleSchema = v.picklist(SUPPORTED_LOCALES, "form_error_invalid");

/** Each language in its own name, as language pickers show them (French: partial, offered nowhere yet). */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  "es-ES": "Español",
  "pt-BR": "Português (Brasil)",
  "pt-PT": "Português (Portugal)",
  "eu-ES": "Euskara",
  fr: "Français",
};
