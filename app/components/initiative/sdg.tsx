/**
 * The 17 sustainable development goals as the screens show them (SPEC.md section 2): the goal's
 * image in the member's language (its official colour, number and short title; app/domain/sdg-image.ts)
 * and the goal's name. One component for the wall cards, the wall filter, the initiative page, the
 * social CV and the certificate's verification page.
 */
import { SDG_SLUGS } from "~/domain/initiatives/types";
import { humanize } from "~/domain/initiatives/format";
import { sdgImagePath } from "~/domain/sdg-image";
import { useTranslation, type TFunction } from "~/i18n/react";
import { cn } from "~/lib/cn";

export { isSdg } from "~/domain/sdg-image";

/** The goal's name in the page's language (the `initiatives` namespace owns the names). */
export const sdgName = (t: TFunction, id: number) =>
  t(`initiatives:sdg_${SDG_SLUGS[id - 1]}`, { defaultValue: humanize(SDG_SLUGS[id - 1] ?? String(id)) });

/**
 * The goal's image. With `label` it is an image named by it (the goal's name); without, it is
 * decoration beside a visible name.
 */
export function SdgIcon({ id, size = 24, label, className }: { id: number; size?: number; label?: string; className?: string }) {
  const { i18n } = useTranslation("initiatives");
  return (
    <img
      src={sdgImagePath(id, i18n.language)}
      alt={label ?? ""}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn("shrink-0 rounded-[3px]", className)}
    />
  );
}

/** A goal as a chip: its image and its name. */
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

/** The 17 goals as the choices of a form (the editor, the proposal wizard): each its image and name. */
export const sdgChoices = (t: TFunction) =>
  SDG_SLUGS.map((slug, index) => ({
    value: slug,
    label: (
      <span className="inline-flex items-center gap-2">
        <SdgIcon id={index + 1} size={20} />
        {sdgName(t, index + 1)}
      </span>
    ),
  }));
