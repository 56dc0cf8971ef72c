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
import { Form, Link, useFetcher, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import * as v from "valibot";
import {
  acceptsContributions,
  amountSchema,
  commentSchema,
  COMMENT_MAX_LENGTH,
  decimalSeparator,
  fixedAmounts,
  MAX_CONTRIBUTION,
  normalizeAmountInput,
  parseAmount,
  type DonationSource,
  type Initiative,
} from "~/domain/initiatives";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Drawer } from "~/components/ui/drawer";
import { Field } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { CopyButton } from "./copy-button";
import {
  amountFieldText,
  availableSources,
  DONATION_INTENTS,
  donationCurrency,
  formatMoney,
  isDonationResult,
  newIdempotencyKey,
  transferLines,
  type DonationResult,
  type DonationStep,
  type PaymentProviderMode,
} from "~/domain/donation";
import { usePending } from "~/lib/pending";

const PayPalButtons = lazy(() => import("./paypal-buttons"));

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

type State = DonationResult["donation"];

const STEP_NUMBER: Record<DonationStep, number> = { amount: 1, source: 2, details: 3, success: 3 };
const PREVIOUS: Partial<Record<DonationStep, DonationStep>> = { source: "amount", details: "source" };

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

interface StepProps extends DonationDrawerProps {
  state: State;
  setState: (update: (state: State) => State) => void;
  hydrated: boolean;
}

const FORM_ID = "donation-step";
const BACK_FORM_ID = "donation-back";

function useMoney(props: Pick<DonationDrawerProps, "initiative" | "organization" | "locale">) {
  const currency = donationCurrency(props.initiative, props.organization.currency);
  return { currency, money: (value: number) => formatMoney(value, currency, props.locale) };
}

/** The first message of a schema for `input`, or null when it passes (the drawer's instant feedback). */
function problem(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0].message;
}

/** A field's message key translated, with the limits the messages name. */
function useFieldMessage(props: Pick<DonationDrawerProps, "initiative" | "organization" | "locale">) {
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  return (key: string) => t(key, { max: money(MAX_CONTRIBUTION) });
}

/** The state every step's form carries for the member without JavaScript. */
function Carried({ state, except = [] }: { state: State; except?: string[] }) {
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

/**
 * The form of the amount or source step: it posts its intent with the earlier choices (without
 * JavaScript), or moves to the next step in the browser when its choice is made.
 */
function ChoiceStepForm({
  step,
  intent,
  next,
  ready,
  carried,
  heading,
  children,
}: {
  step: StepProps;
  intent: string;
  next: DonationStep;
  ready: boolean;
  carried: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    if (!step.hydrated) return;
    event.preventDefault();
    if (ready) step.setState((state) => ({ ...state, step: next, fields: {}, error: null }));
  };
  return (
    <Form id={FORM_ID} method="post" preventScrollReset noValidate onSubmit={onSubmit}>
      {heading}
      <input type="hidden" name="intent" value={intent} />
      <Carried state={step.state} except={[carried]} />
      {children}
    </Form>
  );
}

function AmountStep(props: StepProps & { heading: ReactNode }) {
  const { state, setState, locale, heading } = props;
  const { t } = useTranslation("donation");
  const { currency, money } = useMoney(props);
  const separator = decimalSeparator(locale);
  const quick = fixedAmounts(currency);
  // The free field holds text in the member's format; a quick amount clears it and the other way round.
  const [custom, setCustom] = useState(() => (state.amount && !quick.includes(state.amount) ? amountFieldText(state.amount, separator) : ""));
  const fixed = !custom && quick.includes(state.amount) ? state.amount : null;
  const setAmount = (amount: number) => setState((s) => ({ ...s, amount, fields: {}, error: null }));
  const fieldMessage = useFieldMessage(props);
  // What the member typed is checked as typed: a refused amount shows why and is never taken.
  const typedProblem = custom ? problem(amountSchema, parseAmount(custom, locale)) : null;
  const errorKey = typedProblem ?? state.fields.amount;
  const error = errorKey ? fieldMessage(errorKey) : null;
  return (
    <ChoiceStepForm step={props} intent={DONATION_INTENTS.amount} next="source" ready={state.amount > 0} carried="amount" heading={heading}>
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
          id="donation-amount"
          name="amount_custom"
          label={t("donation_amount_other", { currency })}
          hint={t("donation_amount_hint", { example: `25${separator}50` })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={`0${separator}00`}
          value={custom}
          onChange={(event) => {
            const text = normalizeAmountInput(event.target.value, locale);
            const amount = parseAmount(text, locale);
            setCustom(text);
            setAmount(problem(amountSchema, amount) ? 0 : amount);
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

function SourceStep(props: StepProps & { heading: ReactNode }) {
  const { state, setState, initiative, paymentProvider, heading } = props;
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  const sources = availableSources(initiative.donation_params).filter((source) => source !== "paypal" || !!paymentProvider);
  const error = state.fields.source ? t(state.fields.source) : null;
  return (
    <ChoiceStepForm step={props} intent={DONATION_INTENTS.source} next="details" ready={!!state.source} carried="source" heading={heading}>
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

function TransferDetails(props: Pick<DonationDrawerProps, "initiative" | "organization">) {
  const { t } = useTranslation("donation");
  const lines = transferLines(props.initiative.donation_params, props.organization.region);
  if (!lines.length) return <p className="text-sm">{t("donation_transfer_missing")}</p>;
  return (
    <dl className="flex flex-col divide-y divide-border rounded-md border border-border">
      {lines.map((line) => (
        <div key={line.label} className="px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(line.label)}</dt>
          <dd className="flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 break-words", line.copyable ? "font-mono text-sm font-medium" : "whitespace-pre-line text-sm")}>{line.value}</span>
            {line.copyable ? <CopyButton value={line.value} label={t(line.label)} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsStep(props: StepProps & { heading: ReactNode }) {
  const { state, setState, initiative, heading, hydrated, paymentProvider, locale } = props;
  const { t } = useTranslation("donation");
  const { currency, money } = useMoney(props);
  const submit = useSubmit();
  const submitting = usePending(DONATION_INTENTS.submit);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  const params = initiative.donation_params;

  // The drawer session's Idempotency-Key, made when this step first renders (the server made it already without JavaScript).
  useEffect(() => {
    if (!state.key) setState((s) => (s.key ? s : { ...s, key: newIdempotencyKey() }));
  }, [state.key, setState]);
  // A new answer (or the end of the submit) lets the button work again.
  useEffect(() => {
    if (!submitting) pending.current = false;
  }, [submitting, state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A second click before React re-renders the disabled button: the first is on its way.
    if (pending.current || !state.key) {
      if (hydrated) event.preventDefault();
      return;
    }
    pending.current = true;
  };
  const createOrder = usePayPalOrder(state.amount, setState);
  const paypalApproved = (orderId: string) => {
    if (!formRef.current || pending.current) return;
    pending.current = true;
    const data = new FormData(formRef.current);
    data.set("order_id", orderId);
    submit(data, { method: "post", preventScrollReset: true });
  };

  const fieldMessage = useFieldMessage(props);
  const otherFields = ["amount", "source", "order_id"].filter((name) => state.fields[name]).map((name) => fieldMessage(state.fields[name]));
  const commentProblem = problem(commentSchema, state.comment) ?? state.fields.comment;
  // invalid_input and validation_error come with field messages, shown instead of the code's.
  const apiError = state.error && !(otherFields.length && ["invalid_input", "validation_error"].includes(state.error)) ? t([`donation_error_${state.error}`, "donation_error_default"]) : null;
  return (
    <Form ref={formRef} id={FORM_ID} method="post" preventScrollReset noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {heading}
      <input type="hidden" name="intent" value={DONATION_INTENTS.submit} />
      <Carried state={state} />
      <p className="text-sm">
        {t("donation_details_summary", { amount: money(state.amount), source: state.source ? t(`donation_source_${state.source}`) : "" })}
      </p>
      {state.source === "transfer" ? (
        <>
          <p className="text-sm text-muted-foreground">{t("donation_transfer_intro")}</p>
          <TransferDetails {...props} />
        </>
      ) : null}
      {state.source === "inhand" ? (
        <p className="whitespace-pre-line rounded-md bg-muted p-3 text-sm">{params?.inhand_instructions || t("donation_inhand_default")}</p>
      ) : null}
      {state.source === "external" && params?.external_url ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t("donation_external_intro")}</p>
          <a href={params.external_url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
            {t("donation_external_link")}
            <span className="sr-only"> {t("donation_opens_new_window")}</span>
          </a>
        </div>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <Label htmlFor="donation-comment">{t("donation_comment")}</Label>
        {/* No maxLength: the browser would cut a pasted comment silently; the counter and the message say it instead. */}
        <textarea
          id="donation-comment"
          name="comment"
          rows={3}
          value={state.comment}
          onChange={(event) => setState((s) => ({ ...s, comment: event.target.value, fields: { ...s.fields, comment: "" } }))}
          aria-invalid={commentProblem ? true : undefined}
          aria-describedby={commentProblem ? "donation-comment-count donation-comment-error" : "donation-comment-count"}
          className="w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <p id="donation-comment-count" className={cn("text-right text-xs", commentProblem ? "font-semibold text-destructive" : "text-muted-foreground")}>
          {t("donation_comment_count", { used: state.comment.trim().length, max: COMMENT_MAX_LENGTH })}
        </p>
        {commentProblem ? (
          <p id="donation-comment-error" role="alert" className="text-sm text-destructive">
            {t(commentProblem)}
          </p>
        ) : null}
      </div>
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          name="anonymous"
          checked={state.anonymous}
          onChange={(event) => setState((s) => ({ ...s, anonymous: event.target.checked }))}
          className="h-5 w-5 accent-[var(--color-brand)]"
        />
        {t("donation_anonymous")}
      </label>

      {apiError || otherFields.length ? (
        <Alert>
          {apiError}
          {otherFields.map((message) => (
            <span key={message} className="block">
              {message}
            </span>
          ))}
        </Alert>
      ) : null}

      {state.source === "paypal" && params?.paypal_clientid && paymentProvider ? (
        hydrated ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">{t("donation_paypal_loading")}</p>}>
            <PayPalButtons
              mode={paymentProvider}
              clientId={params.paypal_clientid}
              currency={currency}
              amount={state.amount}
              locale={locale}
              disabled={submitting || !state.key}
              createOrder={createOrder}
              onApproved={paypalApproved}
            />
          </Suspense>
        ) : (
          <Alert variant="info">{t("donation_paypal_needs_js")}</Alert>
        )
      ) : null}
      {submitting ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("donation_submitting")}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * The PayPal buttons' createOrder: the route's action asks the API for an order of this amount
 * (a fetcher, so the drawer's own step state is untouched); resolves to the order id, or rejects
 * with the API's error shown in the drawer.
 */
function usePayPalOrder(amount: number, setState: StepProps["setState"]) {
  const fetcher = useFetcher<DonationResult>();
  const waiting = useRef<{ resolve: (id: string) => void; reject: (error: Error) => void } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !isDonationResult(fetcher.data)) return;
    const { order_id, error, fields } = fetcher.data.donation;
    const promise = waiting.current;
    waiting.current = null;
    if (order_id) return promise.resolve(order_id);
    setState((s) => ({ ...s, error: error ?? "default", fields }));
    promise.reject(new Error(error ?? "order"));
  }, [fetcher.state, fetcher.data, setState]);
  const submit = fetcher.submit;
  return useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        waiting.current?.reject(new Error("superseded"));
        waiting.current = { resolve, reject };
        setState((s) => ({ ...s, error: null, fields: {} }));
        submit({ intent: DONATION_INTENTS.paypalOrder, amount: String(amount) }, { method: "post" });
      }),
    [amount, setState, submit],
  );
}

function SuccessStep(props: StepProps & { heading: ReactNode }) {
  const { state, heading } = props;
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  const contribution = state.contribution;
  const code = contribution?.confirmation_code;
  const amount = money(contribution?.value ?? state.amount);
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <p role="status">{t(contribution?.anonymous ? "donation_success_anonymous" : "donation_success_body", { amount })}</p>
      {code ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col items-center gap-2 rounded-lg border-2 border-brand bg-muted p-4 text-center">
            <p id="donation-code-label" className="text-sm font-medium">
              {t("donation_code_label")}
            </p>
            <p className="flex items-center gap-2">
              <span aria-describedby="donation-code-label" data-testid="confirmation-code" className="font-mono text-4xl font-bold tracking-[0.2em]">
                {code}
              </span>
              <CopyButton value={code} label={t("donation_code_label")} />
            </p>
            <p className="text-sm">{t("donation_code_hint")}</p>
          </div>
          <TransferDetails {...props} />
        </div>
      ) : null}
      {contribution?.status === "pending" && !code ? <p className="text-sm text-muted-foreground">{t("donation_success_pending")}</p> : null}
    </div>
  );
}

/** The step's buttons, under the scrolling body (Drawer footer); they submit the step's form by id. */
function StepFooter(props: StepProps) {
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
    primary = (
      <Button type="submit" form={FORM_ID} disabled={hydrated && !(state.amount > 0)} className="flex-1">
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
