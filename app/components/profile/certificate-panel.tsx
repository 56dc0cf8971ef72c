/**
 * The social CV's PDF (issue 13, points 4 and 5): generate it (a queued task, polled every 2 s,
 * its progress said out loud) for the period chosen (all time, a year, or dates; issue 28),
 * download it, and the certificates made so far with their public verify page, each revocable.
 * A failure says so with the social CV's error and can be retried; a refused period says why.
 */
import { Form } from "@remix-run/react";
import { Download, ExternalLink, FileText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { IconLink, PanelHeading } from "~/components/profile/panel-parts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { isFailedCertificate, isPendingCertificate } from "~/domain/certificate-status";
import { formatDateTime } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { periodDays, runCertificateTask, type PeriodChoice, type TaskState } from "~/lib/browser/certificate-task";
import type { CertificateSummary } from "~/lib/responsible-profile";

/** How far along each status is, for the progress bar. */
const PROGRESS: Record<TaskState["status"], number> = { asking: 0.1, created: 0.25, active: 0.6, retry: 0.6, completed: 1, failed: 0, cancelled: 0, expired: 0 };

/** The years a member can choose: from the year they joined to this one, newest first. */
function yearsSince(since: string) {
  const first = Number(since.slice(0, 4));
  const last = new Date().getFullYear();
  return Array.from({ length: Math.max(1, last - first + 1) }, (_, index) => String(last - index));
}

export function CertificatePanel({ certificates, since, onCompleted }: { certificates: CertificateSummary[]; since: string; onCompleted: () => void }) {
  const { t, i18n } = useTranslation("responsible_profile");
  const [task, setTask] = useState<TaskState | null>(null);
  const [choice, setChoice] = useState<PeriodChoice>("all");
  const years = yearsSince(since);
  const [year, setYear] = useState(years[0]);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function generate() {
    abort.current?.abort();
    // Dates chosen with neither end would be all time: say so rather than print something else.
    if (choice === "range" && !from && !to) {
      setTask({ status: "failed", refusal: "form_error_required" });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      const end = await runCertificateTask(setTask, controller.signal, periodDays(choice, year, from, to));
      setTask(end);
      if (end.status === "completed") onCompleted();
    } catch {
      // Aborted: the member left the page.
    }
  }

  const working = task !== null && (task.status === "asking" || isPendingCertificate(task.status));
  const failed = task !== null && isFailedCertificate(task.status);
  return (
    <section aria-labelledby="cv-pdf" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <PanelHeading id="cv-pdf" icon={FileText} title={t("pdf_title")} description={t("pdf_description")} />
      <fieldset className="flex flex-col gap-3" disabled={working}>
        <legend className="mb-2 text-sm font-medium">{t("pdf_period")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(["all", "year", "range"] as const).map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="cv-period" value={option} checked={choice === option} onChange={() => setChoice(option)} className="h-4 w-4" />
              {t(`pdf_period_${option}`)}
            </label>
          ))}
        </div>
        {choice === "year" ? (
          <label className="flex flex-col gap-1 text-sm sm:max-w-48">
            {t("pdf_period_year_label")}
            <select value={year} onChange={(event) => setYear(event.target.value)} className="h-11 rounded-md border border-input bg-card px-3 text-base">
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {choice === "range" ? (
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1 text-sm">
              {t("pdf_period_from")}
              <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} aria-invalid={task?.refusal ? true : undefined} aria-describedby={task?.refusal ? "cv-period-error" : undefined} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t("pdf_period_to")}
              <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} aria-invalid={task?.refusal ? true : undefined} aria-describedby={task?.refusal ? "cv-period-error" : undefined} />
            </label>
          </div>
        ) : null}
      </fieldset>
      {/* The period first, then the button that uses it. */}
      <div>
        <Button type="button" onClick={generate} disabled={working}>
          {failed && !task.refusal ? t("pdf_retry") : t("pdf_generate")}
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
        {failed ? (
          <p id="cv-period-error" className="text-sm text-destructive">
            {task.refusal ? t(`pdf_period_error_${task.refusal}`, { defaultValue: t("pdf_error") }) : t("pdf_error")}
          </p>
        ) : null}
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
                  <IconLink href={certificate.verify_url} target="_blank" rel="noopener" icon={ExternalLink}>
                    {t("certificate_verify_page")}
                  </IconLink>
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
