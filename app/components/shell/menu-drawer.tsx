import * as Dialog from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { NavEntry } from "~/lib/nav-entry";
import { useHydrated } from "~/lib/use-hydrated";
import { NavList } from "./nav-list";

const TRIGGER = "flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden";

/**
 * The menu of xs, sm and md (SPEC.md section 2, "A hamburger drawer"): a Radix dialog sliding in from
 * the left, so Escape and a tap outside close it and the focus goes back to the menu button; it also
 * closes as soon as a link in it is followed, and on any other navigation (back, forward). Before
 * hydration it is a <details>, so the menu works without JavaScript.
 */
export function MenuDrawer({ nav, contactEmail }: { nav: NavEntry[]; contactEmail: string }) {
  const { t } = useTranslation("shell");
  const tCommon = useTranslation("common").t;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  if (!hydrated) {
    return (
      <details className="lg:hidden">
        <summary className={TRIGGER} aria-label={t("open_menu")}>
          <Menu aria-hidden="true" className="size-6" />
        </summary>
        <nav aria-label={t("main_navigation")} className="absolute inset-x-0 top-16 z-40 border-b border-border bg-card p-3 shadow-lg">
          <NavList nav={nav} contactEmail={contactEmail} />
        </nav>
      </details>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${TRIGGER} lg:hidden`}>
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{t("open_menu")}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
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
          <nav aria-label={t("main_navigation")} className="min-h-0 flex-1 overflow-y-auto" onClick={(event) => (event.target as Element).closest("a") && setOpen(false)}>
            <NavList nav={nav} contactEmail={contactEmail} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
