/**
 * /manage/impact/snapshots/{id}: a frozen report (issue 30, section 2) beside the same period
 * computed now, and every figure that differs since (a record refused later, a rate added for
 * that year): corrections show as changes, never as silent rewrites.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { ManageSection } from "~/components/manage/decision-parts";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { loadSnapshot } from "./_app.manage.impact/impact.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "impact", "snapshot_title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadSnapshot(args, args.params.id ?? "");
  return data({ answer }, { status: answer ? 200 : 502 });
}

const shown = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

export default function ImpactSnapshot() {
  const { answer } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("impact");
  if (!answer) return <Alert>{t("error_default")}</Alert>;
  const { snapshot, changes } = answer;
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(snapshot.created_at));
  return (
    <ManageSection id="snapshot-title" title={t("snapshot_period", { from: snapshot.first_day, to: snapshot.last_day })} intro={t("snapshot_intro", { date: created })}>
      <p>
        <Link to="/manage/impact" className="font-medium text-brand underline">
          {t("snapshot_back")}
        </Link>
      </p>
      {snapshot.verified ? <Alert variant="success">{t("snapshot_verified")}</Alert> : <Alert>{t("snapshot_not_verified")}</Alert>}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <dt className="text-muted-foreground">{t("snapshot_hash")}</dt>
        <dd className="break-all font-mono">{snapshot.rows_hash}</dd>
        <dt className="text-muted-foreground">{t("snapshot_rows_label")}</dt>
        <dd className="tabular-nums">{snapshot.row_count}</dd>
        <dt className="text-muted-foreground">{t("hours_paid")}</dt>
        <dd className="tabular-nums">{snapshot.totals.hours.paid}</dd>
        <dt className="text-muted-foreground">{t("hours_own")}</dt>
        <dd className="tabular-nums">{snapshot.totals.hours.own}</dd>
        <dt className="text-muted-foreground">{t("hours_management")}</dt>
        <dd className="tabular-nums">{snapshot.totals.hours.management}</dd>
        <dt className="text-muted-foreground">{t("participants")}</dt>
        <dd className="tabular-nums">{snapshot.participants}</dd>
      </dl>
      {changes.length ? (
        <div className="overflow-x-auto rounded-lg border border-border bg-card p-4">
          <table className="w-full text-left text-sm">
            <caption className="pb-2 text-left font-semibold">{t("snapshot_changes", { count: changes.length })}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("snapshot_figure")}</th>
                <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("snapshot_frozen")}</th>
                <th scope="col" className="border-b border-border py-1 pr-3 font-medium">{t("snapshot_live")}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.path}>
                  <td className="border-b border-border py-1 pr-3 font-mono">{change.path}</td>
                  <td className="border-b border-border py-1 pr-3 break-all tabular-nums">{shown(change.frozen)}</td>
                  <td className="border-b border-border py-1 pr-3 break-all tabular-nums">{shown(change.live)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Alert variant="success">{t("snapshot_unchanged")}</Alert>
      )}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
