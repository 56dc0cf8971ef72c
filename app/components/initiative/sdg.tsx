/**
 * The 17 sustainable development goals as the screens show them (SPEC.md section 2): a small square
 * icon drawn here (the goal's number on its official UN colour) and the goal's name in the member's
 * language. One component for the wall cards, the wall filter and the initiative page.
 */
import { SDG_SLUGS } from "~/domain/initiatives/types";
import type { TFunction } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { humanize } from "~/domain/initiatives/format";

/** The official colours of the goals (UN brand guidelines), goal id - 1. */
export const SDG_COLOURS = [
  "#E5243B", "#DDA63A", "#4C9F38", "#C5192D", "#FF3A21", "#26BDE2", "#FCC30B", "#A21942", "#FD6925",
  "#DD1367", "#FD9D24", "#BF8B2E", "#3F7E44", "#0A97D9", "#56C02B", "#00689D", "#19486A",
] as const;

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a #RRGGBB colour. */
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

/** WCAG contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The number's colour: white as on the UN's icons where it reads at 4.5:1 (WCAG AA for normal text:
 * the number is small), black on the light goals (yellow, orange, light blue, light green).
 */
export const sdgTextColour = (id: number) => (contrastRatio("#FFFFFF", SDG_COLOURS[id - 1]) >= 4.5 ? "#FFFFFF" : "#000000");

export const isSdg = (id: number) => Number.isInteger(id) && id >= 1 && id <= SDG_SLUGS.length;

/** The goal's name in the page's language (the `initiatives` namespace owns the names). */
export const sdgName = (t: TFunction, id: number) =>
  t(`initiatives:sdg_${SDG_SLUGS[id - 1]}`, { defaultValue: humanize(SDG_SLUGS[id - 1] ?? String(id)) });

/**
 * The goal's icon. With `label` it is an image named by it (the goal's name); without, it is
 * decoration beside a visible name.
 */
export function SdgIcon({ id, size = 24, label, className }: { id: number; size?: number; label?: string; className?: string }) {
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const };
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} focusable="false" className={cn("shrink-0", className)} {...named}>
      <rect width="24" height="24" rx="3" fill={SDG_COLOURS[id - 1]} />
      <text x="12" y="12.5" dominantBaseline="middle" textAnchor="middle" fontSize="13" fontWeight="700" fill={sdgTextColour(id)}>
        {id}
      </text>
    </svg>
  );
}

/** A goal as a chip: its icon and its name. */
export function SdgChip({ id, t, size = "md" }: { id: number; t: TFunction; size?: "sm" | "md" }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border border-border bg-card",
        size === "sm" ? "gap-1.5 py-0.5 pl-1 pr-2 text-xs" : "gap-2 py-1 pl-1.5 pr-3 text-sm",
      )}
    >
      <SdgIcon id={id} size={size === "sm" ? 18 : 24} />
      {sdgName(t, id)}
    </span>
  );
}
