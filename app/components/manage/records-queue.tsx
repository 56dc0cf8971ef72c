/**
 * The validation queue of hours and indicator records (/manage/records): the records ticked are
 * validated or rejected together, and each waiting record has its own buttons (BulkQueue).
 */
import { Link } from "@remix-run/react";
import type { ManagedRecord } from "../../../workers/manage/records";
import { DateTime } from "~/components/initiative/date-time";
import { useTranslation } from "~/i18n/react";
import { BulkQueue } from "./bulk-queue";
import { Labelled, STAFF_FIELD } from "./decision-parts";

/**
 * Whose time the hours decided were given in (issue 30): left to the initiative's working-hours
 * setting, or set to paid working time or the member's own time for every record of the decision.
 */
function TimeBasisField() {
  const { t } = useTranslation("impact");
  return (
    <Labelled id="records-time-basis" label={t("time_basis_label")}>
      <select id="records-time-basis" name="time_basis" defaultValue="" className={STAFF_FIELD} aria-describedby="records-time-basis-hint">
        <option value="">{t("time_basis_initiative")}</option>
        <option value="paid">{t("time_basis_paid")}</option>
        <option value="own">{t("time_basis_own")}</option>
      </select>
      <span id="records-time-basis-hint" className="text-xs text-muted-foreground">
        {t("time_basis_hint")}
      </span>
    </Labelled>
  );
}

/** What the record says, in words: "4 hours", "12 kg Rubbish". */
export function useWhat() {
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiative");
  return (record: ManagedRecord) =>
    record.type === "hours"
      ? t("record_hours", { count: record.hours ?? 0 })
      : `${record.value ?? 0} ${record.unit ? ti(`unit_${record.unit}`) : ""} ${record.indicator?.name ?? ""}`.replace(/\s+/g, " ").trim();
}

/** Where and when the record was reported: its initiative (a link) and the day. */
export function RecordPlace({ record, region }: { record: ManagedRecord; region: string }) {
  return (
    <p className="text-muted-foreground">
      <Link to={`/initiative/${record.initiative.slug}`} className="underline underline-offset-2">
        {record.initiative.title}
      </Link>{" "}
      · <DateTime iso={record.created_at} region={region} withTime={false} />
    </p>
  );
}

export function RecordsQueue({ records, region, reasonError }: { records: ManagedRecord[]; region: string; reasonError: string | null }) {
  const { t } = useTranslation("manage");
  const what = useWhat();
  return (
    <BulkQueue
      id="records-reason"
      intent="review_records"
      reason="required"
      reasonError={reasonError}
      foot={records.some((record) => record.type === "hours" && record.status === "pending") ? <TimeBasisField /> : null}
      buttons={[
        { value: "validated", label: t("validate"), selectedLabel: t("validate_selected"), primary: true },
        { value: "rejected", label: t("reject"), selectedLabel: t("reject_selected") },
      ]}
      items={records.map((record) => ({
        id: record.id,
        person: record.participant,
        title: `${record.participant.name} · ${what(record)}`,
        selectLabel: t("record_select", { name: record.participant.name, what: what(record), initiative: record.initiative.title }),
        decided: record.status === "pending" ? null : record.status,
        children: (
          <>
            <RecordPlace record={record} region={region} />
            {record.reject_reason ? <p className="text-muted-foreground">{t("reviewed_reason", { reason: record.reject_reason })}</p> : null}
          </>
        ),
      }))}
    />
  );
}
