/**
 * An initiative's waitlist for its organisers (issue 11, point 8): who waits, in order, who holds a
 * place offered and until when, and buttons to move someone up or down (each a small form, so it
 * works without JavaScript; the server refuses an order made from a list that changed meanwhile).
 */
import { Form } from "@remix-run/react";
import { DateTime } from "~/components/initiative/date-time";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useSignedIn } from "~/lib/signed-in";
import type { WaitlistEntry } from "../../../workers/manage/waitlist";

export const WAITLIST_INTENT = "waitlist_order";

/** The order with the entry at `index` moved by `step` places. */
function moved(entries: WaitlistEntry[], index: number, step: -1 | 1) {
  const ids = entries.map((entry) => entry.id);
  [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
  return ids.join(",");
}

export function WaitlistSection({ entries }: { entries: WaitlistEntry[] }) {
  const { t } = useTranslation("manage");
  const { settings } = useSignedIn();
  const pending = usePending(WAITLIST_INTENT);
  if (!entries.length) return null;
  return (
    <section aria-labelledby="waitlist-title" className="flex flex-col gap-2">
      <h3 id="waitlist-title" className="text-base font-semibold">
        {t("waitlist_title", { count: entries.length })}
      </h3>
      <p className="text-sm text-muted-foreground">{t("waitlist_intro")}</p>
      <ol className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {entries.map((entry, index) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <div>
              <p className="font-medium">
                {index + 1}. {entry.name}
              </p>
              <p className="text-muted-foreground">
                {entry.email}
                {entry.status === "offered" && entry.offer_expires_at ? (
                  <>
                    {" · "}
                    <span className="font-semibold text-success">
                      {t("waitlist_offered_until")} <DateTime iso={entry.offer_expires_at} region={settings.region} />
                    </span>
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex gap-2">
              {([-1, 1] as const).map((step) =>
                (step === -1 ? index > 0 : index < entries.length - 1) ? (
                  <Form key={step} method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={WAITLIST_INTENT} />
                    <input type="hidden" name="order" value={moved(entries, index, step)} />
                    <Button type="submit" variant="outline" disabled={pending} aria-label={t(step === -1 ? "waitlist_up_named" : "waitlist_down_named", { name: entry.name })}>
                      {t(step === -1 ? "waitlist_up" : "waitlist_down")}
                    </Button>
                  </Form>
                ) : null,
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
