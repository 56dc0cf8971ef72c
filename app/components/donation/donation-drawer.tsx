/**
 * The contribution drawer (SPEC.md sections 2, 4, 5, 9): amount, source, details, success.
 *
 * Every step is a real form posting to the detail route (intents contribute_amount,
 * contribute_source, contribute_submit, contribute_back) with the earlier choices in hidden fields,
 * so the drawer works without JavaScript: the route opens it (/initiative/{slug}/contribute) and
 * the action's answer says which step comes next. With JavaScript the first steps move in the
 * browser and only the final submit posts. The Idempotency-Key is made once per drawer session, when
 * the details step first renders, and travels in a hidden field: a double click or a retry sends
 * the same key, and the API records one contribution.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { acceptsContributions } from "~/domain/initiatives";
import { DONATION_INTENTS, isDonationResult } from "~/domain/donation";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import { Alert } from "~/components/ui/alert";
import { Drawer } from "~/components/ui/drawer";
import { AmountStep, SourceStep } from "./choice-steps";
import { DetailsStep } from "./details-step";
import { StepFooter } from "./step-footer";
import { BACK_FORM_ID, Carried, PREVIOUS, STEP_NUMBER, type DonationDrawerProps, type State, type StepProps } from "./step-parts";
import { SuccessStep } from "./success-step";

export type { DonationDrawerProps } from "./step-parts";

const initialState = (): State => ({
  step: "amount",
  amount: 0,
  source: null,
  key: null,
  comment: "",
  anonymous: false,
  fields: {},
  error: null,
  contribution: null,
});

export function DonationDrawer(props: DonationDrawerProps) {
  const { initiative, open, onOpenChange, closeHref } = props;
  const { t } = useTranslation("donation");
  const hydrated = useHydrated();
  const result = isDonationResult(props.actionData) ? props.actionData.donation : null;
  const [state, setState] = useState<State>(() => result ?? initialState());

  // A new drawer session each time it opens: a new amount, source and Idempotency-Key.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) setState(initialState());
    wasOpen.current = open;
  }, [open]);

  // The action's answer (a submit with JavaScript, or any step without) decides the step.
  const applied = useRef(props.actionData);
  useEffect(() => {
    if (props.actionData === applied.current) return;
    applied.current = props.actionData;
    if (isDonationResult(props.actionData)) setState(props.actionData.donation);
  }, [props.actionData]);

  const body = <DonationSteps {...props} state={state} setState={setState} hydrated={hydrated} />;
  const title = state.step === "success" ? t("donation_success_title") : t("donation_title");
  const description = initiative.title;

  // Before hydration (and without JavaScript) the Drawer is a panel in the page, each step a form.
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeHref={closeHref}
      footer={<StepFooter {...props} state={state} setState={setState} hydrated={hydrated} />}
    >
      {body}
    </Drawer>
  );
}

function DonationSteps(props: StepProps) {
  const { initiative, state } = props;
  const { t } = useTranslation("donation");
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const lastStep = useRef(state.step);
  // Keyboard and screen-reader users land on the new step's heading when the step changes.
  useEffect(() => {
    if (lastStep.current !== state.step) stepHeading.current?.focus();
    lastStep.current = state.step;
  }, [state.step]);

  if (state.step !== "success" && !acceptsContributions(initiative, Date.now())) {
    return <Alert variant="info">{t("donation_not_accepting")}</Alert>;
  }
  const heading = (text: string) => (
    <div className="mb-4">
      {state.step !== "success" ? (
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("donation_step_of", { step: STEP_NUMBER[state.step], total: 3 })}</p>
      ) : null}
      <h3 ref={stepHeading} tabIndex={-1} className="text-base font-semibold outline-none">
        {text}
      </h3>
    </div>
  );
  return (
    <div>
      {state.step === "amount" ? <AmountStep {...props} heading={heading(t("donation_amount_title"))} /> : null}
      {state.step === "source" ? <SourceStep {...props} heading={heading(t("donation_source_title"))} /> : null}
      {state.step === "details" ? <DetailsStep {...props} heading={heading(t("donation_details_title"))} /> : null}
      {state.step === "success" ? <SuccessStep {...props} heading={heading(t("donation_success_heading"))} /> : null}
      {PREVIOUS[state.step] ? (
        <Form id={BACK_FORM_ID} method="post" preventScrollReset className="hidden">
          <input type="hidden" name="intent" value={DONATION_INTENTS.back} />
          <input type="hidden" name="step" value={PREVIOUS[state.step]} />
          <Carried state={state} />
        </Form>
      ) : null}
    </div>
  );
}

