/**
 * /manage/audit: the audit log for administrators (issue 15, point 6): who did what, to whose
 * item and where (issue 28), when, with the before and after, newest first, by kind and dates,
 * and the same rows as a CSV. Read only.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { FilterSelect, Labelled, ListState, ManageSection, Pager, STAFF_FIELD } from "~/components/manage/decision-parts";
import { ExportButton } from "~/components/manage/export-button";
import { Button } from "~/components/ui/button";
import { AUDIT_KINDS } from "~/domain/manage";
import { useTranslation, type TFunction } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { loadAudit } from "./audit.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "audit_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadAudit(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}


/** A value of a row's detail as text: lists joined, objects as their pairs, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(shown).join(", ");
  if (typeof value === "object") return Object.entries(value as Record<string, unknown>).map(([key, inner]) => `${key}: ${shown(inner)}`).join("; ");
  return String(value);
}

/** What the row says changed: "before → after" when it has both, else its fields. */
function Detail({ detail, t }: { detail: Record<string, unknown>; t: TFunction }) {
  if ("before" in detail || "after" in detail) return <>{t("audit_before_after", { before: shown(detail.before), after: shown(detail.after) })}</>;
  const entries = Object.entries(detail);
  if (!entries.length) return <>—</>;
  return (
    <>
      {entries.map(([key, value]) => (
        <span key={key} className="block">
          {t(`audit_field_${key}`, { defaultValue: key })}: {shown(value)}
        </span>
      ))}
    </>
  );
}

type AuditEntry = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["page"]>["entries"][number];

/**
 * Whose item the row is about and where, for an auditor: "Marta · 3 hours · Food bank" for hours,
 * a result, a participation, a pledge or an upload. Null when the row names neither.
 */
function useSubject() {
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiative");
  return (entry: AuditEntry): string | null => {
    if (entry.target_type === "member" || entry.target_type === "initiative" || (!entry.member && !entry.initiative)) return null;
    const record = entry.record;
    const what = !record ? null : record.type === "hours" ? t("record_hours", { count: record.hours ?? 0 }) : `${record.value ?? 0} ${record.unit ? ti(`unit_${record.unit}`) : ""}`.trim();
    return [entry.member ? entry.member.name || entry.member.id : null, what, entry.initiative?.title].filter(Boolean).join(" · ");
  };
}

export default function ManageAudit() {
  const { filters, page, paged } = useLoaderData<typeof loader>();
  const { t } = useTranslation("manage");
  const { settings } = useSignedIn();
  const location = useLocation();
  const subjectOf = useSubject();
  const entries = page?.entries ?? [];
  const base = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
  return (
    <ManageSection id="audit-title" title={t("audit_title")} intro={t("audit_intro")}>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <FilterSelect
          id="audit-kind"
          name="kind"
          label={t("audit_filter_kind")}
          value={filters.kind}
          options={AUDIT_KINDS.map((kind) => ({ value: kind, label: kind ? t(`audit_kind_${kind}`) : t("filter_any") }))}
          any={false}
        />
        <Labelled id="audit-from" label={t("audit_from")}>
          <input id="audit-from" name="from" type="date" defaultValue={filters.from} className={STAFF_FIELD} />
        </Labelled>
        <Labelled id="audit-to" label={t("audit_to")}>
          <input id="audit-to" name="to" type="date" defaultValue={filters.to} className={STAFF_FIELD} />
        </Labelled>
        <Button type="submit" variant="outline">
          {t("audit_filter")}
        </Button>
      </Form>
      {entries.length ? (
        <div>
          <ExportButton kind="audit" query={new URLSearchParams(base).toString()} label={t("audit_download")} variant="outline" />
        </div>
      ) : null}
      {entries.length ? (
        <div className="rounded-lg border border-border bg-card">
          {/* No scrolling box: on a phone the cells wrap instead. */}
          <table className="w-full table-fixed break-words text-left text-sm">
            <caption className="sr-only">{t("audit_title")}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="p-3 font-medium">{t("audit_when")}</th>
                <th scope="col" className="p-3 font-medium">{t("audit_who")}</th>
                <th scope="col" className="p-3 font-medium">{t("audit_what")}</th>
                <th scope="col" className="p-3 font-medium">{t("audit_detail")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((entry) => {
                const verb = entry.action.split(".").slice(1).join(".");
                const subject = subjectOf(entry);
                return (
                  <tr key={entry.id} className="align-top">
                    <td className="p-3">
                      <DateTime iso={entry.created_at} region={settings.region} />
                    </td>
                    <td className="p-3">{entry.actor.name}</td>
                    <td className="p-3">
                      <span className="font-medium">{t(`audit_kind_${entry.target_type}`, { defaultValue: entry.target_type })}</span> · {t(`audit_verb_${verb}`, { defaultValue: verb })}
                      <span className={subject || entry.target_name ? "block" : "block break-all text-xs text-muted-foreground"}>{subject ?? entry.target_name ?? entry.target_id}</span>
                    </td>
                    <td className="p-3">
                      <Detail detail={entry.detail} t={t} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <ListState failed={!page} empty={t("audit_empty")} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/audit" query={base} next={page?.next_cursor ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
