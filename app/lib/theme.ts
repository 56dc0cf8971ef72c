/**
 * The organisation's colours (community config `theme`) as CSS variables on <html>. Only plain
 * hex colours pass, so a stored theme can never inject CSS.
 */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function readableOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? "#0f172a" : "#ffffff";
}

export function themeStyle(theme: Record<string, string> | undefined): Record<string, string> {
  const primary = theme?.primary;
  if (!primary || !HEX.test(primary)) return {};
  return { "--brand": primary, "--brand-foreground": readableOn(primary) };
}
