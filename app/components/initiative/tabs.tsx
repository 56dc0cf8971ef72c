import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn";

export interface TabLink {
  id: string;
  label: string;
  /** A number, or its label ("99+" for a count that stops there). */
  count?: number | string;
  to: string;
}

/**
 * The two looks of a set of tab links: a strip of tabs on one line (a few tabs; on a phone it
 * scrolls sideways), or rows of pills that wrap (many sections, such as an administrator's eleven
 * staff sections: every one stays in sight instead of past the end of a strip with nothing to say
 * it is there).
 */
const LOOKS = {
  strip: {
    nav: "overflow-x-auto border-b border-border",
    list: "-mb-px flex gap-1",
    link: "border-b-2",
    active: "border-brand text-brand",
    idle: "border-transparent text-muted-foreground hover:text-foreground",
    count: ["bg-brand text-brand-foreground", "bg-muted text-foreground"],
  },
  pills: {
    nav: "",
    list: "flex flex-wrap gap-2",
    link: "rounded-full border",
    active: "border-brand bg-brand text-brand-foreground",
    idle: "border-border bg-card text-foreground hover:bg-muted",
    count: ["bg-brand-foreground text-brand", "bg-muted text-foreground"],
  },
} as const;

/**
 * Tabs as links (?tab=history): they work without JavaScript, and the current one carries
 * aria-current="page", which screen readers announce as the current page of the set.
 */
export function TabLinks({ label, tabs, current, wrap = false }: { label: string; tabs: TabLink[]; current: string; wrap?: boolean }) {
  const look = LOOKS[wrap ? "pills" : "strip"];
  const currentLink = useRef<HTMLAnchorElement>(null);
  // Where the tabs scroll sideways (a phone), the current one is brought into view.
  useEffect(() => {
    const link = currentLink.current;
    const strip = link?.closest("nav");
    if (!link || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const gap = link.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += gap - (strip.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav aria-label={label} className={look.nav || undefined}>
      <ul className={look.list}>
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                ref={active ? currentLink : undefined}
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn("inline-flex min-h-11 items-center gap-2 whitespace-nowrap px-4 text-sm font-semibold", look.link, active ? look.active : look.idle)}
              >
                {tab.label}
                {tab.count !== undefined ? <span className={cn("rounded-full px-2 text-xs", look.count[active ? 0 : 1])}>{tab.count}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
