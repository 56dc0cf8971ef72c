/**
 * The donation drawer's server side (SPEC.md sections 2, 4, 5, 7): the steps of a member without
 * JavaScript (each step is a post carrying the earlier choices in hidden fields) and the final
 * POST {org}/initiative/{slug}/contribution with the drawer session's Idempotency-Key, so a double
 * click or a retry never records twice. Free of the Remix runtime: it answers
 * `{ status, result }` and the detail route wraps it.
 */
import * as v from "valibot";
import { amountSchema } from "~/domain/initiatives";
import {
  DONATION_INTENTS,
  donationAmountFormSchema,
  donationDetailsFormSchema,
  donationSourceFormSchema,
  isIdempotencyKey,
  newIdempotencyKey,
  type DonationResult,
  type DonationStep,
  type PaymentProviderMode,
} from "~/domain/donation";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";
import { fieldErrors } from "~/domain/field-errors";
import { parseForm } from "~/domain/form-values";

export type { DonationResult };

const contributionParam = (org: string, slug: string) => ({ org: pathParam(org), slug: pathParam(slug) });

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The API's contribution field names, as the drawer's fields are called. */
const FIELD_NAMES: Record<string, string> = { value: "amount", "params.order_id": "order_id", params: "order_id" };

const drawerField = (path: string) => FIELD_NAMES[path] ?? FIELD_NAMES[path.split(".")[0]] ?? path;

function apiFields(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, message]) => [drawerField(name), message]));
}

/**
 * One donation form of the detail page (intents contribute_amount, contribute_source,
 * contribute_submit, contribute_back, and contribute_paypal_order from the PayPal buttons). 400 with field errors when a step's input is refused; the
 * API's status when it refuses the contribution; 201 with the contribution on success (200 when
 * the same Idempotency-Key was seen before: the first contribution, recorded once).
 */
export async function contributeAction(args: ApiArgs, slug: string, form: FormData): Promise<{ status: number; result: DonationResult }> {
  const intent = text(form, "intent");
  const chosenSource = parseForm(donationSourceFormSchema, form);
  const state: DonationResult["donation"] = {
    step: "amount",
    amount: Number(text(form, "amount")) || 0,
    source: chosenSource.ok ? chosenSource.value.source : null,
    key: isIdempotencyKey(text(form, "idempotency_key")) ? text(form, "idempotency_key") : null,
    // Kept whole: a comment past COMMENT_MAX_LENGTH is refused by donationDetailsFormSchema, never cut.
    comment: String(form.get("comment") ?? ""),
    anonymous: form.get("anonymous") === "on" || form.get("anonymous") === "true",
    fields: {},
    error: null,
    contribution: null,
  };
  const answer = (status: number, step: DonationStep, extra: Partial<DonationResult["donation"]> = {}) => ({
    status,
    result: { donation: { ...state, step, ...extra } },
  });

  switch (intent) {
    case DONATION_INTENTS.amount: {
      const amount = parseForm(donationAmountFormSchema, form, { root: "amount" });
      if (!amount.ok) return answer(400, "amount", { amount: 0, fields: amount.errors });
      return answer(200, "source", { amount: amount.value });
    }
    case DONATION_INTENTS.source: {
      const amount = v.safeParse(amountSchema, state.amount);
      if (!amount.success) return answer(400, "amount", { fields: fieldErrors(amount.issues, { root: "amount" }) });
      if (!chosenSource.ok) return answer(400, "source", { fields: chosenSource.errors });
      // The drawer session's key: made once, when the details step is first shown, then carried along.
      return answer(200, "details", { key: state.key ?? newIdempotencyKey() });
    }
    case DONATION_INTENTS.back: {
      const target = text(form, "step") as DonationStep;
      return answer(200, target === "source" || target === "details" ? target : "amount");
    }
    case DONATION_INTENTS.submit:
      return submitContribution(args, slug, form, state, answer);
    case DONATION_INTENTS.paypalOrder: {
      const amount = v.safeParse(amountSchema, state.amount);
      if (!amount.success) return answer(400, "details", { fields: fieldErrors(amount.issues, { root: "amount" }) });
      const org = await memberOrgSlug(args);
      const created = await memberCall(args, (api) =>
        api.api[":org"].initiative[":slug"].contribution.paypal.order.$post({ param: contributionParam(org, slug), json: { value: amount.output } }),
      );
      if (created.ok) return answer(201, "details", { order_id: created.data.order_id });
      return answer(created.status, "details", { error: created.error.error, fields: apiFields(created.error.fields) });
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

async function submitContribution(
  args: ApiArgs,
  slug: string,
  form: FormData,
  state: DonationResult["donation"],
  answer: (status: number, step: DonationStep, extra?: Partial<DonationResult["donation"]>) => { status: number; result: DonationResult },
) {
  const parsed = parseForm(donationDetailsFormSchema, form);
  if (!parsed.ok) {
    const fields = parsed.errors;
    return answer(400, fields.amount ? "amount" : fields.source ? "source" : "details", { fields });
  }
  // A form without a key (never from the drawer) still gets one, so the API can take it.
  const key = state.key ?? newIdempotencyKey();
  const org = await memberOrgSlug(args);
  const result = await memberCall(
    args,
    (api) => api.api[":org"].initiative[":slug"].contribution.$post({ param: contributionParam(org, slug), json: parsed.value }),
    { headers: { "idempotency-key": key } },
  );
  if (result.ok) return answer(result.status, "success", { key, contribution: result.data });
  const fields = apiFields(result.error.fields);
  return answer(result.status, "details", { key, error: result.error.error, fields });
}

/**
 * Which PayPal the page shows: the real JS SDK when the API has PayPal credentials, the local fake
 * (accepted by the API's fake provider) in development and tests, none in production without them.
 * Decided by workers/payments, the same code that captures the order.
 */
export function paymentProviderMode(args: Pick<ApiArgs, "context">): PaymentProviderMode | null {
  return args.context.paymentProvider;
}
