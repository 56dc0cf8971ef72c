/**
 * The validated records on /manage/records (issue 32): each validated hours record can be
 * corrected (new hours) or taken back, with a reason the member reads. One small form per record
 * (intent `correct_record`), folded away so the list stays a list; a credential issued for the
 * hours is revoked by the same write, and one for the corrected hours follows.
 */
import { Form } from "@remix-run/react";
import type { ManagedRecord } from "../../../workers/manage/records";
import { Avatar } from "~/components/shell/avatar";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { DecisionOutcome } from "~/domain/manage";
import { MAX_HOURS_PER_DAY } from "~/domain/initiatives/reporting";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { Labelled, ReasonField } from "./decision-parts";
import { RecordPlace, useWhat } from "./records-queue";

export const CORRECT_RECORD = "correct_record";

/** What the last correction did, or why it was refused (a field's own message shows at its field). */
export function CorrectionOutcome({ outcome }: { outcome: DecisionOutcome }) {
  const { t } = useTranslation("credentials");
  if (outcome.done) return <Alert variant="success">{t(outcome.done.status === "corrected" ? "correct_done_corrected" : "correct_done_rejected")}</Alert>;
  if (outcome.error === "validation_error" && Object.keys(outcome.fields).length) return null;
  return <Alert>{t(outcome.error === "record_not_correctable" ? "correct_error_not_correctable" : "correct_error_default")}</Alert>;
}

function CorrectionForm({ record, outcome }: { record: ManagedRecord; outcome: DecisionOutcome | null }) {
  const { t } = useTranslation("credentials");
  const pending = usePending(CORRECT_RECORD);
  const fields = outcome?.id === record.id ? outcome.fields : {};
  const hoursId = `correct-hours-${record.id}`;
  return (
    <details className="mt-2" open={Object.keys(fields).length > 0 || undefined}>
      <summary className="cursor-pointer text-sm font-medium underline underline-offset-2">{t("correct_summary")}</summary>
      <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value={CORRECT_RECORD} />
        <input type="hidden" name="id" value={record.id} />
        <p className="text-muted-foreground">{t("correct_note")}</p>
        <Labelled id={hoursId} label={t("correct_hours")} className="max-w-40">
          <Input
            id={hoursId}
            name="hours"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_HOURS_PER_DAY}
            step={1}
            defaultValue={record.hours ?? undefined}
            aria-invalid={fields.hours ? true : undefined}
            aria-describedby={fields.hours ? `${hoursId}-error` : undefined}
          />
          {fields.hours ? (
            <p id={`${hoursId}-error`} className="text-sm text-destructive">
              {t(fields.hours === "form_error_invalid" ? "correct_hours_unchanged" : "correct_hours_invalid", { max: MAX_HOURS_PER_DAY })}
            </p>
          ) : null}
        </Labelled>
        <ReasonField id={`correct-reason-${record.id}`} required error={fields.reason === "form_error_required" ? "credentials:correct_reason_required" : (fields.reason ?? null)} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="correction" value="corrected" disabled={pending}>
            {t("correct_save")}
          </Button>
          <Button type="submit" name="correction" value="rejected" variant="outline" disabled={pending}>
            {t("correct_reject")}
          </Button>
        </div>
      </Form>
    </details>
  );
}

export function ValidatedRecords({ records, region, outcome }: { records: ManagedRecord[]; region: string; outcome: DecisionOutcome | null }) {
  const { t } = useTranslation("manage");
  const what = useWhat();
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
      {records.map((record) => (
        <li key={record.id} className="flex gap-3 p-4 text-sm">
          <Avatar name={record.participant.name} src={record.participant.avatar} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {record.participant.name} · {what(record)}
            </p>
            <RecordPlace record={record} region={region} />
            {record.type === "hours" ? <CorrectionForm record={record} outcome={outcome} /> : null}
          </div>
          <span className="self-start rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">{t(`status_${record.status}`)}</span>
        </li>
      ))}
    </ul>
  );
}
