/**
 * Colour contrast as WCAG 2.1 measures it (relative luminance, ratio 1 to 21), pure: the settings
 * editor shows it as the administrator picks a colour, the API refuses a theme below AA, and the
 * pages pick the text colour that reads best on the brand colour.
 */

/** Plain hex colours only (#abc or #aabbcc): a stored theme can never carry CSS. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The page background the brand colour is shown on (links, outlines). */
export const PAGE_BACKGROUND = "#ffffff";
const DARK_TEXT = "#0f172a";

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** Relative luminance of an sRGB colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** White or dark text, whichever contrasts more with `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, DARK_TEXT) ? "#ffffff" : DARK_TEXT;
}

/**
 * Whether a brand colour passes AA where the app uses it: as text and outlines on the page, and as
 * a button's background under its readable text.
 */
export function brandColourReadable(hex: string): boolean {
  return HEX_COLOUR.test(hex) && contrastRatio(hex, PAGE_BACKGROUND) >= AA_CONTRAST && contrastRatio(hex, readableOn(hex)) >= AA_CONTRAST;
}
