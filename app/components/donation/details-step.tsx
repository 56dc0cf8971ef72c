/** The details step of the contribution drawer: what to do for the source chosen, comment, anonymity, and the submit (or PayPal). */
import { Form, useFetcher, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { commentSchema, COMMENT_MAX_LENGTH } from "~/domain/initiatives";
import { DONATION_INTENTS, donationDetailsFormSchema, isDonationResult, newIdempotencyKey, type DonationResult } from "~/domain/donation";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { usePending } from "~/lib/pending";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Carried, problem, useFieldMessage, useMoney, useStepForm, type StepProps } from "./step-parts";
import { TransferDetails } from "./transfer-details";

const PayPalButtons = lazy(() => import("./paypal-buttons"));

export function DetailsStep(props: StepProps & { heading: ReactNode }) {
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

  const form = useStepForm(donationDetailsFormSchema);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A second click before React re-renders the disabled button: the first is on its way.
    if (pending.current || !state.key) {
      if (hydrated) event.preventDefault();
      return;
    }
    // conform checks the details schema (the action's) and cancels the submit, showing why, when it fails.
    form.props.onSubmit(event);
    if (!event.defaultPrevented) pending.current = true;
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
  const fieldKey = (name: string) => form.error(name) ?? state.fields[name];
  const otherFields = ["amount", "source", "order_id"].flatMap((name) => (fieldKey(name) ? [fieldMessage(fieldKey(name)!)] : []));
  // The comment is checked as typed too: the counter turns red with the limit's message.
  const commentProblem = problem(commentSchema, state.comment) ?? fieldKey("comment");
  // invalid_input and validation_error come with field messages, shown instead of the code's.
  const apiError = state.error && !(otherFields.length && ["invalid_input", "validation_error"].includes(state.error)) ? t([`donation_error_${state.error}`, "donation_error_default"]) : null;
  return (
    <Form ref={formRef} {...form.props} method="post" preventScrollReset onSubmit={onSubmit} className="flex flex-col gap-4">
      {heading}
      <input type="hidden" name="intent" value={DONATION_INTENTS.submit} />
      <Carried state={state} />
      <p className="text-sm">
        {/* One sentence per way of giving: "by {{source}}" read "You give €12.50 by In person". */}
        {t(state.source ? [`donation_details_summary_${state.source}`, "donation_amount_selected"] : "donation_amount_selected", { amount: money(state.amount) })}
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

