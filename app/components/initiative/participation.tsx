import { Form, Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import * as v from "valibot";
import { formatCheckinCode } from "~/domain/checkin";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { hoursFormSchema, IndicatorFormSchema } from "~/domain/initiatives/forms";
import { calendarDay, hoursLeftOn, regionZone } from "~/domain/initiatives/reporting";
import { hasStarted, ratingOpensOnDone } from "~/domain/initiatives/rules";
import type { Indicator, Initiative, ParticipationRecord } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/schema-form";
import { DateTime } from "./date-time";
import { useDrawerParam } from "./page-drawer";
import { useIntent } from "./use-intent";

/** The participant's code, drawn from the path the server computed (lean-qr, SVG). */
export function ParticipantQr({ qr, code }: { qr: { size: number; path: string }; code: string }) {
  const { t } = useTranslation("initiative");
  return (
    <section aria-labelledby="qr-title" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-card p-4 text-center">
      <h2 id="qr-title" className="text-lg font-semibold">
        {t("qr_title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("qr_description")}</p>
      <svg
        role="img"
        aria-label={t("qr_label")}
        viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
        className="size-64 max-w-full rounded-md bg-white"
        shapeRendering="crispEdges"
      >
        <path d={qr.path} fill="#000" />
      </svg>
      <p className="text-sm text-muted-foreground">{t("qr_code_hint")}</p>
      <p className="font-mono text-2xl font-semibold tracking-widest" aria-label={t("qr_code_label", { code: formatCheckinCode(code).split("").join(" ") })}>
        {formatCheckinCode(code)}
      </p>
    </section>
  );
}

/**
 * A one-field report form on the action's schema (app/lib/schema-form.ts): checked as it is typed,
 * the action's answer for this intent shown at the field, Submit enabled once the value passes.
 */
function useReportForm<S extends v.GenericSchema>(schema: S, field: string, id: string, intent: ReturnType<typeof useIntent>) {
  const { t } = useTranslation("initiative");
  const [value, setValue] = useState("");
  const { props, error } = useSchemaForm(schema, { id, errors: intent.result?.fields, pending: intent.busy, shouldValidate: "onInput", serverChecksOnly: true });
  const message = error(field);
  return { props, value, setValue, valid: v.is(schema, { [field]: value }), message: message ? t(message) : null };
}

/**
 * The hours report, with the API's rules (reporting.ts): from the start of the initiative, at most
 * what the organisation's calendar day still allows after today's reports.
 */
function HoursForm({ initiative, region, now }: { initiative: Initiative; region: string; now: number }) {
  const { t } = useTranslation("initiative");
  const hydrated = useHydrated();
  const intent = useIntent("hours");
  const { error, busy, result } = intent;
  const left = hoursLeftOn(initiative, calendarDay(now, regionZone(region)));
  const started = hasStarted(initiative, now);
  const schema = useMemo(() => hoursFormSchema(left), [left]);
  const hours = useReportForm(schema, "hours", "report-hours-form", intent);
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4" preventScrollReset {...hours.props}>
      <input type="hidden" name="intent" value="hours" />
      <input type="hidden" name="hours_per_day" value={initiative.hours_per_day} />
      <Field
        id="report-hours"
        name="hours"
        type="number"
        inputMode="numeric"
        min={1}
        max={left || undefined}
        step={1}
        required
        label={t("hours_label")}
        hint={left > 0 ? t("hours_hint_max", { max: left }) : t("hours_hint_day_full")}
        value={hours.value}
        onChange={(event) => hours.setValue(event.target.value)}
        error={hours.message}
      />
      {started ? null : <Alert>{t("error_participation_not_started")}</Alert>}
      {error ? <Alert>{error}</Alert> : null}
      {result?.ok ? <Alert variant="success">{t("hours_saved")}</Alert> : null}
      <Button type="submit" disabled={hydrated && (!hours.valid || busy || !started)}>
        {t("hours_submit")}
      </Button>
    </Form>
  );
}

function IndicatorForm({ indicator }: { indicator: Indicator }) {
  const { t } = useTranslation("initiative");
  const hydrated = useHydrated();
  const intent = useIntent("indicator", indicator.id);
  const { error, busy, result } = intent;
  const id = `indicator-${indicator.id}`;
  const value = useReportForm(IndicatorFormSchema, "value", `${id}-form`, intent);
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4" preventScrollReset {...value.props}>
      <input type="hidden" name="intent" value="indicator" />
      <input type="hidden" name="indicator_id" value={indicator.id} />
      <Field
        id={id}
        name="value"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        label={`${indicator.name} (${t(`unit_${indicator.unit}`)})`}
        value={value.value}
        onChange={(event) => value.setValue(event.target.value)}
        error={value.message}
      />
      {error ? <Alert>{error}</Alert> : null}
      {result?.ok ? <Alert variant="success">{t("indicator_saved")}</Alert> : null}
      <Button type="submit" variant="outline" disabled={hydrated && (!value.valid || busy)}>
        {t("indicator_submit", { name: indicator.name })}
      </Button>
    </Form>
  );
}

const STATUS_STYLE: Record<ParticipationRecord["status"], string> = {
  pending: "bg-muted text-foreground",
  validated: "bg-success text-white",
  granted: "bg-success text-white",
  rejected: "bg-destructive text-destructive-foreground",
};

function History({ initiative, region }: { initiative: Initiative; region: string }) {
  const { t } = useTranslation("initiative");
  const names = new Map(initiative.indicators.map((i) => [i.id, i.name]));
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-semibold">
        {t("history_title")}
      </h2>
      {initiative.participations.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {initiative.participations.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">
                  {r.type === "hours"
                    ? t("history_hours", { count: r.hours ?? 0 })
                    : `${r.value ?? 0} ${r.unit ? t(`unit_${r.unit}`) : ""}`.trim()}
                </span>
                <span className="text-muted-foreground">
                  {r.type === "hours" ? t("history_type_hours") : (r.indicator_id && names.get(r.indicator_id)) || t("history_type_indicator")} ·{" "}
                  <DateTime iso={r.created_at} region={region} withTime={false} />
                </span>
                {r.reject_reason ? <span className="block text-muted-foreground">{t("record_reject_reason", { reason: r.reject_reason })}</span> : null}
              </span>
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLE[r.status])}>{t(`record_status_${r.status}`)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("history_empty")}</p>
      )}
    </section>
  );
}

/**
 * /{base}/{slug}/participate: the QR code (method qr) or the hours and indicator reports
 * (method report_hours), the member's records, and Done (the rating drawer when ratingOpensOnDone).
 */
export function ParticipationView({
  initiative,
  qr,
  base,
  region,
  now,
}: {
  initiative: Initiative;
  qr: { size: number; path: string } | null;
  base: string;
  region: string;
  /** The loader's clock, so the server's render and the browser's count the same day. */
  now: number;
}) {
  const { t } = useTranslation("initiative");
  const rate = useDrawerParam("rate");
  const back = `/${base}/${initiative.slug}`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand">{t("participation_eyebrow")}</p>
        <h1 className="text-2xl font-bold leading-tight">{initiative.title}</h1>
      </header>
      {initiative.participation_method === "qr" ? (
        qr && initiative.checkin_code ? <ParticipantQr qr={qr} code={initiative.checkin_code} /> : <Alert>{t("qr_unavailable")}</Alert>
      ) : (
        <section aria-labelledby="report-title" className="flex flex-col gap-3">
          <h2 id="report-title" className="text-lg font-semibold">
            {t("report_title")}
          </h2>
          <HoursForm initiative={initiative} region={region} now={now} />
          {initiative.indicators.map((indicator) => (
            <IndicatorForm key={indicator.id} indicator={indicator} />
          ))}
        </section>
      )}
      <History initiative={initiative} region={region} />
      <Link to={ratingOpensOnDone(initiative) ? rate.href() : back} preventScrollReset className={cn(buttonVariants({ size: "lg" }), "w-full sm:w-auto sm:self-end")}>
        {t("participation_done")}
      </Link>
    </div>
  );
}
