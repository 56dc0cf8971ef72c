/**
 * The payment provider behind PayPal contributions: the browser approves an order with the
 * provider's buttons, then the API verifies that order (amount and currency) and captures it
 * before recording the contribution. paypal.ts talks to PayPal's REST API; fake.ts stands in for
 * it in development and tests.
 */
import type { Currency } from "../../app/domain/initiatives";

export interface OrderAmount {
  currency: Currency;
  /** Integer minor units, as the database keeps money. */
  amountMinor: number;
}

export type PaymentFailure =
  /** Unknown order id (or one of another merchant). */
  | "order_not_found"
  /** The payer has not approved the order yet. */
  | "order_not_approved"
  /** The order is for another amount or currency than the contribution. */
  | "amount_mismatch"
  /** Someone captured this order before. */
  | "already_captured"
  /** The provider refused the payment (declined card, ...). */
  | "capture_declined"
  /** Network error, 5xx, or bad credentials: try again later. */
  | "provider_unavailable";

export type CaptureOutcome =
  | { ok: true; captureId: string; status: "completed" | "pending" }
  | { ok: false; reason: PaymentFailure };

export interface PaymentProvider {
  readonly name: "paypal" | "fake";
  /** Creates an order for the amount; the browser's buttons then ask the payer to approve it. */
  createOrder(amount: OrderAmount, requestId: string): Promise<{ ok: true; orderId: string } | { ok: false; reason: PaymentFailure }>;
  /**
   * Checks that the order is approved and is for exactly this amount, then captures it. The
   * request id makes a retried capture answer the first result instead of charging twice.
   */
  captureOrder(orderId: string, expected: OrderAmount, requestId: string): Promise<CaptureOutcome>;
}

/** PayPal's order ids: upper-case letters and digits, at most 36 (Orders v2 reference). */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;

/** "10.50" for 1050 minor units: PayPal's amount value for EUR and BRL (two decimals). */
export const majorAmount = (amountMinor: number) => (amountMinor / 100).toFixed(2);
