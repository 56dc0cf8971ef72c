/**
 * /manage: for administrators, the dashboard (issue 15, point 5): members, active participants,
 * validated hours, what waits, confirmed donations by currency, hours and participants by SDG,
 * indicator totals by unit, over a chosen period, read live (a validation shows on the next load),
 * for everyone or one group's members, with a table by group (issue 28) and its own CSV.
 * Charts come from a lazily loaded module (uPlot), each with a table of the same numbers; the
 * figures download as CSV. Other staff roles go on to their first section.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { RouteErrorBoundary } from "~/components/error-page";
import { sdgName } from "~/components/initiative/sdg";
import { Labelled, ManageSection, STAFF_FIELD } from "~/components/manage/decision-parts";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { wholeMonthDays } from "~/domain/dashboard-period";
import { formatMoney } from "~/domain/donation";
import { waitingCountLabel } from "~/domain/manage";
import { useTranslation, type TFunction } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { useHydrated } from "~/lib/use-hydrated";
import { loadDashboard } from "./dashboard.server";

const BarChart = lazy(() => import("~/components/manage/bar-chart"));

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "dashboard_title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadDashboard(args);
  return data(answer, { status: answer.metrics ? 200 : answer.error ? 400 : 502 });
}

/** Where each kind of waiting item is decided. */
const PENDING_LINKS = { records: "/manage/records", uploads: "/manage/uploads", contributions: "/manage/money", approvals: "/manage/approvals", proposals: "/manage/proposals" } as const;

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** A chart (sighted readers) and its table (everyone: it can be opened), under one heading. */
function ChartCard({ id, title, empty, labels, values, format, table }: { id: string; title: string; empty: string; labels: string[]; values: number[]; format: (value: number) => string; table: ReactNode }) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {values.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          {hydrated ? (
            <Suspense fallback={<div className="h-[200px]" aria-hidden="true" />}>
              <BarChart labels={labels} values={values} format={format} />
            </Suspense>
          ) : null}
          <details open={!hydrated}>
            <summary className="cursor-pointer text-sm text-brand">{t("dashboard_show_table")}</summary>
            <div className="pt-2">{table}</div>
          </details>
        </>
      )}
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={index ? "p-2 text-right font-medium" : "p-2 font-medium"}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((cell, index) =>
              index ? (
                <td key={index} className="p-2 text-right">
                  {cell}
                </td>
              ) : (
                <th key={index} scope="row" className="p-2 font-normal">
                  {cell}
                </th>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const monthLabel = (month: string, locale: string) => new Intl.DateTimeFormat(locale, { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const unitName = (t: TFunction, unit: string) => t(`editor:unit_${unit}`, { defaultValue: unit });

export default function ManageDashboard() {
  const { period, metrics, error } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("manage");
  const locale = i18n.language;
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const format = useMemo(() => (value: number) => number.format(value), [number]);
  const hours = (value: number) => t("dashboard_hours_value", { count: value, hours: number.format(value) });
  // Whole months, which the API answers from its rollups (docs/decisions/041).
  const now = Date.now();
  const presets = [
    { label: t("dashboard_this_month"), ...wholeMonthDays(now, 0) },
    { label: t("dashboard_this_year"), ...wholeMonthDays(now, new Date(now).getUTCMonth()) },
    { label: t("dashboard_last_12_months"), ...wholeMonthDays(now, 11) },
  ];
  const csv = `/manage/dashboard.csv?${new URLSearchParams(period)}`;
  const groups = metrics?.groups ?? [];
  const chosen = period.group ? `&group=${encodeURIComponent(period.group)}` : "";
  return (
    <ManageSection id="dashboard-title" title={t("dashboard_title")} intro={t("dashboard_intro")}>
      {/* Keyed by the period: a preset link changes the dates shown, not only the URL. */}
      <Form key={`${period.from}/${period.to}/${period.group ?? ""}`} method="get" className="flex flex-wrap items-end gap-3">
        <Labelled id="dashboard-from" label={t("dashboard_from")}>
          <input id="dashboard-from" name="from" type="date" defaultValue={period.from} required className={STAFF_FIELD} />
        </Labelled>
        <Labelled id="dashboard-to" label={t("dashboard_to")}>
          <input id="dashboard-to" name="to" type="date" defaultValue={period.to} required className={STAFF_FIELD} />
        </Labelled>
        {groups.length ? (
          <Labelled id="dashboard-group" label={t("dashboard_group")}>
            <select id="dashboard-group" name="group" defaultValue={period.group ?? ""} className={STAFF_FIELD}>
              <option value="">{t("dashboard_group_all")}</option>
              {groups.map((group) => (
                <option key={group.slug} value={group.slug}>
                  {group.name}
                </option>
              ))}
            </select>
          </Labelled>
        ) : null}
        <Button type="submit" variant="outline">
          {t("dashboard_show")}
        </Button>
        <a href={csv} className={buttonVariants({ variant: "ghost" })} download>
          {t("dashboard_download")}
        </a>
      </Form>
      <nav aria-label={t("dashboard_presets")} className="flex flex-wrap gap-2 text-sm">
        {presets.map((preset) => (
          <Link key={preset.label} to={`/manage?from=${preset.from}&to=${preset.to}${chosen}`} className="rounded-full border border-border px-3 py-1 hover:bg-muted">
            {preset.label}
          </Link>
        ))}
      </nav>
      {error ? <Alert>{t(`dashboard_error_${error}`, { defaultValue: t("manage_error_default") })}</Alert> : null}
      {!metrics && !error ? <Alert>{t("manage_error_default")}</Alert> : null}
      {metrics ? (
        <>
          {metrics.group ? <p className="text-sm text-muted-foreground">{t("dashboard_group_shown", { group: metrics.group.name })}</p> : null}
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat label={t("dashboard_members")} value={number.format(metrics.members.active)} />
            <Stat label={t("dashboard_joined")} value={number.format(metrics.members.joined)} />
            <Stat label={t("dashboard_participations")} value={number.format(metrics.participations)} />
            <Stat label={t("dashboard_participants")} value={number.format(metrics.participants)} />
            <Stat label={t("dashboard_hours")} value={number.format(metrics.hours)} />
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            <section aria-labelledby="dashboard-pending" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
              <h3 id="dashboard-pending" className="text-base font-semibold">
                {t("dashboard_pending")}
              </h3>
              <ul className="divide-y divide-border">
                {(Object.keys(PENDING_LINKS) as (keyof typeof PENDING_LINKS)[]).map((kind) => (
                  <li key={kind} className="flex items-center justify-between gap-3 py-2">
                    <Link to={PENDING_LINKS[kind]} className="text-brand underline-offset-2 hover:underline">
                      {t(`dashboard_pending_${kind}`)}
                    </Link>
                    {/* Counted to a cap, as on the tabs (decision 043): "99+" beyond. */}
                    <span className="font-semibold">{waitingCountLabel(metrics.pending[kind])}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="dashboard-donations" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
              <h3 id="dashboard-donations" className="text-base font-semibold">
                {t("dashboard_donations")}
              </h3>
              {metrics.donations.length ? (
                <ul className="divide-y divide-border">
                  {metrics.donations.map((row) => (
                    <li key={row.currency} className="flex items-center justify-between gap-3 py-2">
                      <span>{t("dashboard_donations_count", { count: row.count })}</span>
                      <span className="font-semibold">{formatMoney(row.total, row.currency, locale)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{t("dashboard_donations_none")}</p>
              )}
            </section>
            <ChartCard
              id="dashboard-months"
              title={t("dashboard_months")}
              empty={t("dashboard_no_hours")}
              labels={metrics.months.map((row) => monthLabel(row.month, locale))}
              values={metrics.months.map((row) => row.hours)}
              format={format}
              table={<Table caption={t("dashboard_months")} head={[t("dashboard_month"), t("dashboard_hours")]} rows={metrics.months.map((row) => [monthLabel(row.month, locale), hours(row.hours)])} />}
            />
            <ChartCard
              id="dashboard-sdgs"
              title={t("dashboard_sdgs")}
              empty={t("dashboard_no_hours")}
              labels={metrics.sdgs.map((row) => String(row.id))}
              values={metrics.sdgs.map((row) => row.hours)}
              format={format}
              table={
                <Table
                  caption={t("dashboard_sdgs")}
                  head={[t("dashboard_sdg"), t("dashboard_hours"), t("dashboard_participants")]}
                  rows={metrics.sdgs.map((row) => [`${row.id}. ${sdgName(t, row.id)}`, hours(row.hours), number.format(row.participants)])}
                />
              }
            />
          </div>
          <section aria-labelledby="dashboard-impact" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
            <h3 id="dashboard-impact" className="text-base font-semibold">
              {t("dashboard_impact")}
            </h3>
            {metrics.impact.length ? (
              <Table caption={t("dashboard_impact")} head={[t("dashboard_unit"), t("dashboard_total")]} rows={metrics.impact.map((row) => [unitName(t, row.unit), number.format(row.value)])} />
            ) : (
              <p className="text-sm text-muted-foreground">{t("dashboard_impact_none")}</p>
            )}
          </section>
          {groups.length ? (
            <section aria-labelledby="dashboard-groups" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="dashboard-groups" className="text-base font-semibold">
                  {t("dashboard_groups")}
                </h3>
                <a href={`/manage/dashboard/groups.csv?${new URLSearchParams({ from: period.from, to: period.to })}`} className={buttonVariants({ variant: "ghost" })} download>
                  {t("dashboard_groups_download")}
                </a>
              </div>
              <p className="text-sm text-muted-foreground">{t("dashboard_groups_note")}</p>
              <div className="overflow-x-auto">
                <Table
                  caption={t("dashboard_groups")}
                  head={[t("dashboard_group"), t("dashboard_members"), t("dashboard_participations"), t("dashboard_participants"), t("dashboard_hours"), t("dashboard_donations")]}
                  rows={groups.map((group) => [
                    <Link key={group.slug} to={`/manage?${new URLSearchParams({ from: period.from, to: period.to, group: group.slug })}`} className="text-brand underline-offset-2 hover:underline">
                      {group.name}
                    </Link>,
                    number.format(group.members),
                    number.format(group.participations),
                    number.format(group.participants),
                    hours(group.hours),
                    group.donations.length ? group.donations.map((row) => formatMoney(row.total, row.currency, locale)).join(" · ") : "—",
                  ])}
                />
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
