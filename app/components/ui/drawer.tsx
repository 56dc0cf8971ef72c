import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
  /** Actions kept visible under the scrolling body (buttons, a submit). */
  footer?: ReactNode;
  /** False: no close button, and Escape or a click outside do nothing; only the content can close it. */
  dismissible?: boolean;
  /**
   * For drawers opened by their URL: where "close" leads. Given it, an open drawer renders in the
   * page as a panel on the server and before hydration, so its forms and links work without JavaScript.
   */
  closeHref?: string;
  className?: string;
  children?: ReactNode;
}

/** The modal itself (Radix Dialog), fetched the first time a drawer opens: no page loads it on a first visit. */
const DrawerDialog = lazy(() => import("./drawer-dialog"));

/**
 * A modal drawer (SPEC.md sections 2 and 9): a sheet from the bottom below lg (992 px), a full-height
 * panel from the right from lg on. Radix gives focus trapping, focus return, scroll lock and the
 * Escape/outside-click handling. The slide-in is a CSS transition from `@starting-style`, so it needs
 * no keyframes and is skipped when the member prefers reduced motion. On the server and before
 * hydration nothing is rendered (the portal mounts in the browser), so a closed drawer costs no markup;
 * with `closeHref`, an open one is rendered as a panel in the page instead. The modal's code (Radix,
 * ./drawer-dialog.tsx) loads when a drawer first opens (docs/decisions/039-first-visit-weight.md), and
 * stays mounted after, so Radix can close it.
 */
export function Drawer({ open, onOpenChange, title, description, footer, dismissible = true, closeHref, className, children }: DrawerProps) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const headingId = useId();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!hydrated && closeHref !== undefined) {
    if (!open) return null;
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border-2 border-brand bg-card p-4 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
          </div>
          <a href={closeHref} className="text-sm font-medium text-brand underline">
            {t("close")}
          </a>
        </div>
        {children}
        {footer}
      </section>
    );
  }
  // Nothing on the server and before hydration (Radix's portal mounts only in the browser): the
  // lazy modal would otherwise leave a Suspense marker in the server's markup.
  if (!opened || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <DrawerDialog open={open} onOpenChange={onOpenChange} title={title} description={description} footer={footer} dismissible={dismissible} className={className}>
        {children}
      </DrawerDialog>
    </Suspense>
  );
}
