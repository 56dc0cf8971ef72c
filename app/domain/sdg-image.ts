/**
 * The 17 goal images (SPEC.md section 2: 17 per language, en, es, pt and fr; other languages fall
 * back to en), drawn as the UN draws its goal icons: the goal's official colour, its number large,
 * its short title in capitals. One SVG per goal and language, made here from the goal names the
 * pages already translate, so a renamed goal never needs an image redrawn. Served by the Worker
 * (workers/sdg-images.ts) and shown by every screen that shows goals (app/components/initiative/sdg.tsx).
 */
import { contrastRatio } from "./contrast";
import { SDG_SLUGS } from "./initiatives/types";

/** The official colours of the goals (UN brand guidelines), goal id - 1. */
export const SDG_COLOURS = [
  "#E5243B", "#DDA63A", "#4C9F38", "#C5192D", "#FF3A21", "#26BDE2", "#FCC30B", "#A21942", "#FD6925",
  "#DD1367", "#FD9D24", "#BF8B2E", "#3F7E44", "#0A97D9", "#56C02B", "#00689D", "#19486A",
] as const;

/**
 * The images there are, by the locale whose goal names they carry: English, Spanish, both
 * Portuguese (Brazil and Portugal word some goals differently) and French. Other locales (Basque)
 * show the English ones, as SPEC.md section 2 says.
 */
export const SDG_IMAGE_LOCALES = { en: "en-US", es: "es-ES", "pt-BR": "pt-BR", "pt-PT": "pt-PT", fr: "fr" } as const;
export type SdgImageLanguage = keyof typeof SDG_IMAGE_LOCALES;

const isImageLanguage = (value: string): value is SdgImageLanguage => Object.hasOwn(SDG_IMAGE_LOCALES, value);

/** The image language of a page's locale: its own when it has images, else English. */
export function sdgImageLanguage(locale: string): SdgImageLanguage {
  if (isImageLanguage(locale)) return locale;
  const language = locale.slice(0, 2).toLowerCase();
  if (language === "pt") return locale.toUpperCase().endsWith("PT") ? "pt-PT" : "pt-BR";
  return isImageLanguage(language) ? language : "en";
}

/** A path segment that names an image language, as the Worker reads it back. */
export const imageLanguageOf = (segment: string): SdgImageLanguage | null => (isImageLanguage(segment) ? segment : null);

export const isSdg = (id: number) => Number.isInteger(id) && id >= 1 && id <= SDG_SLUGS.length;

/** The address of a goal's image in a page's locale. */
export const sdgImagePath = (id: number, locale: string) => `/sdg/${sdgImageLanguage(locale)}/${id}.svg`;

/**
 * The number's and title's colour: white as on the UN's icons where it reads at 4.5:1 (WCAG AA for
 * normal text), black on the light goals (yellow, orange, light blue, light green).
 */
export const sdgTextColour = (id: number) => (contrastRatio("#FFFFFF", SDG_COLOURS[id - 1]) >= 4.5 ? "#FFFFFF" : "#000000");

/** Characters per line of the title at its size (the image is 100 units wide). */
const LINE_LENGTH = 14;
const MAX_LINES = 4;
const TITLE_SIZE = 9.5;
/** The width the title may take: the image less a margin of 7 on each side. */
const TITLE_WIDTH = 86;

/**
 * The title in lines of at most LINE_LENGTH characters, broken between words (a word longer than a
 * line gets a line of its own), at most MAX_LINES lines; the last shown line ends with "…" when the
 * title is longer.
 */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.trim().split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= LINE_LENGTH) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= MAX_LINES) return lines;
  const shown = lines.slice(0, MAX_LINES);
  shown[MAX_LINES - 1] = `${shown[MAX_LINES - 1]}…`;
  return shown;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The goal's image as an SVG document: the colour, the number, the title (named by `title` for readers). */
export function sdgImageSvg(id: number, title: string, language: SdgImageLanguage): string {
  if (!isSdg(id)) throw new RangeError(`No goal ${id}`);
  const ink = sdgTextColour(id);
  const caps = title.toLocaleUpperCase(SDG_IMAGE_LOCALES[language]);
  const lines = titleLines(caps)
    .map((line, n) => {
      // Capitals of a bold sans are about 0.7 em wide: a line that would run past the right edge is
      // pressed to fit instead (the fonts differ by device, so this is an estimate with a margin).
      const fit = line.length * 0.7 * TITLE_SIZE > TITLE_WIDTH ? ` textLength="${TITLE_WIDTH}" lengthAdjust="spacingAndGlyphs"` : "";
      return `<text x="7" y="${54 + n * 11.5}" font-size="${TITLE_SIZE}" font-weight="700"${fit}>${escapeXml(line)}</text>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" lang="${SDG_IMAGE_LOCALES[language]}">` +
    `<title>${escapeXml(`${id}. ${title}`)}</title>` +
    `<rect width="100" height="100" fill="${SDG_COLOURS[id - 1]}"/>` +
    `<g fill="${ink}" font-family="Arial, Helvetica, 'Liberation Sans', sans-serif">` +
    `<text x="7" y="36" font-size="34" font-weight="700">${id}</text>${lines}</g></svg>`
  );
}
