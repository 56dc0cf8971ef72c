import { Link, NavLink, useNavigation } from "@remix-run/react";
import { ChevronsLeft, ChevronsRight } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { ChatLauncher, useChatEnabled } from "~/components/chat/chat-launcher";
import type { NavEntry } from "~/lib/nav-entry";
import { Avatar } from "./avatar";
import { MenuDrawer } from "./menu-drawer";
import { NAV_ITEMS } from "./nav-items";
import { NavList } from "./nav-list";

interface ShellProps {
  organization: { name: string; logo: string | null; logoSmall: string | null };
  member: { name: string; avatar: string | null };
  nav: NavEntry[];
  contactEmail: string;
  children: ReactNode;
}

/**
 * The signed-in frame (SPEC.md section 2, "Navigation shell"): header with the organisation's logo
 * and the member's avatar; a sidebar on large screens (collapsible); on xs/sm/md a menu drawer and a
 * bottom bar, whose right end holds the round chat button so that it never covers the page.
 */
export function AppShell({ organization, member, nav, contactEmail, children }: ShellProps) {
  const { t } = useTranslation("shell");
  const [collapsed, setCollapsed] = useState(false);
  const navigation = useNavigation();
  // The round chat button sits in the bar's right end (chat-launcher.tsx): keep that room free.
  const chat = useChatEnabled();
  const profileTarget = nav.includes("responsible_profile") ? "/responsible_profile" : "/settings";
  const bottom = (["wall", "initiative", "proposal", "settings"] as const).filter((entry) => nav.includes(entry));
  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2">
        {t("skip_to_content")}
      </a>
      {navigation.state !== "idle" ? (
        <div role="progressbar" aria-label={t("loading")} className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand" />
      ) : null}
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-card px-4">
        <MenuDrawer nav={nav} contactEmail={contactEmail} />
        {/* Plain links: the sidebar entry, not the logo, is the current page's mark. */}
        <Link to="/wall" className="flex items-center gap-2">
          {organization.logo ? (
            <img src={organization.logo} alt={organization.name} className="h-9 max-w-40 object-contain" />
          ) : (
            <span className="font-bold">{organization.name}</span>
          )}
        </Link>
        {/* The name is read from hidden text, not aria-label: the visible initials must not contradict it. */}
        <Link to={profileTarget} className="ml-auto rounded-full">
          <Avatar name={member.name} src={member.avatar} />
          <span className="sr-only">{t("your_profile", { name: member.name })}</span>
        </Link>
      </header>
      <div className="flex">
        <nav
          aria-label={t("main_navigation")}
          className={cn("sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col gap-2 border-r border-border bg-card p-3 lg:flex", collapsed ? "w-20" : "w-64")}
        >
          <NavList nav={nav} contactEmail={contactEmail} collapsed={collapsed} />
          <button
            type="button"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            className="mt-auto flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted"
          >
            {collapsed ? <ChevronsRight aria-hidden="true" className="size-5" /> : <ChevronsLeft aria-hidden="true" className="size-5" />}
            <span className={cn(collapsed && "sr-only")}>{t(collapsed ? "expand_sidebar" : "collapse_sidebar")}</span>
          </button>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 pb-24 pt-6 lg:px-8 lg:pb-16">
          {children}
        </main>
      </div>
      <nav aria-label={t("quick_navigation")} className={cn("fixed inset-x-0 bottom-0 z-30 flex border-t border-border bg-card lg:hidden", chat && "pr-16")}>
        {bottom.map((entry) => {
          const { to, icon: Icon, label } = NAV_ITEMS[entry];
          return (
            <NavLink key={entry} to={to} className={({ isActive }) => cn("flex flex-1 flex-col items-center gap-1 py-2 text-xs", isActive ? "text-brand" : "text-muted-foreground")}>
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
            </NavLink>
          );
        })}
        <NavLink to={profileTarget} className="flex flex-1 flex-col items-center gap-1 py-2 text-xs text-muted-foreground">
          <Avatar name={member.name} src={member.avatar} size={22} />
          {t("nav_profile")}
        </NavLink>
      </nav>
      <ChatLauncher />
    </div>
  );
}
