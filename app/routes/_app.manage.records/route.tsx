/** /manage/records: the hours and results members reported, to validate or reject (issue 11, point 5). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ListState, ManageSection, OutcomeAlert, Pager, StatusTabs } from "~/components/manage/decision-parts";
import { RecordsQueue } from "~/components/manage/records-queue";
import { RouteErrorBoundary } from "~/components/error-page";
import { RECORD_TABS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { CORRECT_RECORD, CorrectionOutcome, ValidatedRecords } from "~/components/manage/validated-records";
import { correctRecordFromForm, decideRecords, loadRecords } from "./records.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "records_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadRecords(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const { status, outcome } = form.get("intent") === CORRECT_RECORD ? await correctRecordFromForm(args, form) : await decideRecords(args, form);
  return data(outcome, { status });
}

export default function ManageRecords() {
  const { status, page, paged } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const { settings } = useSignedIn();
  const location = useLocation();
  const records = page?.records ?? [];
  return (
    <ManageSection id="records-title" title={t("records_title")} intro={t("records_intro")}>
      <StatusTabs path="/manage/records" statuses={RECORD_TABS} current={status} />
      {/* A correction names its record (its row shows the field messages); a queue decision does not. */}
      {outcome?.id ? <CorrectionOutcome outcome={outcome} /> : <OutcomeAlert outcome={outcome} done={(decided, count) => t(decided === "validated" ? "done_validated" : "done_rejected", { count })} />}
      {records.length && status === "validated" ? (
        <ValidatedRecords records={records} region={settings.region} outcome={outcome ?? null} />
      ) : records.length ? (
        <RecordsQueue records={records} region={settings.region} reasonError={outcome?.id ? null : (outcome?.fields.reason ?? null)} />
      ) : (
        <ListState failed={!page} empty={t(status === "pending" ? "records_empty" : "list_empty_decided")} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/records" status={status} next={page?.next_cursor ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
