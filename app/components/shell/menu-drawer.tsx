import { useLocation } from "@remix-run/react";
import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { NavEntry } from "~/lib/nav-entry";
import { useHydrated } from "~/lib/use-hydrated";
import { NavList } from "./nav-list";

/** The open menu (Radix Dialog), fetched the first time the menu button is pressed. */
const MenuDialog = lazy(() => import("./menu-dialog"));

const TRIGGER = "flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden";

/**
 * The menu of xs, sm and md (SPEC.md section 2, "A hamburger drawer"): a Radix dialog sliding in from
 * the left, so Escape and a tap outside close it and the focus goes back to the menu button; it also
 * closes as soon as a link in it is followed, and on any other navigation (back, forward). Before
 * hydration it is a <details>, so the menu works without JavaScript. The dialog's code (Radix,
 * ./menu-dialog.tsx) loads when the menu first opens, not with every page
 * (docs/decisions/039-first-visit-weight.md).
 */
export function MenuDrawer({ nav, contactEmail }: { nav: NavEntry[]; contactEmail: string }) {
  const { t } = useTranslation("shell");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so Radix can close it (and give the focus back).
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
    <>
      <button
        ref={button}
        type="button"
        className={`${TRIGGER} lg:hidden`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{t("open_menu")}</span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MenuDialog open={open} onOpenChange={setOpen} returnFocus={button} nav={nav} contactEmail={contactEmail} />
        </Suspense>
      ) : null}
    </>
  );
}
