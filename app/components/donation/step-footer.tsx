/** The contribution drawer's buttons, under its scrolling body: Back, and each step's primary action. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { acceptsContributions, commentSchema } from "~/domain/initiatives";
import { DONATION_INTENTS, donationCurrency, formatMoney } from "~/domain/donation";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { usePending } from "~/lib/pending";
import { Button, buttonVariants } from "~/components/ui/button";
import { AMOUNT_FIELD_ID, BACK_FORM_ID, FORM_ID, PREVIOUS, problem, type StepProps } from "./step-parts";

/** The step's buttons, under the scrolling body (Drawer footer); they submit the step's form by id. */
export function StepFooter(props: StepProps) {
  const { state, setState, hydrated, onOpenChange, closeHref, initiative, locale } = props;
  const { t } = useTranslation("donation");
  const submitting = usePending(DONATION_INTENTS.submit);
  if (state.step !== "success" && !acceptsContributions(initiative, Date.now())) return null;
  const back = PREVIOUS[state.step];
  const backButton = back ? (
    <Button
      type="submit"
      form={BACK_FORM_ID}
      variant="outline"
      disabled={submitting}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setState((s) => ({ ...s, step: back, fields: {}, error: null }));
      }}
    >
      {t("donation_back")}
    </Button>
  ) : null;
  let primary: ReactNode = null;
  if (state.step === "amount") {
    // Disabled only while nothing is chosen or typed (SPEC.md section 5). A refused amount keeps Next
    // usable: pressing it checks the step again, which shows and focuses the reason at the field,
    // and the button names that reason to assistive technology meanwhile.
    const refused = !!state.fields.amount;
    primary = (
      <Button type="submit" form={FORM_ID} disabled={hydrated && !(state.amount > 0) && !refused} aria-describedby={refused ? `${AMOUNT_FIELD_ID}-error` : undefined} className="flex-1">
        {t("donation_next")}
      </Button>
    );
  } else if (state.step === "source") {
    primary = (
      <Button type="submit" form={FORM_ID} disabled={hydrated && !state.source} className="flex-1">
        {t("donation_next")}
      </Button>
    );
  } else if (state.step === "details" && state.source !== "paypal") {
    primary = (
      <Button
        type="submit"
        form={FORM_ID}
        disabled={(hydrated && (!state.amount || !state.source || !state.key || !!problem(commentSchema, state.comment))) || submitting}
        aria-disabled={submitting || undefined}
        className="flex-1"
      >
        {submitting ? t("donation_submitting") : t("donation_submit", { amount: formatMoney(state.amount, donationCurrency(initiative, props.organization.currency), locale) })}
      </Button>
    );
  } else if (state.step === "success") {
    primary = hydrated ? (
      <Button type="button" onClick={() => onOpenChange(false)} className="flex-1">
        {t("donation_done")}
      </Button>
    ) : (
      <Link to={closeHref} className={cn(buttonVariants(), "flex-1")}>
        {t("donation_done")}
      </Link>
    );
  }
  return (
    <div className="flex gap-3">
      {backButton}
      {primary}
    </div>
  );
}
