/**
 * /manage/impact: the impact report for administrators (issue 30; docs/impact-reporting.md): a period (last
 * calendar year by default) against the one before, hours in paid and own time, their value per
 * currency (never added across currencies), members' donations and what was collected in kind, a
 * breakdown by country, site, SDG, cause or motivation, the framework exports, and the rate card
 * that values the hours. Works without JavaScript: plain GET and POST forms. The reporting role
 * sees the same figures and exports (not the evidence, which names members) and no form that changes anything.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NAMED_PERIODS } from "~/domain/fiscal-year";
import { lazy, Suspense, type ReactNode } from "react";
import { RouteErrorBoundary } from "~/components/error-page";
import { sdgName } from "~/components/initiative/sdg";
import { Labelled, ManageSection, STAFF_FIELD } from "~/components/manage/decision-parts";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatMoney } from "~/domain/donation";
import { useTranslation, type TFunction } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { useHydrated } from "~/lib/use-hydrated";
import { IMPACT_GROUP_BYS, NEW_RATE_ROWS, RATE_KEY_TYPES } from "~/domain/impact";
import { ExportButton } from "~/components/manage/export-button";
import { AttributesImport, ManagementHours, Snapshots } from "~/components/manage/impact-sections";
import { readForm } from "~/lib/server/form.server";
import { impactFormAction, importAttributes, loadImpact, saveRates } from "./impact.server";

// uPlot, loaded only where a chart is on screen (as on the dashboard).
const BarChart = lazy(() => import("~/components/manage/bar-chart"));

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "impact", "title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadImpact(args);
  return data(answer, { status: answer.report ? 200 : answer.error ? 400 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  // The other forms name their intent; the rate card's names none and reads the request itself.
  const form = await readForm(args.request.clone() as unknown as Request);
  const intent = String(form.get("intent") ?? "");
  if (intent) {
    const { status, outcome } = intent === "import" ? await importAttributes(args, form) : await impactFormAction(args, form);
    return data(outcome, { status });
  }
  const { status, ...answer } = await saveRates(args);
  return data(answer, { status });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Report = NonNullable<Loaded["report"]>;
type Totals = Report["totals"];

function Stat({ label, value, before }: { label: string; value: ReactNode; before?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
      {before !== undefined ? <dd className="text-xs text-muted-foreground">{before}</dd> : null}
    </div>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card p-4">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="border-b border-border py-1 pr-3 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column} className="border-b border-border py-1 pr-3 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each currency's values: paid time, own time, management costs (never added across currencies). */
function valueRows(totals: Totals, locale: string): ReactNode[][] {
  return totals.time_value.map((value) => [value.currency, formatMoney(value.paid, value.currency, locale), formatMoney(value.own, value.currency, locale), formatMoney(value.management, value.currency, locale)]);
}

function groupName(groupBy: string, group: string | null, t: TFunction): string {
  if (group === null || group === "") return t("group_empty");
  if (groupBy === "sdg") return `${group}. ${sdgName(t, Number(group))}`;
  if (groupBy === "motivation") return t(`motivation_${group}`);
  return group;
}

function Downloads({ query, evidence }: { query: Loaded["query"]; evidence: boolean }) {
  const { t } = useTranslation("impact");
  const search = new URLSearchParams(query.period ? { period: query.period } : { from: query.from, to: query.to }).toString();
  const files: [string, string[]][] = [
    ["b4si", ["csv", "xlsx", "md"]],
    ["gri-201-1", ["csv", "xlsx", "md"]],
    ["iris-oi8429", ["csv", "xlsx", "md"]],
    ["esrs-s3", ["md", "pdf", "csv", "xlsx"]],
    // The evidence's CSV is written by the export queue (below); its XLSX is made at once.
    ...(evidence ? ([["evidence", ["xlsx"]]] as [string, string[]][]) : []),
  ];
  const label = { b4si: "download_b4si", "gri-201-1": "download_gri", "iris-oi8429": "download_iris", "esrs-s3": "download_esrs", evidence: "download_evidence" } as Record<string, string>;
  return (
    <section aria-labelledby="impact-downloads" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
      <h3 id="impact-downloads" className="text-base font-semibold">
        {t("downloads")}
      </h3>
      <ul className="flex flex-col gap-2">
        {files.map(([file, formats]) => (
          <li key={file} className="flex flex-wrap items-center gap-2">
            <span className="min-w-40">{t(label[file])}</span>
            {formats.map((format) => (
              <a key={format} href={`/manage/impact/${file}.${format}?${search}`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
                {format.toUpperCase()}
              </a>
            ))}
          </li>
        ))}
      </ul>
      {evidence ? <ExportButton kind="impact_evidence" query={search} label={t("download_evidence_csv")} variant="outline" /> : null}
    </section>
  );
}

function RateCard({ rates, fields, saved, editable }: { rates: NonNullable<Loaded["rates"]>; fields: Record<string, string>; saved: boolean; editable: boolean }) {
  const { t } = useTranslation("impact");
  const { t: tc } = useTranslation("common");
  // The reporting role sees the card as it is, without the empty rows or the button.
  const rows = [...rates, ...Array.from({ length: editable ? NEW_RATE_ROWS : 0 }, () => null)];
  const message = (key: string | undefined) => (key ? (key.startsWith("impact_") ? t(key) : tc(key)) : null);
  return (
    <section aria-labelledby="impact-rates" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h3 id="impact-rates" className="text-base font-semibold">
        {t("rates_title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("rates_intro")}</p>
      {saved ? <Alert variant="success">{t("rates_saved")}</Alert> : null}
      {!rates.length ? <p className="text-sm">{t("rates_empty")}</p> : null}
      <Form method="post" className="flex flex-col gap-3">
        {rows.map((rate, index) => (
          <fieldset key={rate?.id ?? `new-${index}`} disabled={!editable} className="grid gap-2 border-t border-border pt-3 sm:grid-cols-4">
            <legend className="sr-only">{t("rates_title")}</legend>
            <Labelled id={`key_type_${index}`} label={t("rate_key_type")}>
              <select id={`key_type_${index}`} name={`key_type_${index}`} defaultValue={rate?.key_type ?? "default"} className={STAFF_FIELD}>
                {RATE_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`rate_key_${type}`)}
                  </option>
                ))}
              </select>
            </Labelled>
            {(["key_value", "amount", "currency", "name", "source", "from_year", "to_year"] as const).map((field) => (
              <Labelled key={field} id={`${field}_${index}`} label={t(`rate_${field === "key_value" ? "key_value" : field}`)}>
                <input
                  id={`${field}_${index}`}
                  name={`${field}_${index}`}
                  className={STAFF_FIELD}
                  inputMode={field === "amount" ? "decimal" : field.endsWith("_year") ? "numeric" : undefined}
                  defaultValue={rate ? String(rate[field] ?? "") : ""}
                  aria-invalid={fields[`${field}_${index}`] ? true : undefined}
                  aria-describedby={fields[`${field}_${index}`] ? `${field}_${index}-error` : undefined}
                />
                {fields[`${field}_${index}`] ? (
                  <span id={`${field}_${index}-error`} className="text-sm text-destructive">
                    {message(fields[`${field}_${index}`])}
                  </span>
                ) : null}
              </Labelled>
            ))}
          </fieldset>
        ))}
        {editable ? (
          <div>
            <Button type="submit">{t("rates_save")}</Button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

/** Hours per group (paid and own time) as bars, for sighted readers; the table below has the same numbers. */
function GroupChart({ labels, values, format }: { labels: string[]; values: number[]; format: (value: number) => string }) {
  const hydrated = useHydrated();
  if (!hydrated || !values.length) return null;
  return (
    <div aria-hidden="true" className="rounded-lg border border-border bg-card p-4">
      <Suspense fallback={<div className="h-[200px]" />}>
        <BarChart labels={labels} values={values} format={format} />
      </Suspense>
    </div>
  );
}

export default function ManageImpact() {
  const { query, report, error, rates, management, snapshots, editable, initiatives } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const answer = answered && !("intent" in answered) ? answered : undefined;
  const imported = answered && "intent" in answered && answered.intent === "import" ? answered : null;
  const formAnswer = answered && "intent" in answered && answered.intent !== "import" ? answered : null;
  const { t, i18n } = useTranslation("impact");
  const { t: tc } = useTranslation("common");
  const locale = i18n.language;
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const totals = report?.totals;
  const before = report?.previous.totals;
  return (
    <ManageSection id="impact-title" title={t("title")} intro={t("intro")}>
      {editable ? null : <Alert variant="info">{t("read_only")}</Alert>}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Labelled id="impact-from" label={t("period_from")}>
          <input id="impact-from" name="from" type="date" defaultValue={query.from} className={STAFF_FIELD} />
        </Labelled>
        <Labelled id="impact-to" label={t("period_to")}>
          <input id="impact-to" name="to" type="date" defaultValue={query.to} className={STAFF_FIELD} />
        </Labelled>
        <Labelled id="impact-group" label={t("group_by")}>
          <select id="impact-group" name="group_by" defaultValue={query.group_by} className={STAFF_FIELD}>
            {IMPACT_GROUP_BYS.map((group) => (
              <option key={group} value={group}>
                {t(group ? `group_${group}` : "group_none")}
              </option>
            ))}
          </select>
        </Labelled>
        <Button type="submit">{t("show")}</Button>
      </Form>
      {/* The organisation's fiscal years, in its zone (Settings: the month the year starts). */}
      <nav aria-label={t("periods_label")} className="flex flex-wrap gap-2">
        {NAMED_PERIODS.map((name) => (
          <Link
            key={name}
            to={`?${new URLSearchParams({ period: name, ...(query.group_by ? { group_by: query.group_by } : {}) })}`}
            aria-current={query.period === name ? "page" : undefined}
            className={buttonVariants({ variant: query.period === name ? "default" : "outline", size: "sm" })}
          >
            {t(`period_${name}`)}
          </Link>
        ))}
      </nav>
      {error ? <Alert>{tc(error)}</Alert> : null}
      {totals && before ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Stat label={t("hours_paid")} value={number(totals.hours.paid)} before={`${t("previous")}: ${number(before.hours.paid)}`} />
            <Stat label={t("hours_own")} value={number(totals.hours.own)} before={`${t("previous")}: ${number(before.hours.own)}`} />
            <Stat label={t("hours_management")} value={number(totals.hours.management)} before={`${t("previous")}: ${number(before.hours.management)}`} />
            <Stat label={t("participants")} value={number(report.participants)} />
            <Stat label={t("initiatives")} value={number(report.initiatives)} />
            <Stat label={t("hours_unvalued")} value={number(totals.hours.unvalued)} />
            <Stat label={t("beneficiaries")} value={number(totals.beneficiaries)} before={`${t("previous")}: ${number(before.beneficiaries)}`} />
          </dl>
          {totals.time_value.length ? (
            <Table caption={t("value_heading")} head={[t("currency"), t("value_paid"), t("value_own"), t("value_management")]} rows={valueRows(totals, locale)} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("rates_empty")}</p>
          )}
          {totals.cash.length ? <Table caption={t("cash")} head={[t("currency"), t("cash")]} rows={totals.cash.map((c) => [c.currency, formatMoney(c.amount, c.currency, locale)])} /> : null}
          {totals.in_kind.length ? <Table caption={t("in_kind")} head={[t("in_kind"), ""]} rows={totals.in_kind.map((k) => [number(k.quantity), k.unit])} /> : null}
          {report.group_by && report.groups.length ? (
            <GroupChart
              labels={report.groups.map((group) => (report.group_by === "sdg" && group.group ? group.group : groupName(report.group_by!, group.group, t)))}
              values={report.groups.map((group) => group.hours.paid + group.hours.own)}
              format={number}
            />
          ) : null}
          {report.group_by && report.groups.length ? (
            <Table
              caption={t(`group_${report.group_by}`)}
              head={[t("group"), t("hours_paid"), t("hours_own"), t("hours_management"), t("value_paid")]}
              rows={report.groups.map((group) => [
                groupName(report.group_by!, group.group, t),
                number(group.hours.paid),
                number(group.hours.own),
                number(group.hours.management),
                group.time_value.map((v) => formatMoney(v.paid, v.currency, locale)).join(" · ") || "—",
              ])}
            />
          ) : null}
          {!totals.hours.paid && !totals.hours.own && !totals.cash.length ? <p className="text-sm text-muted-foreground">{t("figures_empty")}</p> : null}
          <Downloads query={query} evidence={editable} />
        </>
      ) : null}
      {snapshots ? <Snapshots snapshots={snapshots} period={query} error={formAnswer?.intent === "freeze" ? formAnswer.error : null} editable={editable} /> : null}
      {management ? (
        <ManagementHours
          entries={management}
          fields={formAnswer?.intent === "management_add" ? ((formAnswer as { fields: Record<string, string> }).fields ?? {}) : {}}
          error={formAnswer?.intent.startsWith("management") ? formAnswer.error : null}
          editable={editable}
          choices={initiatives}
        />
      ) : null}
      {rates ? <RateCard rates={rates} fields={answer?.fields ?? {}} saved={answer?.saved ?? false} editable={editable} /> : null}
      {rates && editable ? <AttributesImport answer={imported} /> : null}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
