import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import { formatDateTime, regionZone } from "~/domain/initiatives/format";

/**
 * A date (and time) in the member's locale: in the organisation's zone on the server and in the
 * first render (same text, no hydration mismatch), then in the browser's own zone.
 */
export function DateTime({ iso, region, withTime = true }: { iso: string; region: string; withTime?: boolean }) {
  const { i18n } = useTranslation("initiative");
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, i18n.language, hydrated ? undefined : regionZone(region), withTime)}
    </time>
  );
}
