import { useActionData } from "@remix-run/react";
import type { Intent, IntentResult } from "~/routes/_app.initiative.$slug.($action)/initiative.server";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";

/**
 * The last answer of the page's action for one intent (null for another intent's), its messages
 * translated, and whether that intent is being submitted right now.
 */
export function useIntent(intent: Intent, indicator?: string) {
  const data = useActionData<IntentResult>();
  const { t } = useTranslation("initiative");
  const own = data && typeof data === "object" && "intent" in data && data.intent === intent && (indicator === undefined || data.indicator === indicator) ? data : null;
  const busy = usePending(intent);
  return {
    result: own,
    busy,
    error: own?.error && own.error !== "invalid_input" ? t([`error_${own.error}`, "error_default"]) : null,
    field: (name: string) => (own?.fields[name] ? t(own.fields[name]) : null),
  };
}
