import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/** SPEC.md sections 8 and 9: the copied_success / copied_failed notice shows for 1 second. */
export const COPY_NOTICE_MS = 1000;

/**
 * Copies one value to the clipboard and says so for a second (announced by a status region).
 * Without JavaScript there is nothing to click: the value stays selectable text beside it.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("donation");
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<"copied_success" | "copied_failed" | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNotice("copied_success");
    } catch {
      setNotice("copied_failed");
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={t("donation_copy", { label })}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {notice === "copied_success" ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
      </button>
      <span role="status" className={notice === "copied_failed" ? "text-xs text-destructive" : "text-xs text-success"}>
        {notice ? t(notice) : null}
      </span>
    </span>
  );
}
