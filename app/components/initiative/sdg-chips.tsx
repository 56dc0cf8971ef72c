import { useId, type HTMLAttributes } from "react";
import { SDG_CHIPS_SHOWN } from "~/domain/initiatives/rules";
import { useTranslation } from "~/i18n/react";
import { isSdg, SdgChip } from "~/components/initiative/sdg";

// React 18 does not know the popover attributes yet; lowercase ones pass through to the DOM.
const popover = (attributes: Record<string, string>) => attributes as HTMLAttributes<HTMLElement>;

/**
 * The first three goals as chips, the rest behind a "+N" button in a popover. The HTML popover
 * (no JavaScript needed) gives keyboard opening, Escape, light dismiss and focus return.
 */
export function SdgChips({ sdgs }: { sdgs: number[] }) {
  const { t } = useTranslation("initiative");
  const popoverId = useId().replace(/:/g, "");
  const known = sdgs.filter(isSdg);
  if (known.length === 0) return null;
  const shown = known.slice(0, SDG_CHIPS_SHOWN);
  const rest = known.slice(SDG_CHIPS_SHOWN);
  return (
    <section aria-labelledby={`${popoverId}-title`} className="flex flex-col gap-2">
      <h2 id={`${popoverId}-title`} className="text-base font-semibold">
        {t("sdgs_title")}
      </h2>
      <ul className="flex flex-wrap items-center gap-2">
        {shown.map((id) => (
          <li key={id}>
            <SdgChip id={id} t={t} />
          </li>
        ))}
        {rest.length ? (
          <li>
            <button
              type="button"
              className="inline-flex h-8 items-center rounded-full border border-brand px-3 text-sm font-semibold text-brand hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t("sdgs_more_label", { count: rest.length })}
              {...popover({ popovertarget: `sdgs-${popoverId}` })}
            >
              +{rest.length}
            </button>
          </li>
        ) : null}
      </ul>
      {rest.length ? (
        <div
          id={`sdgs-${popoverId}`}
          role="dialog"
          aria-label={t("sdgs_more_title")}
          className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-4 text-foreground shadow-xl backdrop:bg-black/30"
          {...popover({ popover: "auto" })}
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <p className="font-semibold">{t("sdgs_more_title")}</p>
            <button
              type="button"
              className="rounded-md px-2 py-1 text-sm font-medium text-brand underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              {...popover({ popovertarget: `sdgs-${popoverId}`, popovertargetaction: "hide" })}
            >
              {t("close")}
            </button>
          </div>
          <ul className="flex flex-col items-start gap-2">
            {rest.map((id) => (
              <li key={id}>
                <SdgChip id={id} t={t} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
