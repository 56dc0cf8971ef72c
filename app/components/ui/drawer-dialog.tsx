/**
 * The modal of ui/drawer.tsx (Radix Dialog: focus trapping, focus return, scroll lock, Escape and
 * outside-click handling), in a module of its own so it loads when a drawer first opens.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { DrawerProps } from "./drawer";

const preventDefault = (event: Event) => event.preventDefault();

export default function DrawerDialog({ open, onOpenChange, title, description, footer, dismissible = true, className, children }: Omit<DrawerProps, "closeHref">) {
  const { t } = useTranslation("common");
  const block = dismissible ? undefined : preventDefault;
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
