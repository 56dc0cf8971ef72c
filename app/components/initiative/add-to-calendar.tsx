/**
 * "Add to calendar" on the initiative page (issue 29): the .ics file (the same UID as the member's
 * feed), Google Calendar and Outlook, as the loader made them (app/domain/calendar.ts). Plain links
 * in a native disclosure: no script of its own, so the page's first-visit weight barely moves
 * (docs/decisions/039), and keyboards and screen readers get <details>'s own behaviour.
 */
import { useTranslation } from "~/i18n/react";

const linkClass = "block rounded-md px-2 py-2 text-sm font-medium text-brand hover:underline";

export function AddToCalendar({ links }: { links: { ics: string; google: string; outlook: string } | null }) {
  const { t } = useTranslation("calendar");
  if (!links) return null;
  return (
    <details className="rounded-lg border border-border bg-card px-2 py-1">
      <summary className="cursor-pointer rounded-md px-2 py-2 text-sm font-semibold">{t("calendar_add_title")}</summary>
      <a className={linkClass} href={links.ics} download>
        {t("calendar_add_ics")}
      </a>
      <a className={linkClass} href={links.google} target="_blank" rel="noopener noreferrer">
        {t("calendar_add_google")}
      </a>
      <a className={linkClass} href={links.outlook} target="_blank" rel="noopener noreferrer">
        {t("calendar_add_outlook")}
      </a>
    </details>
  );
}
