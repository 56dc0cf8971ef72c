import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn";

export interface TabLink {
  id: string;
  label: string;
  count?: number;
  to: string;
}

/**
 * Tabs as links (?tab=history): they work without JavaScript, and the current one carries
 * aria-current="page", which screen readers announce as the current page of the set.
 */
export function TabLinks({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
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
    <nav aria-label={label} className="overflow-x-auto border-b border-border">
      {/* One line: on a phone the tabs scroll sideways instead of wrapping their labels. */}
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                ref={active ? currentLink : undefined}
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 whitespace-nowrap border-b-2 px-4 text-sm font-semibold",
                  active ? "border-brand text-brand" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {tab.label}
                {tab.count !== undefined ? (
                  <span className={cn("rounded-full px-2 text-xs", active ? "bg-brand text-brand-foreground" : "bg-muted text-foreground")}>{tab.count}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
