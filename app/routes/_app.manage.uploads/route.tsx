/** /manage/uploads: the documents and photos members sent, to publish or refuse (issue 11, point 5). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { ListState, ManageSection, OutcomeAlert, Pager, StatusTabs } from "~/components/manage/decision-parts";
import { DecisionRow } from "~/components/manage/decision-row";
import { formatFileSize } from "~/domain/initiatives/format";
import { UPLOAD_TABS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { webFileUrl } from "~/lib/attachments";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { decideUpload, loadUploads } from "./uploads.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "uploads_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadUploads(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideUpload(args, await readForm(args.request));
  return data(outcome, { status });
}

export default function ManageUploads() {
  const { status, page, paged } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t, i18n } = useTranslation("manage");
  const { t: ti } = useTranslation("initiative");
  const { settings } = useSignedIn();
  const location = useLocation();
  const uploads = page?.uploads ?? [];
  return (
    <ManageSection id="uploads-title" title={t("uploads_title")} intro={t("uploads_intro")}>
      <StatusTabs path="/manage/uploads" statuses={UPLOAD_TABS} current={status} />
      <OutcomeAlert outcome={outcome} done={(decided) => t(decided === "published" ? "done_published" : "done_upload_rejected")} />
      {uploads.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {uploads.map((upload) => {
            const href = webFileUrl(upload, upload.initiative.slug);
            return (
              <DecisionRow
                key={upload.id}
                id={upload.id}
                intent="review_upload"
                person={upload.uploader}
                hidden={{ id: upload.id }}
                reason="required"
                reasonError={outcome?.id === upload.id ? (outcome.fields.reason ?? null) : null}
                decided={upload.status === "pending" ? null : upload.status}
                buttons={[
                  { value: "published", label: t("publish"), primary: true },
                  { value: "rejected", label: t("reject") },
                ]}
              >
                <div className="mt-1 flex flex-wrap items-center gap-3">
                  {upload.kind === "image" ? (
                    <img src={href} alt={t("upload_preview", { name: upload.filename })} className="h-20 w-28 rounded-md border border-border object-cover" loading="lazy" />
                  ) : null}
                  <div className="min-w-0">
                    <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate font-medium underline underline-offset-2">
                      {t("upload_open", { name: upload.filename })}
                    </a>
                    <p className="text-muted-foreground">
                      {ti(`upload_kind_${upload.kind}`)} · {formatFileSize(upload.size, i18n.language)} ·{" "}
                      <Link to={`/initiative/${upload.initiative.slug}`} className="underline underline-offset-2">
                        {upload.initiative.title}
                      </Link>{" "}
                      · <DateTime iso={upload.created_at} region={settings.region} withTime={false} />
                    </p>
                    {upload.reject_reason ? <p className="text-muted-foreground">{t("reviewed_reason", { reason: upload.reject_reason })}</p> : null}
                  </div>
                </div>
              </DecisionRow>
            );
          })}
        </ul>
      ) : (
        <ListState failed={!page} empty={t(status === "pending" ? "uploads_empty" : "list_empty_decided")} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/uploads" status={status} next={page?.next ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
