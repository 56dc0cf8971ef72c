/**
 * The social CV's PDF (issue 13, points 4 and 5): generate it (a queued task, polled every 2 s,
 * its progress said out loud), download it, and the certificates made so far with their public
 * verify page, each revocable. A failure says so with the social CV's error and can be retried.
 */
import { Form } from "@remix-run/react";
import { Download, ExternalLink, FileText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { runCertificateTask, type TaskState } from "~/lib/certificate-task";
import type { CertificateSummary } from "~/lib/responsible-profile";

/** How far along each status is, for the progress bar. */
const PROGRESS: Record<TaskState["status"], number> = { asking: 0.1, created: 0.25, active: 0.6, retry: 0.6, completed: 1, failed: 0, cancelled: 0, expired: 0 };

export function CertificatePanel({ certificates, onCompleted }: { certificates: CertificateSummary[]; onCompleted: () => void }) {
  const { t, i18n } = useTranslation("responsible_profile");
  const [task, setTask] = useState<TaskState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function generate() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const end = await runCertificateTask(setTask, controller.signal);
      if (end.status === "completed") onCompleted();
    } catch {
      // Aborted: the member left the page.
    }
  }

  const working = task !== null && ["asking", "created", "active", "retry"].includes(task.status);
  const failed = task !== null && ["failed", "cancelled", "expired"].includes(task.status);
  return (
    <section aria-labelledby="cv-pdf" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden="true" className="h-6 w-6 text-brand" />
        <div className="flex-1">
          <h2 id="cv-pdf" className="text-lg font-semibold">
            {t("pdf_title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("pdf_description")}</p>
        </div>
        <Button type="button" onClick={generate} disabled={working}>
          {failed ? t("pdf_retry") : t("pdf_generate")}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-2 empty:hidden">
        {working ? (
          <>
            <p className="text-sm">{t(`pdf_status_${task.status}`)}</p>
            <progress className="h-2 w-full" max={1} value={PROGRESS[task.status]} aria-label={t("pdf_progress")} />
          </>
        ) : null}
        {task?.status === "completed" && task.url ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium">{t("pdf_ready")}</p>
            <a href={task.url} download className={buttonVariants({ size: "sm" })}>
              <Download aria-hidden="true" className="mr-2 h-4 w-4" />
              {t("pdf_download")}
            </a>
          </div>
        ) : null}
        {failed ? <p className="text-sm text-destructive">{t("pdf_error")}</p> : null}
      </div>
      {certificates.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t("certificates_title")}</h3>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {certificates.map((certificate) => (
              <li key={certificate.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center">
                <div className="flex-1">
                  <p className="font-medium">{t("certificate_issued", { date: formatDateTime(certificate.created_at, i18n.language) })}</p>
                  <p className="text-muted-foreground">
                    {certificate.revoked_at ? t("certificate_revoked", { date: formatDateTime(certificate.revoked_at, i18n.language, undefined, false) }) : t("certificate_in_force")}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a href={`/responsible_profile/pdf/${encodeURIComponent(certificate.id)}`} download className={buttonVariants({ size: "sm", variant: "outline" })}>
                    {t("pdf_download")}
                  </a>
                  <a href={certificate.verify_url} target="_blank" rel="noopener" className={buttonVariants({ size: "sm", variant: "ghost" })}>
                    <ExternalLink aria-hidden="true" className="mr-1 h-4 w-4" />
                    {t("certificate_verify_page")}
                  </a>
                  {certificate.revoked_at ? null : (
                    <Form method="post" onSubmit={(event) => (window.confirm(t("certificate_revoke_confirm")) ? undefined : event.preventDefault())}>
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={certificate.id} />
                      <Button type="submit" size="sm" variant="ghost">
                        {t("certificate_revoke")}
                      </Button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
