/**
 * The validation queue of hours and indicator records (/manage/records): one form for the page, so
 * the records ticked can be validated or rejected together, and each waiting record has its own
 * buttons. Without JavaScript everything works (the buttons post); with it, "select all" appears.
 */
import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import type { ManagedRecord } from "../../../workers/manage/records";
import { DateTime } from "~/components/initiative/date-time";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import { ReasonField } from "./decision-parts";

const INTENT = "review_records";

/** What the record says, in words: "4 hours", "12 kg Rubbish". */
function useWhat() {
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiative");
  return (record: ManagedRecord) =>
    record.type === "hours"
      ? t("record_hours", { count: record.hours ?? 0 })
      : `${record.value ?? 0} ${record.unit ? ti(`unit_${record.unit}`) : ""} ${record.indicator?.name ?? ""}`.replace(/\s+/g, " ").trim();
}

export function RecordsQueue({ records, region, reasonError }: { records: ManagedRecord[]; region: string; reasonError: string | null }) {
  const { t } = useTranslation("manage");
  const what = useWhat();
  const hydrated = useHydrated();
  const pending = usePending(INTENT);
  const form = useRef<HTMLFormElement>(null);
  const waiting = records.some((record) => record.status === "pending");
  const selectAll = () => form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]').forEach((box) => (box.checked = true));
  return (
    <Form ref={form} method="post" preventScrollReset className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={INTENT} />
      {waiting && hydrated ? (
        <div>
          <Button type="button" variant="outline" onClick={selectAll}>
            {t("select_all")}
          </Button>
        </div>
      ) : null}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {records.map((record) => {
          const summary = `record-${record.id}`;
          return (
            <li key={record.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {record.status === "pending" ? (
                  <input
                    type="checkbox"
                    name="ids"
                    value={record.id}
                    aria-label={t("record_select", { name: record.participant.name, what: what(record), initiative: record.initiative.title })}
                    className="mt-2 size-5 shrink-0 accent-[var(--color-brand)]"
                  />
                ) : null}
                <Avatar name={record.participant.name} src={record.participant.avatar} />
                <div id={summary} className="min-w-0 text-sm">
                  <p className="font-semibold">
                    {record.participant.name} · {what(record)}
                  </p>
                  <p className="text-muted-foreground">
                    <Link to={`/initiative/${record.initiative.slug}`} className="underline underline-offset-2">
                      {record.initiative.title}
                    </Link>{" "}
                    · <DateTime iso={record.created_at} region={region} withTime={false} />
                  </p>
                  {record.reject_reason ? <p className="text-muted-foreground">{t("reviewed_reason", { reason: record.reject_reason })}</p> : null}
                </div>
              </div>
              {record.status === "pending" ? (
                <div className="flex gap-2">
                  <Button type="submit" name="decide" value={`validated:${record.id}`} aria-describedby={summary} disabled={pending}>
                    {t("validate")}
                  </Button>
                  <Button type="submit" name="decide" value={`rejected:${record.id}`} variant="outline" aria-describedby={summary} disabled={pending}>
                    {t("reject")}
                  </Button>
                </div>
              ) : (
                <span className="self-start rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold sm:self-center">{t(`status_${record.status}`)}</span>
              )}
            </li>
          );
        })}
      </ul>
      {waiting ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
          <ReasonField id="records-reason" required error={reasonError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="decide" value="validated" disabled={pending}>
              {t("validate_selected")}
            </Button>
            <Button type="submit" name="decide" value="rejected" variant="outline" disabled={pending}>
              {t("reject_selected")}
            </Button>
          </div>
        </div>
      ) : null}
    </Form>
  );
}
