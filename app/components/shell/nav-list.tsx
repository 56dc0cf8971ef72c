import { NavLink } from "@remix-run/react";
import { Mail } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { NavEntry } from "~/lib/nav-entry";
import { NAV_ITEMS } from "./nav-items";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted", isActive && "bg-muted text-brand");

/** The sidebar's entries (SPEC.md section 2) and the contact-us mailto link; collapsed: icons only. */
export function NavList({ nav, contactEmail, collapsed = false }: { nav: NavEntry[]; contactEmail: string; collapsed?: boolean }) {
  const { t } = useTranslation("shell");
  return (
    <ul className="flex flex-col gap-1">
      {nav.map((entry) => {
        const { to, icon: Icon, label } = NAV_ITEMS[entry];
        return (
          <li key={entry}>
            <NavLink to={to} className={linkClass} title={collapsed ? t(label) : undefined}>
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={cn(collapsed && "sr-only")}>{t(label)}</span>
            </NavLink>
          </li>
        );
      })}
      <li>
        <a href={`mailto:${contactEmail}`} className={linkClass({ isActive: false })} title={collapsed ? t("nav_contact") : undefined}>
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          <span className={cn(collapsed && "sr-only")}>{t("nav_contact")}</span>
        </a>
      </li>
    </ul>
  );
}
