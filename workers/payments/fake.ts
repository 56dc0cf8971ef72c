/**
 * A local stand-in for PayPal, used when no PayPal secret is configured outside production
 * (development, tests, the browser tests' donation flow). It keeps no state: the order ids it
 * issues carry their amount, `FAKE-EUR-1050-8F3K2Q9Z`, so capture can check the amount the same
 * way the real adapter does. Ids it did not issue are unknown orders. An order whose last part
 * is DECLINED is declined at capture, to exercise that path.
 */
import type { Currency } from "../../app/domain/initiatives";
import type { PaymentProvider } from "./provider";

const FAKE_ORDER = /^FAKE-(EUR|BRL)-(\d{1,9})-([A-Z0-9]{4,20})$/;

export function fakeOrderId(currency: Currency, amountMinor: number, nonce?: string) {
  const random = nonce ?? [...crypto.getRandomValues(new Uint8Array(8))].map((b) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[b % 32]).join("");
  return `FAKE-${currency}-${amountMinor}-${random}`;
}

export const fakePaymentProvider: PaymentProvider = {
  name: "fake",
  async createOrder(amount) {
    return { ok: true, orderId: fakeOrderId(amount.currency, amount.amountMinor) };
  },
  async captureOrder(orderId, expected, requestId) {
    const match = FAKE_ORDER.exec(orderId);
    if (!match) return { ok: false, reason: "order_not_found" };
    if (match[1] !== expected.currency || Number(match[2]) !== expected.amountMinor) return { ok: false, reason: "amount_mismatch" };
    if (match[3] === "DECLINED") return { ok: false, reason: "capture_declined" };
    return { ok: true, captureId: `FAKE-CAPTURE-${match[3]}-${requestId.slice(0, 12)}`, status: "completed" };
  },
};
