/**
 * The onboarding wizard (SPEC.md section 4; issue 14, point 3): one configured step at a time, its
 * form the same as its card in /settings/preferences (StepFields). Saving moves on to the next
 * step that misses its data; an optional step also offers "continue without this", which Escape and
 * a click outside do too; a required step has neither and cannot be closed. Plain markup over an
 * inert page, as the terms modal, so it shows and posts before (or without) JavaScript.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { StepFields, StepSaveAlert, useStepForm } from "~/components/settings/preference-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { WizardStep } from "~/domain/onboarding";
import type { PreferenceContext, PreferenceValues } from "~/domain/preferences";
import { useTranslation } from "~/i18n/react";
import type { OnboardingAnswer } from "~/lib/server/onboarding.server";

export interface OnboardingWizardProps {
  wizard: WizardStep & { values: PreferenceValues; context: PreferenceContext; failed: boolean };
  organization: string;
}

export function OnboardingWizard({ wizard, organization }: OnboardingWizardProps) {
  const { t } = useTranslation("onboarding");
  const { t: settings } = useTranslation("settings");
  const location = useLocation();
  const saver = useFetcher<OnboardingAnswer>();
  const skipper = useFetcher<OnboardingAnswer>();
  const pending = saver.state !== "idle" || skipper.state !== "idle";
  const failure = saver.data && !saver.data.ok ? saver.data : null;
  const { props, error } = useStepForm(wizard.step, wizard.context, `onboarding-${wizard.step}-form`, failure?.fields, pending);
  const query = new URLSearchParams(location.search);
  query.delete("onboarding_error");
  const back = location.pathname + (query.size ? `?${query}` : "");

  const skip = useCallback(() => {
    if (wizard.required || pending) return;
    skipper.submit({ intent: "skip", step: wizard.step, redirectTo: back }, { method: "post", action: "/onboarding" });
  }, [wizard.required, wizard.step, pending, skipper, back]);

  // Escape passes an optional step, as "continue without this" does.
  useEffect(() => {
    if (wizard.required) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") skip();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [wizard.required, skip]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 lg:items-center lg:p-6">
      {wizard.required ? null : (
        // The mask: a click outside the dialog passes the step. Not in the tab order: the dialog's own button does it.
        <button type="button" tabIndex={-1} aria-label={t("skip")} className="absolute inset-0 cursor-default" onClick={skip} />
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        aria-describedby="onboarding-hint"
        className="relative flex max-h-[92vh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-t-xl bg-card p-6 shadow-xl lg:rounded-xl"
      >
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-muted-foreground">
            {t("title")} · {t("progress", { position: wizard.position, total: wizard.total })}
          </p>
          <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-brand" style={{ width: `${(wizard.position / wizard.total) * 100}%` }} />
          </div>
          <h2 id="onboarding-title" className="text-xl font-semibold">
            {settings(`step_${wizard.step}_title`)}
          </h2>
          <p id="onboarding-hint" className="text-sm text-muted-foreground">
            {settings(`step_${wizard.step}_hint`)}
          </p>
          {wizard.required ? <p className="text-sm font-medium">{t("required_note", { organization })}</p> : null}
        </div>
        <saver.Form method="post" action="/onboarding" className="flex flex-col gap-4" {...props}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="step" value={wizard.step} />
          <input type="hidden" name="redirectTo" value={back} />
          <StepFields step={wizard.step} values={wizard.values} context={wizard.context} error={error} />
          {failure?.error === "step_required" ? (
            <Alert>{t("required_error")}</Alert>
          ) : (
            <StepSaveAlert error={failure?.error && failure.error !== "validation_error" ? failure.error : null} />
          )}
          {wizard.failed && !saver.data ? <Alert>{t("error")}</Alert> : null}
          <Button type="submit" disabled={pending}>
            {saver.state !== "idle" ? t("saving") : t("save")}
          </Button>
        </saver.Form>
        {wizard.required ? null : (
          <skipper.Form method="post" action="/onboarding" className="-mt-2 flex justify-center">
            <input type="hidden" name="intent" value="skip" />
            <input type="hidden" name="step" value={wizard.step} />
            <input type="hidden" name="redirectTo" value={back} />
            <Button type="submit" variant="ghost" disabled={pending}>
              {t("skip")}
            </Button>
          </skipper.Form>
        )}
      </div>
    </div>
  );
}
