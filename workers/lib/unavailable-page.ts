/**
 * What a browser gets when the upstream (UPSTREAM_URL, docs/upstream.md) cannot be reached before a
 * page could even be rendered (its organisation is unknown): static files from the edge's own
 * assets, and for a page a small HTML page in the browser's language saying the service is
 * unavailable (503, Retry-After), as docs/upstream.md promises. The API keeps its JSON answer.
 */
import { resolveLocale } from "../../app/domain/locales";
import en from "../../app/i18n/locales/en-US/common.json";
import es from "../../app/i18n/locales/es-ES/common.json";
import eu from "../../app/i18n/locales/eu-ES/common.json";
import fr from "../../app/i18n/locales/fr/common.json";
import ptBR from "../../app/i18n/locales/pt-BR/common.json";
import ptPT from "../../app/i18n/locales/pt-PT/common.json";
import { DomainError } from "./domain-errors";

const COMMON: Record<string, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, fr, "pt-BR": ptBR, "pt-PT": ptPT };
const KEYS = ["service_unavailable_title", "service_unavailable_message", "service_unavailable_retry"] as const;

/** How long a browser is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/** Whether the request is a browser's page load (a navigation), not a script's or a file's. */
export function isNavigation(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page, in the first language of the browser's Accept-Language (English where a word is missing). */
export function unavailablePage(request: Request): Response {
  const locale = resolveLocale(request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim());
  const [title, message, retry] = KEYS.map((key) => escapeHtml(COMMON[locale]?.[key] ?? en[key]));
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;text-align:center;color:#1f2937}a{color:inherit;font-weight:600}</style></head>
<body><main><h1>${title}</h1><p>${message}</p><p><a href="">${retry}</a></p></main></body></html>`;
  return new Response(request.method === "HEAD" ? null : html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * The answer to a request the upstream's fault stopped before its page (`cause`, a 502 or 504 of
 * ./upstream.ts): a static file of the edge's own assets, or the page above for a navigation; null
 * when neither applies (the JSON error stands).
 */
export async function withoutUpstream(request: Request, assets: Fetcher, cause: unknown): Promise<Response | null> {
  if (!(cause instanceof DomainError) || (cause.kind !== "upstream_unavailable" && cause.kind !== "upstream_timeout")) return null;
  if (request.method === "GET" || request.method === "HEAD") {
    const asset = await assets.fetch(request);
    if (asset.status !== 404) return asset;
  }
  return isNavigation(request) ? unavailablePage(request) : null;
}
