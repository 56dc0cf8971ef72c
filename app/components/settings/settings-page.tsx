import { Link } from "@remix-run/react";
import { ChevronLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/** The frame of one settings screen: back to the menu, a title, the content. */
export function SettingsPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <Link to="/settings" className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand">
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t("settings_back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
