import { Link, useFetcher, useLocation } from "@remix-run/react";
import { FileText, Paperclip, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { DOCUMENTS_SHOWN, IMAGES_SHOWN } from "~/domain/initiatives/rules";
import { useTranslation } from "~/i18n/react";
import { ATTACHMENT_MAX_BYTES, isAttachmentKind, uploadNameAllowed, type AttachmentKind } from "~/domain/attachments";
import { ATTACHMENT_ACCEPT, webFileUrl, webUploadUrl } from "~/lib/attachments";
import { cn } from "~/lib/cn";
import type { Attachments } from "~/routes/_app.initiative.$slug.($action)/initiative.server";
import { formatFileSize } from "~/domain/initiatives/format";
import { PageDrawer, useDrawerParam } from "./page-drawer";
import { isPending } from "~/lib/pending";

/** The first `shown` items, then the rest behind "show more" (a `<details>`: no JavaScript needed). */
function MoreList<T>({ items, shown, render, className }: { items: T[]; shown: number; render: (item: T) => JSX.Element; className: string }) {
  const { t } = useTranslation("initiative");
  const rest = items.slice(shown);
  return (
    <>
      <ul className={className}>{items.slice(0, shown).map(render)}</ul>
      {rest.length ? (
        <details className="group/more">
          <summary className="w-fit cursor-pointer list-none rounded-sm text-sm font-semibold text-brand underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <span className="group-open/more:hidden">{t("show_more_count", { count: rest.length })}</span>
            <span className="hidden group-open/more:inline">{t("show_less")}</span>
          </summary>
          <ul className={cn(className, "mt-2")}>{rest.map(render)}</ul>
        </details>
      ) : null}
    </>
  );
}

/**
 * Documents (4, then "show more") and images (10 thumbnails of 80 px, then "show more"), published
 * ones only; the upload dialog lists the member's own uploads (SPEC.md sections 2 and 6).
 */
export function AttachmentsSection({ slug, attachments, memberId }: { slug: string; attachments: Attachments; memberId: string }) {
  const { t, i18n } = useTranslation("initiative");
  const upload = useDrawerParam("upload");
  const kinds = (["document", "image"] as const).filter((kind) => attachments[kind] !== null);
  if (!kinds.length) return null;
  const published = (kind: AttachmentKind) => (attachments[kind] ?? []).filter((a) => a.status === "published");
  const documents = published("document");
  const images = published("image");
  return (
    <section aria-labelledby="attachments-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="attachments-title" className="text-base font-semibold">
          {t("attachments_title")}
        </h2>
        <Link to={upload.href({ kind: kinds[0] })} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Upload aria-hidden="true" className="size-4" />
          {t("attachments_upload")}
        </Link>
      </div>
      {attachments.document !== null ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{t("attachments_documents")}</h3>
          {documents.length ? (
            <MoreList
              items={documents}
              shown={DOCUMENTS_SHOWN}
              className="flex flex-col gap-2"
              render={(a) => (
                <li key={a.id}>
                  <a href={webFileUrl(a, slug)} download={a.filename} className="flex items-center gap-3 rounded-md border border-border p-3 hover:bg-muted">
                    <FileText aria-hidden="true" className="size-5 shrink-0 text-brand" />
                    <span className="min-w-0 flex-1 truncate font-medium">{a.filename}</span>
                    <span className="shrink-0 text-sm text-muted-foreground">{formatFileSize(a.size, i18n.language)}</span>
                  </a>
                </li>
              )}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t("attachments_no_documents")}</p>
          )}
        </div>
      ) : null}
      {attachments.image !== null ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{t("attachments_images")}</h3>
          {images.length ? (
            <MoreList
              items={images}
              shown={IMAGES_SHOWN}
              className="flex flex-wrap gap-2"
              render={(a) => (
                <li key={a.id}>
                  <a href={webFileUrl(a, slug)} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                    <img src={webFileUrl({ download: a.url || a.download }, slug)} alt={a.filename} width={80} height={80} loading="lazy" className="size-20 rounded-md border border-border object-cover" />
                  </a>
                </li>
              )}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t("attachments_no_images")}</p>
          )}
        </div>
      ) : null}
      <UploadDrawer slug={slug} attachments={attachments} kinds={kinds} memberId={memberId} />
    </section>
  );
}

function UploadDrawer({ slug, attachments, kinds, memberId }: { slug: string; attachments: Attachments; kinds: AttachmentKind[]; memberId: string }) {
  const { t, i18n } = useTranslation("initiative");
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get("kind");
  const [kind, setKind] = useState<AttachmentKind>(isAttachmentKind(requested) && kinds.includes(requested) ? requested : kinds[0]);
  const [tooBig, setTooBig] = useState(false);
  // The server's name rule, told before sending (a picker may still be set to show all files),
  // for the kind chosen now.
  const [chosenName, setChosenName] = useState<string | null>(null);
  const wrongName = chosenName !== null && !uploadNameAllowed(chosenName, kind);
  const uploader = useFetcher<{ error?: string; message?: string }>();
  const remover = useFetcher();
  const back = location.pathname + location.search;
  const own = kinds.flatMap((k) => (attachments[k] ?? []).filter((a) => a.member_id === memberId).map((a) => ({ ...a, kind: k })));
  // A fetcher's JSON answer, or (without JavaScript) the code the resource route put in the URL.
  const uploadError =
    uploader.state === "idle" && uploader.data && "error" in uploader.data && uploader.data.error
      ? uploader.data.error
      : new URLSearchParams(location.search).get("attachment_error");
  const formId = "attachment-upload-form";
  const max = formatFileSize(ATTACHMENT_MAX_BYTES[kind], i18n.language);
  return (
    <PageDrawer
      name="upload"
      title={t("upload_title")}
      description={t("upload_description")}
      footer={
        <Button type="submit" form={formId} className="w-full" disabled={isPending(uploader) || tooBig || wrongName}>
          <Paperclip aria-hidden="true" className="size-4" />
          {isPending(uploader) ? t("upload_sending") : t("upload_submit")}
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <uploader.Form
          method="post"
          action={webUploadUrl(slug, kind)}
          encType="multipart/form-data"
          id={formId}
          className="flex flex-col gap-4"
          onSubmit={() => setTooBig(false)}
        >
          <input type="hidden" name="redirectTo" value={back} />
          {kinds.length > 1 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{t("upload_kind")}</legend>
              <div className="flex gap-4">
                {kinds.map((k) => (
                  <label key={k} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="size-4 accent-[var(--color-brand)]" />
                    {t(`upload_kind_${k}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="attachment-file">{t("upload_file")}</Label>
            <input
              id="attachment-file"
              name="file"
              type="file"
              required
              accept={ATTACHMENT_ACCEPT[kind]}
              aria-describedby="attachment-file-hint"
              onChange={(event) => {
                const file = event.target.files?.[0];
                setTooBig((file?.size ?? 0) > ATTACHMENT_MAX_BYTES[kind]);
                setChosenName(file?.name ?? null);
              }}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-2 file:font-semibold"
            />
            <p id="attachment-file-hint" className="text-xs text-muted-foreground">
              {t("upload_hint", { max })}
            </p>
          </div>
          {tooBig ? <Alert>{t("upload_too_big", { max })}</Alert> : null}
          {wrongName && !uploadError ? <Alert>{t("upload_error_unsupported_file_type")}</Alert> : null}
          {uploadError ? <Alert>{t([`upload_error_${uploadError}`, "upload_error_default"])}</Alert> : null}
          {uploader.state === "idle" && uploader.data && !uploadError ? <Alert variant="success">{t("upload_done")}</Alert> : null}
        </uploader.Form>
        <section aria-labelledby="own-uploads-title" className="flex flex-col gap-2">
          <h3 id="own-uploads-title" className="text-sm font-semibold">
            {t("upload_own_title")}
          </h3>
          {own.length ? (
            <ul className="flex flex-col gap-2">
              {own.map((a) => (
                <li key={a.id} className="flex items-center gap-3 rounded-md border border-border p-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{a.filename}</span>
                    <span className="text-muted-foreground">
                      {t(`upload_kind_${a.kind}`)} · {formatFileSize(a.size, i18n.language)} · {t(`attachment_status_${a.status}`)}
                    </span>
                    {a.reject_reason ? <span className="block text-muted-foreground">{t("record_reject_reason", { reason: a.reject_reason })}</span> : null}
                  </span>
                  <remover.Form method="post" action={`${webUploadUrl(slug, a.kind)}/${encodeURIComponent(a.id)}`}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="redirectTo" value={back} />
                    <Button type="submit" variant="ghost" size="icon" aria-label={t("upload_delete", { name: a.filename })} disabled={isPending(remover)}>
                      <Trash2 aria-hidden="true" className="size-4 text-destructive" />
                    </Button>
                  </remover.Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("upload_own_none")}</p>
          )}
        </section>
      </div>
    </PageDrawer>
  );
}
