/** /manage/uploads: the documents and photos members sent, to publish or refuse, one by one or those ticked (issue 11, point 5). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { ListState, ManageSection, OutcomeAlert, Pager, StatusTabs } from "~/components/manage/decision-parts";
import { BulkQueue } from "~/components/manage/bulk-queue";
import { formatFileSize } from "~/domain/initiatives/format";
import { UPLOAD_TABS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { webFileUrl } from "~/lib/attachments";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { decideUploads, loadUploads } from "./uploads.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "uploads_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadUploads(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideUploads(args, await readForm(args.request));
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
      <OutcomeAlert
        outcome={outcome}
        done={(decided, count) =>
          count === 1 ? t(decided === "published" ? "done_published" : "done_upload_rejected") : t(decided === "published" ? "done_published_count" : "done_upload_rejected_count", { count })
        }
        elsewhere={(count) => t("decided_elsewhere_uploads", { count })}
        noneSelected={t("selected_none_uploads")}
      />
      {uploads.length ? (
        <BulkQueue
          id="uploads-reason"
          intent="review_uploads"
          reason="required"
          reasonError={outcome?.fields.reason ?? null}
          buttons={[
            { value: "published", label: t("publish"), selectedLabel: t("publish_selected"), primary: true },
            { value: "rejected", label: t("reject"), selectedLabel: t("reject_selected") },
          ]}
          items={uploads.map((upload) => {
            const href = webFileUrl(upload, upload.initiative.slug);
            return {
              id: upload.id,
              person: upload.uploader,
              title: upload.uploader.name,
              selectLabel: t("upload_select", { name: upload.uploader.name, file: upload.filename, initiative: upload.initiative.title }),
              decided: upload.status === "pending" ? null : upload.status,
              children: (
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
              ),
            };
          })}
        />
      ) : (
        <ListState failed={!page} empty={t(status === "pending" ? "uploads_empty" : "list_empty_decided")} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/uploads" status={status} next={page?.next_cursor ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
