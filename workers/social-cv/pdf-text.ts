/**
 * The certificate's words in the member's language: its own strings (certificate.json) and the
 * names the app gives SDGs, competences and units (initiatives, lookups and initiative namespaces),
 * each key falling back to English (French is partial). Plurals by the locale's own rules.
 */
import { DEFAULT_LOCALE, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import enCertificate from "../../app/i18n/locales/en-US/certificate.json";
import esCertificate from "../../app/i18n/locales/es-ES/certificate.json";
import euCertificate from "../../app/i18n/locales/eu-ES/certificate.json";
import ptBRCertificate from "../../app/i18n/locales/pt-BR/certificate.json";
import ptPTCertificate from "../../app/i18n/locales/pt-PT/certificate.json";
import frCertificate from "../../app/i18n/locales/fr/certificate.json";
import enInitiatives from "../../app/i18n/locales/en-US/initiatives.json";
import esInitiatives from "../../app/i18n/locales/es-ES/initiatives.json";
import euInitiatives from "../../app/i18n/locales/eu-ES/initiatives.json";
import ptBRInitiatives from "../../app/i18n/locales/pt-BR/initiatives.json";
import ptPTInitiatives from "../../app/i18n/locales/pt-PT/initiatives.json";
import frInitiatives from "../../app/i18n/locales/fr/initiatives.json";
import enLookups from "../../app/i18n/locales/en-US/lookups.json";
import esLookups from "../../app/i18n/locales/es-ES/lookups.json";
import euLookups from "../../app/i18n/locales/eu-ES/lookups.json";
import ptBRLookups from "../../app/i18n/locales/pt-BR/lookups.json";
import ptPTLookups from "../../app/i18n/locales/pt-PT/lookups.json";
import enInitiative from "../../app/i18n/locales/en-US/initiative.json";
import esInitiative from "../../app/i18n/locales/es-ES/initiative.json";
import euInitiative from "../../app/i18n/locales/eu-ES/initiative.json";
import ptBRInitiative from "../../app/i18n/locales/pt-BR/initiative.json";
import ptPTInitiative from "../../app/i18n/locales/pt-PT/initiative.json";
import frInitiative from "../../app/i18n/locales/fr/initiative.json";

type Strings = Record<string, string>;

/** certificate.json's keys without plural suffixes, and the lookup keys (sdg_*, competence.*, unit_*). */
export type CertificateKey = keyof typeof enCertificate extends infer K ? (K extends `${infer Base}_${"one" | "other"}` ? Base : K) & string : never;

const pick = (strings: Strings, test: (key: string) => boolean) => Object.fromEntries(Object.entries(strings).filter(([key]) => test(key)));
const lookupNames = (initiatives: Strings, lookups: Strings, initiative: Strings): Strings => ({
  ...pick(initiatives, (key) => key.startsWith("sdg_")),
  ...pick(lookups, (key) => key.startsWith("competence.")),
  ...pick(initiative, (key) => key.startsWith("unit_")),
});

const STRINGS: Record<Locale, Strings> = {
  "en-US": { ...lookupNames(enInitiatives, enLookups, enInitiative), ...enCertificate },
  "es-ES": { ...lookupNames(esInitiatives, esLookups, esInitiative), ...esCertificate },
  "eu-ES": { ...lookupNames(euInitiatives, euLookups, euInitiative), ...euCertificate },
  "pt-BR": { ...lookupNames(ptBRInitiatives, ptBRLookups, ptBRInitiative), ...ptBRCertificate },
  "pt-PT": { ...lookupNames(ptPTInitiatives, ptPTLookups, ptPTInitiative), ...ptPTCertificate },
  fr: { ...lookupNames(frInitiatives, {}, frInitiative), ...frCertificate },
};

const lookup = (locale: Locale, key: string) => STRINGS[locale][key] ?? STRINGS[DEFAULT_LOCALE][key];

/**
 * The text of `key` with `{{name}}` filled from `vars`. With a numeric `n`, the plural form the
 * locale's rules pick (`key_one`, `key_many`, `key_other`); an unknown key prints as itself.
 */
export function certificateText(locale: Locale, key: CertificateKey | `${"sdg_" | "competence." | "unit_"}${string}`, vars: Record<string, string | number> = {}): string {
  const form = typeof vars.n === "number" ? pluralRule(locale)(vars.n) : null;
  const text = (form ? (lookup(locale, `${key}_${form}`) ?? lookup(locale, `${key}_other`)) : undefined) ?? lookup(locale, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
