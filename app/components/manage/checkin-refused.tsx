/**
 * The check-ins the server refused (issue 28), on the check-in desk until the organiser deals with
 * each: who, why (the refusal's message), the hours to fix, and Resend or Discard (confirmed). They stay in
 * the queue (app/lib/browser/checkin-queue.ts) meanwhile, across reloads, and are not sent on their own.
 */
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { QueuedCheckin, Refusal } from "~/lib/browser/checkin-queue";

interface RefusedCheckinsProps {
  items: QueuedCheckin[];
  /** The translated reason of a refusal. */
  reason: (refused: Refusal) => string;
  /** Sends the item again with these hours; answers why not when the rule does not take them. */
  onResend: (item: QueuedCheckin, hours: string) => string | null;
  onDiscard: (item: QueuedCheckin) => void;
}

export function RefusedCheckins({ items, reason, onResend, onDiscard }: RefusedCheckinsProps) {
  const { t } = useTranslation("manage");
  return (
    <section aria-labelledby="checkin-refused-title" className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <h3 id="checkin-refused-title" className="text-base font-semibold">
        {t("checkin_refused_title", { count: items.length })}
      </h3>
      <p className="text-sm">{t("checkin_refused_hint")}</p>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <RefusedCheckin key={`${item.uuid} ${item.at}`} item={item} reason={reason(item.refused!)} onResend={onResend} onDiscard={onDiscard} />
        ))}
      </ul>
    </section>
  );
}

function RefusedCheckin({ item, reason, onResend, onDiscard }: { item: QueuedCheckin; reason: string } & Pick<RefusedCheckinsProps, "onResend" | "onDiscard">) {
  const { t } = useTranslation("manage");
  const [hours, setHours] = useState(item.hours === null ? "" : String(item.hours));
  const [error, setError] = useState<string | null>(null);
  /** Discarding takes a second press: a person checked in is not lost to a slip of the finger. */
  const [confirming, setConfirming] = useState(false);
  const id = `refused-${item.uuid}-${Date.parse(item.at)}`;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border bg-card p-3 text-sm">
      <p>
        <span className="font-semibold">{item.name}</span>: <span id={`${id}-reason`}>{reason}</span>
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setError(onResend(item, hours));
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-hours`} className="text-sm font-medium">
            {t("checkin_refused_hours", { name: item.name })}
          </label>
          <input
            id={`${id}-hours`}
            inputMode="numeric"
            value={hours}
            onChange={(event) => {
              setHours(event.currentTarget.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-reason`}
            className="h-11 w-24 rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
        <Button type="submit">{t("checkin_resend")}</Button>
        {confirming ? (
          <>
            <Button type="button" variant="destructive" onClick={() => onDiscard(item)}>
              {t("checkin_discard_confirm", { name: item.name })}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t("checkin_discard_keep")}
            </Button>
          </>
        ) : (
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            {t("checkin_discard")}
          </Button>
        )}
      </form>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </li>
  );
}
