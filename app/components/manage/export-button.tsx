/**
 * A staff list's CSV (decision 038): the button asks for the export of what the screen shows (its
 * filters, not only its page), the queue writes the file, and this polls its progress, said out
 * loud in a live region (rows written of how many), then offers the download and says until when
 * it lasts. A failure says so and the button asks again.
 */
import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { runExport, type ExportKind, type ExportState } from "~/lib/browser/export-job";

export function ExportButton({ kind, query, label, variant = "ghost" }: { kind: ExportKind; query: string; label: string; variant?: "ghost" | "outline" }) {
  const { t, i18n } = useTranslation("manage");
  const [job, setJob] = useState<ExportState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // Other filters are another file: what was prepared for the old ones is no longer offered.
  useEffect(() => {
    abort.current?.abort();
    setJob(null);
  }, [query]);

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      setJob(await runExport(kind, query, setJob, controller.signal));
    } catch {
      // Aborted: the filters changed or the member left the page.
    }
  }

  const working = job !== null && ["asking", "queued", "running"].includes(job.status);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" variant={variant} onClick={start} disabled={working}>
        <Download aria-hidden="true" className="mr-2 h-4 w-4" />
        {label}
      </Button>
      <div role="status" aria-live="polite" className="flex flex-col gap-1 text-sm empty:hidden">
        {working ? (
          <>
            <p>
              {job.status === "running" && job.rowsTotal !== null
                ? t("export_progress_total", { done: job.rowsDone.toLocaleString(i18n.language), count: job.rowsTotal })
                : job.status === "running"
                  ? t("export_progress_rows", { count: job.rowsDone })
                  : t(`export_${job.status}`)}
            </p>
            <progress className="h-2 w-48" aria-label={t("export_progress")} {...(job.rowsTotal ? { max: job.rowsTotal, value: job.rowsDone } : {})} />
          </>
        ) : null}
        {job?.status === "ready" && job.url ? (
          <p className="flex flex-wrap items-center gap-2">
            <a href={job.url} download className={buttonVariants({ size: "sm" })}>
              {t("export_download")}
            </a>
            <span className="text-muted-foreground">{t("export_expires", { date: formatDateTime(job.expiresAt ?? "", i18n.language) })}</span>
          </p>
        ) : null}
        {job?.status === "failed" ? <p className="text-destructive">{t("export_failed")}</p> : null}
      </div>
    </div>
  );
}
