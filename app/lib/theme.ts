/**
 * The organisation's colours (community config `theme`) as CSS variables on <html>. Only plain
 * hex colours pass (app/domain/contrast.ts), so a stored theme can never inject CSS.
 */
import { HEX_COLOUR, readableOn } from "~/domain/contrast";

export function themeStyle(theme: Record<string, string> | undefined): Record<string, string> {
  const primary = theme?.primary;
  if (!primary || !HEX_COLOUR.test(primary)) return {};
  return { "--brand": primary, "--brand-foreground": readableOn(primary) };
}
