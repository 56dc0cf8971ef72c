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
export function TabLinks({ label, tabs, current, wrap = false }: { label: string; tabs: TabLink[]; current: string; wrap?: boolean }) {
  const currentLink = useRef<HTMLAnchorElement>(null);
  // Where the tabs scroll sideways (a phone), the current one is brought into view.
  useEffect(() => {
    const link = currentLink.current;
    const strip = link?.closest("nav");
    if (!link || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const gap = link.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += gap - (strip.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  if (wrap) return <WrappedLinks label={label} tabs={tabs} current={current} />;
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

/**
 * Many sections (the staff area of an administrator: eleven): every one stays in sight, in rows of
 * pills that wrap, instead of a strip whose end is off-screen with nothing to say it is there.
 */
function WrappedLinks({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border px-4 text-sm font-semibold",
                  active ? "border-brand bg-brand text-brand-foreground" : "border-border bg-card text-foreground hover:bg-muted",
                )}
              >
                {tab.label}
                {tab.count !== undefined ? (
                  <span className={cn("rounded-full px-2 text-xs", active ? "bg-brand-foreground text-brand" : "bg-muted text-foreground")}>{tab.count}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
