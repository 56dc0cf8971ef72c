/**
 * The parts of /manage/impact beside the report (issue 30): members' country, site and grade
 * imported from a CSV (with the rows refused and why), the hours staff spent running each
 * initiative (management costs), and frozen snapshots of closed periods. Plain forms: they work
 * without JavaScript, each posting its `intent` to the page's action.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Labelled, STAFF_FIELD } from "~/components/manage/decision-parts";
import { InitiativeSearch, InitiativeSelect, type InitiativeChoices } from "~/components/manage/initiative-picker";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { MEMBER_IMPORT_MAX } from "~/domain/impact";
import { useTranslation, type TFunction } from "~/i18n/react";

/** A message key of the API or the form, in words (the impact namespace holds both kinds). */
export const impactMessage = (t: TFunction, key: string) => t([key, `error_${key}`, "error_default"]);

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      {children}
    </section>
  );
}

export interface ImportAnswer {
  error: string | null;
  updated: number;
  rejected: { row: number; email: string; fields: Record<string, string> }[];
}

export function AttributesImport({ answer }: { answer: ImportAnswer | null }) {
  const { t } = useTranslation("impact");
  return (
    <Panel id="impact-import" title={t("import_title")} intro={t("import_intro", { max: MEMBER_IMPORT_MAX })}>
      {answer?.error ? <Alert>{impactMessage(t, answer.error)}</Alert> : null}
      {answer && !answer.error ? (
        <Alert variant={answer.rejected.length ? "info" : "success"}>
          {t("import_updated", { count: answer.updated })} {answer.rejected.length ? t("import_rejected", { count: answer.rejected.length }) : null}
        </Alert>
      ) : null}
      {answer?.rejected.length ? (
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold">{t("import_rejected_caption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("import_line")}</th>
              <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("import_email")}</th>
              <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("import_reason")}</th>
            </tr>
          </thead>
          <tbody>
            {answer.rejected.map((row) => (
              <tr key={row.row}>
                <td className="border-b border-border py-1 pr-3 tabular-nums">{row.row}</td>
                <td className="border-b border-border py-1 pr-3">{row.email}</td>
                <td className="border-b border-border py-1 pr-3">
                  {Object.entries(row.fields)
                    .map(([field, key]) => `${t(`import_column_${field}`)}: ${impactMessage(t, key)}`)
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="import" />
        <Labelled id="impact-import-file" label={t("import_file")}>
          <input id="impact-import-file" name="csv" type="file" accept=".csv,text/csv" required className="text-sm" />
        </Labelled>
        <Button type="submit" variant="outline">
          {t("import_submit")}
        </Button>
      </Form>
    </Panel>
  );
}

export interface ManagementEntry {
  id: string;
  initiative: string;
  hours: number;
  day: string;
  note: string | null;
}

/** Management hours of the period, and for administrators the form that adds them (the initiative picked from a search: `choices`). */
export function ManagementHours({ entries, fields, error, editable, choices }: { entries: ManagementEntry[]; fields: Record<string, string>; error: string | null; editable: boolean; choices: InitiativeChoices | null }) {
  const { t } = useTranslation("impact");
  const invalid = (name: string) => (fields[name] ? { "aria-invalid": true, "aria-describedby": `management-${name}-error` } : {});
  const message = (name: string) =>
    fields[name] ? (
      <span id={`management-${name}-error`} className="text-sm text-destructive">
        {impactMessage(t, fields[name])}
      </span>
    ) : null;
  return (
    <Panel id="impact-management" title={t("management_title")} intro={t("management_intro")}>
      {error && !Object.keys(fields).length ? <Alert>{impactMessage(t, error)}</Alert> : null}
      {entries.length ? (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="tabular-nums">{entry.day}</span>
              <span className="font-medium">{entry.initiative}</span>
              <span>{t("management_hours_count", { count: entry.hours })}</span>
              {entry.note ? <span className="text-muted-foreground">{entry.note}</span> : null}
              {editable ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="management_remove" />
                  <input type="hidden" name="id" value={entry.id} />
                  <Button type="submit" size="sm" variant="outline">
                    {t("management_remove")}
                    <span className="sr-only"> ({entry.initiative}, {entry.day})</span>
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t("management_empty")}</p>
      )}
      {editable && choices ? <InitiativeSearch id="management-initiative-search" choices={choices} /> : null}
      {editable ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="management_add" />
          {choices ? (
            <div className="flex flex-col gap-1.5">
              <InitiativeSelect id="management-initiative" name="initiative" label={t("management_initiative")} choices={choices} invalid={invalid("initiative")} />
              {message("initiative")}
            </div>
          ) : (
            // The list could not be read: the initiative's address, typed, as before.
            <Labelled id="management-initiative" label={t("management_initiative_address")}>
              <input id="management-initiative" name="initiative" required maxLength={200} className={STAFF_FIELD} {...invalid("initiative")} />
              {message("initiative")}
            </Labelled>
          )}
          <Labelled id="management-hours" label={t("management_hours")}>
            <input id="management-hours" name="hours" type="number" min={1} max={10000} step={1} required className={`${STAFF_FIELD} w-24`} {...invalid("hours")} />
            {message("hours")}
          </Labelled>
          <Labelled id="management-day" label={t("management_day")}>
            <input id="management-day" name="day" type="date" required className={STAFF_FIELD} {...invalid("day")} />
            {message("day")}
          </Labelled>
          <Labelled id="management-note" label={t("management_note")} className="min-w-48 flex-1">
            <input id="management-note" name="note" maxLength={500} className={STAFF_FIELD} {...invalid("note")} />
            {message("note")}
          </Labelled>
          <Button type="submit">{t("management_add")}</Button>
        </Form>
      ) : null}
    </Panel>
  );
}

export interface SnapshotSummary {
  id: string;
  from: string;
  to: string;
  /** The period's first and last days in the organisation's zone. */
  first_day: string;
  last_day: string;
  created_at: string;
  row_count: number;
  verified: boolean;
}

export function Snapshots({ snapshots, period, error, editable }: { snapshots: SnapshotSummary[]; period: { from: string; to: string }; error: string | null; editable: boolean }) {
  const { t } = useTranslation("impact");
  return (
    <Panel id="impact-snapshots" title={t("snapshots_title")} intro={t("snapshots_intro")}>
      {error ? <Alert>{impactMessage(t, error)}</Alert> : null}
      {editable ? (
        <Form method="post">
          <input type="hidden" name="intent" value="freeze" />
          <input type="hidden" name="from" value={period.from} />
          <input type="hidden" name="to" value={period.to} />
          <Button type="submit" variant="outline">
            {t("snapshot_freeze", { from: period.from, to: period.to })}
          </Button>
        </Form>
      ) : null}
      {snapshots.length ? (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {snapshots.map((snapshot) => (
            <li key={snapshot.id} className="flex flex-wrap items-center gap-3 py-2">
              <Link to={`/manage/impact/snapshots/${snapshot.id}`} className="font-medium text-brand underline">
                {t("snapshot_period", { from: snapshot.first_day, to: snapshot.last_day })}
              </Link>
              <span className="text-muted-foreground">{t("snapshot_rows", { count: snapshot.row_count })}</span>
              {snapshot.verified ? null : <span className="text-destructive">{t("snapshot_not_verified")}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t("snapshots_empty")}</p>
      )}
    </Panel>
  );
}
