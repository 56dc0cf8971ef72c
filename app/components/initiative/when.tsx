import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * An initiative's dates with Intl in the member's locale (no date library). The server does not know
 * the member's time zone, so the server and the first browser render show UTC (and say so), then the
 * browser switches to its own zone once React runs: no hydration mismatch, and right for the member.
 */
export function When({ start, end, className }: { start: string | null; end: string | null; className?: string }) {
  const { i18n } = useTranslation("initiatives");
  const hydrated = useHydrated();
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: "medium",
        timeStyle: "short",
        ...(hydrated ? {} : { timeZone: "UTC" }),
      }),
    [i18n.language, hydrated],
  );
  const from = start ? new Date(start) : null;
  const to = end ? new Date(end) : null;
  if (!from && !to) return null;
  let text: string;
  if (from && to && to >= from) text = format.formatRange(from, to);
  else text = format.format((from ?? to)!);
  return (
    // Browsers' ICU may print a date a little differently from the server's (spaces, punctuation);
    // the text is replaced right after hydration anyway, so a mismatch here is harmless.
    <time dateTime={(from ?? to)!.toISOString()} className={className} suppressHydrationWarning>
      {text}
      {hydrated ? null : " UTC"}
    </time>
  );
}
