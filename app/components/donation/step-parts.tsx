/**
 * What the contribution drawer's steps share (donation-drawer.tsx): the drawer's props and state,
 * the step forms' ids, money formatting, instant checks and the choices each form carries for the
 * member without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import * as v from "valibot";
import { useSchemaForm } from "~/lib/schema-form";
import { donationCurrency, formatMoney, type DonationResult, type DonationStep, type PaymentProviderMode } from "~/domain/donation";
import { MAX_CONTRIBUTION, type Initiative } from "~/domain/initiatives";
import { useTranslation } from "~/i18n/react";

export interface DonationDrawerProps {
  initiative: Initiative;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The organisation in use: region BR shows the Brazilian transfer set; its currency is the fallback. */
  organization: { region: string | null; currency?: string | null };
  /** The route's useActionData(): the drawer reads its own answers (`{ donation: ... }`) and ignores others. */
  actionData?: unknown;
  /** The member's locale (amount separator, money format). */
  locale: string;
  /** Which PayPal buttons to show (paymentProviderMode() in the loader); none: PayPal is not offered. */
  paymentProvider?: PaymentProviderMode | null;
  /** Where "close" leads without JavaScript (the detail page). */
  closeHref: string;
}

export type State = DonationResult["donation"];

export const STEP_NUMBER: Record<DonationStep, number> = { amount: 1, source: 2, details: 3, success: 3 };
export const PREVIOUS: Partial<Record<DonationStep, DonationStep>> = { source: "amount", details: "source" };

export interface StepProps extends DonationDrawerProps {
  state: State;
  setState: (update: (state: State) => State) => void;
  hydrated: boolean;
}

export const FORM_ID = "donation-step-form";
/** The free amount field; its error is `${AMOUNT_FIELD_ID}-error` (components/ui/field.tsx). */
export const AMOUNT_FIELD_ID = "donation-amount";
export const BACK_FORM_ID = "donation-back";

export function useMoney(props: Pick<DonationDrawerProps, "initiative" | "organization" | "locale">) {
  const currency = donationCurrency(props.initiative, props.organization.currency);
  return { currency, money: (value: number) => formatMoney(value, currency, props.locale) };
}

/** The first message of a schema for `input`, or null when it passes (the drawer's instant feedback). */
export function problem(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0].message;
}

/** A field's message key translated, with the limits the messages name. */
export function useFieldMessage(props: Pick<DonationDrawerProps, "initiative" | "organization" | "locale">) {
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  return (key: string) => t(key, { max: money(MAX_CONTRIBUTION) });
}

/** The state every step's form carries for the member without JavaScript. */
export function Carried({ state, except = [] }: { state: State; except?: string[] }) {
  const values: Record<string, string> = {
    amount: state.amount ? String(state.amount) : "",
    source: state.source ?? "",
    idempotency_key: state.key ?? "",
  };
  return (
    <>
      {Object.entries(values)
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** A step form's conform props and browser errors: checked with the same schema as the action's (app/domain/donation.ts). */
export const useStepForm = (schema: v.GenericSchema, options: { field?: (path: string) => string; shouldValidate?: "onSubmit" | "onInput" } = {}) =>
  useSchemaForm(schema, { id: FORM_ID, serverChecksOnly: true, ...options });

/**
 * The form of the amount or source step: it posts its intent with the earlier choices (without
 * JavaScript), or, checked by its schema in the browser, moves to the next step there.
 */
export function ChoiceStepForm({
  step,
  form,
  intent,
  next,
  carried,
  heading,
  children,
}: {
  step: StepProps;
  /** The step's useStepForm(). */
  form: ReturnType<typeof useStepForm>;
  intent: string;
  next: DonationStep;
  carried: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!step.hydrated) return;
    // conform checks the step's schema and cancels the submit, showing why, when it fails.
    form.props.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    step.setState((state) => ({ ...state, step: next, fields: {}, error: null }));
  };
  return (
    <Form {...form.props} method="post" preventScrollReset onSubmit={onSubmit}>
      {heading}
      <input type="hidden" name="intent" value={intent} />
      <Carried state={step.state} except={[carried]} />
      {children}
    </Form>
  );
}

