/** The terms pages (/terms, /terms/{version}): the text of terms-versions.server.ts parsed into blocks. */
import type { Locale } from "~/domain/locales";
import { detectLocale } from "~/i18n/locale.server";
import { LATEST_TERMS_VERSION, TERMS_VERSIONS } from "./terms-versions.server";

type TermsBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

export function parseTerms(text: string): TermsBlock[] {
  const blocks: TermsBlock[] = [];
  for (const chunk of text.trim().split(/\n\s*\n/)) {
    for (const line of chunk.split("\n").map((l) => l.trim()).filter(Boolean)) {
      const last = blocks[blocks.length - 1];
      if (line.startsWith("## ")) blocks.push({ kind: "heading", text: line.slice(3) });
      else if (line.startsWith("- ")) {
        if (last?.kind === "list") last.items.push(line.slice(2));
        else blocks.push({ kind: "list", items: [line.slice(2)] });
      } else blocks.push({ kind: "paragraph", text: line });
    }
  }
  return blocks;
}

/**
 * A version of the terms in the page's language (English when it has no translation), or null for
 * a version that does not exist. `version` is the route's "v1" (the form platform_terms urls use).
 */
export function platformTerms(version: string | null, locale: Locale) {
  const wanted = version === null ? LATEST_TERMS_VERSION : /^v[1-9]\d{0,3}$/.test(version) ? Number(version.slice(1)) : NaN;
  const found = TERMS_VERSIONS.find((entry) => entry.version === wanted);
  if (!found) return null;
  const language = found.text[locale] ? locale : "en-US";
  return {
    version: found.version,
    latest: found.version === LATEST_TERMS_VERSION,
    effective: found.effective,
    language,
    blocks: parseTerms(found.text[language] ?? found.text["en-US"]),
  };
}

/** Loader of /terms (version null: the latest) and /terms/{version}; 404 for a version that does not exist. */
export async function loadTerms(request: Request, version: string | null) {
  const terms = platformTerms(version, await detectLocale(request));
  if (!terms) throw new Response("Not Found", { status: 404 });
  return terms;
}
