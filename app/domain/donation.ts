/**
 * What the donation drawer and its server steps share (SPEC.md sections 2, 4, 5, 9): the steps, the
 * answer the route's action gives for a donation form, and the small pure helpers the drawer shows
 * its decisions with. Browser-safe: no server imports.
 */
import * as v from "valibot";
import { FormCheckbox } from "~/domain/form-values";
import {
  amountSchema,
  commentSchema,
  DONATION_SOURCES,
  parseAmount,
  type Contribution,
  type Currency,
  type DonationParams,
  type DonationSource,
  type Initiative,
} from "~/domain/initiatives";

export const DONATION_STEPS = ["amount", "source", "details", "success"] as const;
export type DonationStep = (typeof DONATION_STEPS)[number];

/** The intents the detail route hands to contributeAction (they all start with "contribute"). */
export const DONATION_INTENTS = {
  amount: "contribute_amount",
  source: "contribute_source",
  submit: "contribute_submit",
  back: "contribute_back",
  /** PayPal buttons: the API creates the order for the drawer's amount (POST .../contribution/paypal/order). */
  paypalOrder: "contribute_paypal_order",
} as const;

/**
 * The step forms, one schema each for the drawer (conform, app/lib/schema-form.ts) and the route's
 * action: what each form posts, as strings, and what the step takes from it.
 */

/** The amount step: the free field when filled (in the member's locale, hidden field `locale`), else the quick amount chosen. */
export const donationAmountFormSchema = v.pipe(
  v.object({
    amount_custom: v.optional(v.string(), ""),
    amount_fixed: v.optional(v.string(), ""),
    locale: v.optional(v.string(), ""),
  }),
  v.transform(({ amount_custom, amount_fixed, locale }) =>
    amount_custom.trim() ? parseAmount(amount_custom, locale || "en-US") : Number(amount_fixed) || 0,
  ),
  amountSchema,
);

// A missing source (no radio ticked sends nothing) goes through the picklist as "", for its own message.
const sourceField = v.pipe(
  v.optional(v.string(), ""),
  v.picklist(DONATION_SOURCES, "donation_error_source_required"),
);

/** The source step: one of the sources (the earlier amount travels along and is checked again). */
export const donationSourceFormSchema = v.object({ source: sourceField });

/**
 * The details step, the one that records the contribution: the carried amount and source, the
 * comment (refused past its limit, never cut), anonymity and, for PayPal, the approved order. The
 * output is the body of POST {org}/initiative/{slug}/contribution.
 */
export const donationDetailsFormSchema = v.pipe(
  v.object({
    amount: v.pipe(
      v.optional(v.string(), ""),
      v.transform((text) => (text.trim() ? Number(text) : 0)),
      amountSchema,
    ),
    source: sourceField,
    comment: commentSchema,
    anonymous: FormCheckbox,
    order_id: v.optional(v.string(), ""),
  }),
  v.forward(
    v.check(({ source, order_id }) => source !== "paypal" || order_id.trim() !== "", "donation_error_paypal_required"),
    ["order_id"],
  ),
  v.transform(({ amount, source, comment, anonymous, order_id }) => ({
    value: amount,
    source,
    // The API's body types the parameters as named values (contributionSchema): one type for both.
    params: (source === "paypal" ? { order_id: order_id.trim() } : {}) as Record<string, string>,
    anonymous,
    comment: comment || null,
  })),
);

/** Which PayPal the page talks to: the real JS SDK, or the local fake the API's fake provider accepts. */
export type PaymentProviderMode = "paypal" | "fake";

/**
 * The answer of a donation form: where the drawer stands after it. Without JavaScript every step is
 * a post, so this carries the whole state (amount, source, the Idempotency-Key); with JavaScript
 * only the final submit posts and the drawer takes the step, errors and contribution from it.
 */
export interface DonationResult {
  donation: {
    step: DonationStep;
    /** Major units, 0 when none yet. */
    amount: number;
    source: DonationSource | null;
    /** The Idempotency-Key of this drawer session, created when the details step first renders. */
    key: string | null;
    comment: string;
    anonymous: boolean;
    /** Field -> message key (amount, source, comment, order_id). */
    fields: Record<string, string>;
    /** The API's error code, when the contribution was refused. */
    error: string | null;
    contribution: Contribution | null;
    /** The PayPal order created for the buttons (intent contribute_paypal_order). */
    order_id?: string | null;
  };
}

export function isDonationResult(value: unknown): value is DonationResult {
  if (!value || typeof value !== "object" || !("donation" in value)) return false;
  const donation = (value as { donation: unknown }).donation;
  return !!donation && typeof donation === "object" && DONATION_STEPS.includes((donation as { step: DonationStep }).step);
}

/** The sources the member may choose: the initiative's, PayPal only with a PayPal client id. */
export function availableSources(params: Pick<DonationParams, "sources" | "paypal_clientid"> | null): DonationSource[] {
  if (!params) return [];
  return DONATION_SOURCES.filter((source) => params.sources.includes(source) && (source !== "paypal" || !!params.paypal_clientid));
}

export const donationCurrency = (initiative: Pick<Initiative, "donation_params">, fallback?: string | null): Currency =>
  initiative.donation_params?.currency ?? (fallback === "BRL" ? "BRL" : "EUR");

/** Money in the member's locale: no decimals for whole amounts, two otherwise. */
export function formatMoney(value: number, currency: string, locale: string): string {
  const whole = Number.isInteger(value);
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${value.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

/**
 * The free field's text as the drawer takes it (issue 28, section 5): the amount (0 while there is
 * none or it is refused) and, when text was typed but refused, the message key saying why (over
 * MAX_CONTRIBUTION, a negative, mistyped or over-precise amount), the same one amountSchema gives
 * the action. The drawer shows that reason at the field and keeps Next usable, so an amount
 * over the limit never just disables Next.
 */
export function typedAmount(text: string, locale: string): { amount: number; refused: string | null } {
  if (!text.trim()) return { amount: 0, refused: null };
  const result = v.safeParse(amountSchema, parseAmount(text, locale));
  return result.success ? { amount: result.output, refused: null } : { amount: 0, refused: result.issues[0].message };
}

/** An amount as the free field shows it in the locale (12.5 -> "12,50" in es-ES); empty for 0. */
export function amountFieldText(value: number, separator: "," | "."): string {
  if (!value) return "";
  return (Number.isInteger(value) ? String(value) : value.toFixed(2)).replace(".", separator);
}

export interface TransferLine {
  /** Translation key of the label (donation namespace). */
  label: string;
  value: string;
  /** Long values (guidelines) are shown as a paragraph, without a copy button. */
  copyable: boolean;
}

/**
 * The transfer details to show: the Brazilian set (bank, agency, account, CPF, CNPJ, guidelines)
 * for organisations of region BR, else bank name, recipient, IBAN, SWIFT and concept. Empty values
 * are left out.
 */
export function transferLines(params: DonationParams | null, region: string | null | undefined): TransferLine[] {
  if (!params) return [];
  const br = params.br_transfer;
  const lines: [string, string | null | undefined, boolean][] =
    region?.toUpperCase() === "BR" && br
      ? [
          ["donation_br_bank", br.bank, true],
          ["donation_br_agency", br.agency, true],
          ["donation_br_account", br.account, true],
          ["donation_br_cpf", br.cpf, true],
          ["donation_br_cnpj", br.cnpj, true],
          ["donation_br_guidelines", br.guidelines, false],
        ]
      : [
          ["donation_transfer_bank_name", params.transfer_bank_name, true],
          ["donation_transfer_recipient", params.transfer_recipient, true],
          ["donation_transfer_iban", params.transfer_iban, true],
          ["donation_transfer_swift", params.transfer_swift, true],
          ["donation_transfer_concept", params.transfer_concept, true],
        ];
  return lines.filter(([, value]) => !!value?.trim()).map(([label, value, copyable]) => ({ label, value: value!.trim(), copyable }));
}

/**
 * A fresh Idempotency-Key: crypto.randomUUID where the page is a secure context, else a UUID v4
 * from getRandomValues (plain-http custom hosts in development).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The API's bounds on an Idempotency-Key (one definition: app/domain/tokens.ts). */
export { isIdempotencyKey } from "./tokens";
