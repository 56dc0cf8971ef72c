/**
 * The open menu of shell/menu-drawer.tsx: a Radix dialog sliding in from the left, in a module of its
 * own so it loads when the menu first opens. Its button lives in menu-drawer.tsx (no Dialog.Trigger),
 * so the focus is given back to it here.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "~/i18n/react";
import type { NavEntry } from "~/lib/nav-entry";
import { NavList } from "./nav-list";

export default function MenuDialog({
  open,
  onOpenChange,
  returnFocus,
  nav,
  contactEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
  nav: NavEntry[];
  contactEmail: string;
}) {
  const { t } = useTranslation("shell");
  const tCommon = useTranslation("common").t;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-3 bg-card p-3 shadow-xl outline-none transition-transform duration-300 ease-out starting:-translate-x-full motion-reduce:transition-none lg:hidden"
        >
          <div className="flex items-center justify-between gap-2 pl-3">
            <Dialog.Title className="text-base font-semibold">{t("main_navigation")}</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{tCommon("close")}</span>
            </Dialog.Close>
          </div>
          {/* A followed link closes at once, not when the next page has loaded. The click comes from
              the link (Enter on a focused link clicks it too), so no key handler is needed here. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <nav aria-label={t("main_navigation")} className="min-h-0 flex-1 overflow-y-auto" onClick={(event) => (event.target as Element).closest("a") && onOpenChange(false)}>
            <NavList nav={nav} contactEmail={contactEmail} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
