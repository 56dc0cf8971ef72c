import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
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

/** Radix's own close control, to put on any button inside the drawer (`<DrawerClose asChild>`). */
export const DrawerClose = Dialog.Close;

const preventDefault = (event: Event) => event.preventDefault();

/**
 * A modal drawer (SPEC.md sections 2 and 9): a sheet from the bottom below lg (992 px), a full-height
 * panel from the right from lg on. Radix gives focus trapping, focus return, scroll lock and the
 * Escape/outside-click handling. The slide-in is a CSS transition from `@starting-style`, so it needs
 * no keyframes and is skipped when the member prefers reduced motion. On the server and before
 * hydration nothing is rendered (the portal mounts in the browser), so a closed drawer costs no markup;
 * with `closeHref`, an open one is rendered as a panel in the page instead.
 */
export function Drawer({ open, onOpenChange, title, description, footer, dismissible = true, closeHref, className, children }: DrawerProps) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const headingId = useId();
  const block = dismissible ? undefined : preventDefault;
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed z-50 flex flex-col bg-card text-foreground shadow-xl outline-none",
            "transition-transform duration-300 ease-out motion-reduce:transition-none",
            // Below lg: a bottom sheet with a rounded top.
            "inset-x-0 bottom-0 max-h-[90vh] rounded-t-xl starting:translate-y-full",
            // lg and up: a full-height panel on the right.
            "lg:inset-y-0 lg:right-0 lg:left-auto lg:max-h-none lg:w-[28rem] lg:max-w-full lg:rounded-none lg:rounded-l-xl lg:starting:translate-x-full lg:starting:translate-y-0",
            className,
          )}
        >
          <div className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-border lg:hidden" aria-hidden="true" />
          <header className="flex shrink-0 items-start gap-3 border-b border-border px-5 pb-3 pt-3 lg:pt-5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description> : null}
            </div>
            {dismissible ? (
              <Dialog.Close
                className="-mr-2 -mt-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
                aria-label={t("close")}
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            ) : null}
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
          {footer ? (
            <footer className="shrink-0 border-t border-border px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">{footer}</footer>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
