/**
 * "Add to calendar" on the initiative page (issue 29): the .ics file (the same UID as the member's
 * feed), Google Calendar and Outlook. Plain links in a native disclosure: no script of its own, so
 * the page's first-visit weight barely moves (docs/decisions/039), and keyboards and screen readers
 * get <details>'s own behaviour.
 */
import { googleCalendarLink, outlookCalendarLink } from "~/domain/calendar";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";

const linkClass = "rounded-md px-2 py-2 text-sm font-medium text-brand hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function AddToCalendar({ initiative: i, pageUrl }: { initiative: Initiative; pageUrl: string }) {
  const { t } = useTranslation("calendar");
  if (!i.start_time || i.status === "canceled") return null;
  const place = i.is_in_person ? [i.address, i.address_detail].filter(Boolean).join(", ") || null : null;
  const event = { title: i.title, start: i.start_time, end: i.end_time, details: [i.is_remote && i.remote_url ? i.remote_url : null, pageUrl].filter(Boolean).join("\n"), location: place };
  return (
    <details className="rounded-lg border border-border bg-card">
      <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">{t("calendar_add_title")}</summary>
      <ul className="flex flex-col px-2 pb-2">
        <li>
          <a className={linkClass} href={`/initiative/${encodeURIComponent(i.slug)}/calendar.ics`} download>
            {t("calendar_add_ics")}
          </a>
        </li>
        <li>
          <a className={linkClass} href={googleCalendarLink(event)} target="_blank" rel="noopener noreferrer">
            {t("calendar_add_google")}
          </a>
        </li>
        <li>
          <a className={linkClass} href={outlookCalendarLink(event)} target="_blank" rel="noopener noreferrer">
            {t("calendar_add_outlook")}
          </a>
        </li>
      </ul>
    </details>
  );
}
