import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { buttonVariants } from "~/components/ui/button";
import type { InitiativeCard } from "~/domain/initiatives/types";
import { cn } from "~/lib/cn";
import { InitiativeCardView } from "./initiative-card";

interface ListProps {
  items: InitiativeCard[];
  /** First path segment of the cards' links: "wall" or "initiative" (SPEC.md section 2). */
  base: "wall" | "initiative";
  now: number;
  showPinned?: boolean;
  /** Each item carries its slug as id, so /initiative#{slug} scrolls to it even without JavaScript. */
  anchored?: boolean;
  /** The slug to highlight (the one a #hash points at). */
  highlight?: string | null;
  className?: string;
}

/** A responsive grid of initiative cards: one column on phones, two from md, three from xl. */
export function InitiativeList({ items, base, now, showPinned = false, anchored = false, highlight = null, className }: ListProps) {
  return (
    <ul className={cn("grid gap-4 md:grid-cols-2 xl:grid-cols-3", className)}>
      {items.map((initiative, index) => (
        <li
          key={initiative.id}
          id={anchored ? initiative.slug : undefined}
          className={cn("scroll-mt-24 rounded-lg", highlight === initiative.slug && "ring-2 ring-brand ring-offset-2")}
        >
          <InitiativeCardView initiative={initiative} href={`/${base}/${initiative.slug}`} now={now} showPinned={showPinned} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}

/** A centred message for an empty list, with optional actions under it. */
export function EmptyState({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="max-w-md text-sm text-muted-foreground">{children}</div> : null}
      {actions ? <div className="flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The load-error panel (SPEC.md section 8: section load errors show a reload button). */
export function LoadError({ message, reloadLabel, reloadHref }: { message: string; reloadLabel: string; reloadHref: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-6 py-8 text-center">
      <p className="font-medium text-destructive">{message}</p>
      {/* A real link to the same URL: a reload with or without JavaScript. */}
      <a href={reloadHref} className={buttonVariants()}>
        {reloadLabel}
      </a>
    </div>
  );
}

/**
 * The wall's pager, as plain links that work without JavaScript: keyset pages (docs/api/pagination.md)
 * know where the next one starts, not their number, so it leads back to the first page and on to
 * the next; the browser's Back goes to the page before.
 */
export function Pagination({ firstHref, nextHref }: { firstHref: string | null; nextHref: string | null }) {
  const { t } = useTranslation("initiatives");
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={t("pagination_label")} className="flex items-center justify-between gap-2">
      {firstHref ? (
        <Link to={firstHref} className={buttonVariants({ variant: "outline" })}>
          {t("wall_page_first")}
        </Link>
      ) : (
        <span />
      )}
      {nextHref ? (
        <Link to={nextHref} className={buttonVariants({ variant: "outline" })} rel="next">
          {t("pagination_next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
