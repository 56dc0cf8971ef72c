import { Link } from "@remix-run/react";
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
  return (
    <nav aria-label={label} className="border-b border-border">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold",
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
