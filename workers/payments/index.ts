/**
 * Which payment provider answers: PayPal when PAYPAL_CLIENT_ID and PAYPAL_SECRET are set; else,
 * outside production, the local fake; else none (PayPal contributions answer 503).
 */
import { getConfig } from "../lib/config";
import { fakePaymentProvider } from "./fake";
import { createPayPalProvider } from "./paypal";
import type { PaymentProvider } from "./provider";

export type { PaymentFailure, PaymentProvider } from "./provider";

export function paymentProvider(env: Env): PaymentProvider | null {
  const config = getConfig(env);
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_SECRET) {
    return createPayPalProvider({
      clientId: config.PAYPAL_CLIENT_ID,
      secret: config.PAYPAL_SECRET,
      environment: config.PAYPAL_ENVIRONMENT ?? (config.ENVIRONMENT === "production" ? "live" : "sandbox"),
    });
  }
  return config.ENVIRONMENT === "production" ? null : fakePaymentProvider;
}
