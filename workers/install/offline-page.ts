/**
 * GET /offline (decision 046): what the service worker shows when there is no connection and the page
 * asked for is not one it keeps. Plain HTML from the Worker, in the browser's language, with no
 * script: it holds nothing of any member's, the worker keeps it from its install, and it adds nothing
 * to any page's JavaScript.
 */
import { resolveLocale, type Locale } from "../../app/domain/locales";
import en from "../../app/i18n/locales/en-US/push.json";
import es from "../../app/i18n/locales/es-ES/push.json";
import eu from "../../app/i18n/locales/eu-ES/push.json";
import ptBR from "../../app/i18n/locales/pt-BR/push.json";
import ptPT from "../../app/i18n/locales/pt-PT/push.json";
import fr from "../../app/i18n/locales/fr/push.json";
import { escapeHtml } from "../email/templates";
import type { Tenant } from "../tenant/organizations";
import { brandColour } from "./icon";
import { readableOn } from "../../app/domain/contrast";

const STRINGS: Record<Locale, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

export function offlinePage(org: Pick<Tenant, "name" | "community">, acceptLanguage: string | null): string {
  const locale = resolveLocale(acceptLanguage?.split(",")[0]?.split(";")[0]);
  const t = (key: string) => escapeHtml(STRINGS[locale][key] ?? (en as Record<string, string>)[key]);
  const brand = brandColour(org.community.theme);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("offline_title")} · ${escapeHtml(org.name)}</title><link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="${brand}">
<style>body{font-family:system-ui,sans-serif;margin:0;color:#111827}main{max-width:28rem;margin:0 auto;padding:3rem 1.5rem;text-align:center;display:flex;flex-direction:column;gap:1rem}
h1{font-size:1.5rem;margin:0}p{color:#4b5563;margin:0}a{display:block;border-radius:.375rem;padding:.75rem 1rem;font-weight:600;text-decoration:none}
.primary{background:${brand};color:${readableOn(brand)}}.secondary{border:1px solid #d1d5db;color:#111827}</style></head>
<body><main><h1>${t("offline_title")}</h1><p>${t("offline_text")}</p>
<a class="primary" href="/initiative">${t("offline_my_initiatives")}</a><a class="secondary" href="/wall">${t("offline_retry")}</a></main></body></html>`;
}
