/** The amount and source steps of the contribution drawer: each a choice, moved in the browser or posted. */
import { useState, type ReactNode } from "react";
import { decimalSeparator, fixedAmounts, MAX_CONTRIBUTION, normalizeAmountInput, type DonationSource } from "~/domain/initiatives";
import { amountFieldText, availableSources, DONATION_INTENTS, donationAmountFormSchema, donationSourceFormSchema, typedAmount } from "~/domain/donation";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { Field } from "~/components/ui/field";
import { AMOUNT_FIELD_ID, ChoiceStepForm, useFieldMessage, useMoney, useStepForm, type StepProps } from "./step-parts";

// The amount schema's issues are about the amount as a whole (no path): the free field shows them.
const amountInput = () => "amount_custom";

export function AmountStep(props: StepProps & { heading: ReactNode }) {
  const { state, setState, locale, heading } = props;
  const { t } = useTranslation("donation");
  const { currency, money } = useMoney(props);
  const separator = decimalSeparator(locale);
  const quick = fixedAmounts(currency);
  // The free field holds text in the member's format; a quick amount clears it and the other way round.
  const [custom, setCustom] = useState(() => (state.amount && !quick.includes(state.amount) ? amountFieldText(state.amount, separator) : ""));
  const fixed = !custom && quick.includes(state.amount) ? state.amount : null;
  // A refused typed amount is kept as the step's field error (not only conform's), so its reason
  // shows at the field however it was entered, and Next stays usable to say it again (StepFooter).
  const setAmount = (amount: number, refused: string | null = null) => {
    const fields: Record<string, string> = refused ? { amount: refused } : {};
    setState((s) => ({ ...s, amount, fields, error: null }));
  };
  const fieldMessage = useFieldMessage(props);
  // What the member types is checked as typed (the step's schema, as the action checks it): a refused amount shows why and is never taken.
  const form = useStepForm(donationAmountFormSchema, { field: amountInput, shouldValidate: "onInput" });
  const errorKey = form.error("amount_custom") ?? state.fields.amount;
  const error = errorKey ? fieldMessage(errorKey) : null;
  return (
    <ChoiceStepForm step={props} form={form} intent={DONATION_INTENTS.amount} next="source" carried="amount" heading={heading}>
      <input type="hidden" name="locale" value={locale} />
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">{t("donation_amount_title")}</legend>
        <div role="radiogroup" aria-label={t("donation_amount_quick")} className="grid grid-cols-3 gap-2">
          {quick.map((value) => (
            <label
              key={value}
              className={cn(
                "flex h-12 cursor-pointer items-center justify-center rounded-md border border-input bg-card text-base font-semibold",
                "has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-foreground",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
              )}
            >
              <input
                type="radio"
                name="amount_fixed"
                value={value}
                className="sr-only"
                checked={fixed === value}
                onChange={() => {
                  setCustom("");
                  setAmount(value);
                }}
              />
              {money(value)}
            </label>
          ))}
        </div>
        <Field
          id={AMOUNT_FIELD_ID}
          name="amount_custom"
          label={t("donation_amount_other", { currency })}
          hint={`${t("donation_amount_limit", { max: money(MAX_CONTRIBUTION) })} ${t("donation_amount_hint", { example: `25${separator}50` })}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={`0${separator}00`}
          value={custom}
          onChange={(event) => {
            const text = normalizeAmountInput(event.target.value, locale);
            const typed = typedAmount(text, locale);
            setCustom(text);
            setAmount(typed.amount, typed.refused);
          }}
          error={error}
        />
        <p aria-live="polite" className="text-sm">
          {state.amount > 0 ? t("donation_amount_selected", { amount: money(state.amount) }) : null}
        </p>
      </fieldset>
    </ChoiceStepForm>
  );
}

const SOURCE_ICONS: Record<DonationSource, string> = { transfer: "🏦", inhand: "🤝", external: "🔗", paypal: "💳" };

export function SourceStep(props: StepProps & { heading: ReactNode }) {
  const { state, setState, initiative, paymentProvider, heading } = props;
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  const sources = availableSources(initiative.donation_params).filter((source) => source !== "paypal" || !!paymentProvider);
  const form = useStepForm(donationSourceFormSchema);
  const errorKey = form.error("source") ?? state.fields.source;
  const error = errorKey ? t(errorKey) : null;
  return (
    <ChoiceStepForm step={props} form={form} intent={DONATION_INTENTS.source} next="details" carried="source" heading={heading}>
      <p className="mb-3 text-sm text-muted-foreground">{t("donation_amount_selected", { amount: money(state.amount) })}</p>
      <fieldset aria-describedby={error ? "donation-source-error" : undefined}>
        <legend className="sr-only">{t("donation_source_title")}</legend>
        <div className="flex flex-col gap-2">
          {sources.map((source) => (
            <label
              key={source}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border border-input bg-card p-3",
                "has-[:checked]:border-brand has-[:checked]:ring-1 has-[:checked]:ring-brand",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              )}
            >
              <input
                type="radio"
                name="source"
                value={source}
                checked={state.source === source}
                onChange={() => setState((s) => ({ ...s, source, fields: {} }))}
                className="mt-1 h-4 w-4 accent-[var(--color-brand)]"
              />
              <span aria-hidden="true">{SOURCE_ICONS[source]}</span>
              <span className="flex flex-col">
                <span className="font-medium">{t(`donation_source_${source}`)}</span>
                <span className="text-sm text-muted-foreground">{t(`donation_source_${source}_hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id="donation-source-error" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </ChoiceStepForm>
  );
}

