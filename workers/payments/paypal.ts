/**
 * PayPal's REST API (Orders v2) behind the PaymentProvider interface.
 * - OAuth 2.0 client credentials: POST /v1/oauth2/token with Basic client_id:secret; the token is
 *   cached until shortly before it expires, and dropped on a 401.
 * - POST /v2/checkout/orders creates an order (intent CAPTURE, one purchase unit).
 * - GET /v2/checkout/orders/{id} checks status (APPROVED, or COMPLETED for a retried capture),
 *   intent, currency and amount against the contribution.
 * - POST /v2/checkout/orders/{id}/capture with PayPal-Request-Id (our Idempotency-Key), so a
 *   retried request gets PayPal's first answer instead of a second charge.
 * Sandbox (api-m.sandbox.paypal.com) or live (api-m.paypal.com) by PAYPAL_ENVIRONMENT.
 */
import type { CaptureOutcome, OrderAmount, PaymentFailure, PaymentProvider } from "./provider";
import { PAYPAL_ORDER_ID, majorAmount } from "./provider";

export const PAYPAL_BASE_URLS = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
} as const;

export interface PayPalOptions {
  clientId: string;
  secret: string;
  environment: keyof typeof PAYPAL_BASE_URLS;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  intent?: string;
  purchase_units?: {
    amount?: { currency_code?: string; value?: string };
    payments?: { captures?: { id?: string; status?: string }[] };
  }[];
}

interface PayPalError {
  name?: string;
  details?: { issue?: string }[];
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

class Unavailable extends Error {}

export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  const base = PAYPAL_BASE_URLS[options.environment];
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const cacheKey = `${base} ${options.clientId}`;

  async function accessToken(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${options.clientId}:${options.secret}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    }).catch((error: unknown) => {
      throw new Unavailable(`PayPal token: ${String(error)}`);
    });
    if (!response.ok) throw new Unavailable(`PayPal token: ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Unavailable("PayPal token: no access_token");
    // Renew a minute early so a token never expires between our check and PayPal's.
    tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 });
    return body.access_token;
  }

  /** One call with the bearer token; a 401 renews the token once. Network errors and 5xx are Unavailable. */
  async function call(method: string, path: string, init: { body?: unknown; requestId?: string } = {}): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, accept: "application/json" };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      if (init.requestId) headers["paypal-request-id"] = init.requestId;
      if (method === "POST") headers.prefer = "return=representation";
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      } catch (error) {
        throw new Unavailable(String(error));
      }
      if (response.status === 401 && attempt === 0) {
        tokens.delete(cacheKey);
        continue;
      }
      if (response.status >= 500 || response.status === 401 || response.status === 403 || response.status === 429) {
        throw new Unavailable(`PayPal ${method} ${path}: ${response.status}`);
      }
      return { status: response.status, body: await response.json().catch(() => null) };
    }
  }

  const issues = (body: unknown) => ((body as PayPalError | null)?.details ?? []).map((d) => d.issue);

  async function guarded<T>(work: () => Promise<T>, failure: (reason: PaymentFailure) => T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Unavailable) {
        console.error(JSON.stringify({ level: "error", provider: "paypal", error: error.message }));
        return failure("provider_unavailable");
      }
      throw error;
    }
  }

  return {
    name: "paypal",

    createOrder: (amount: OrderAmount, requestId: string) =>
      guarded<{ ok: true; orderId: string } | { ok: false; reason: PaymentFailure }>(
        async () => {
          const { status, body } = await call("POST", "/v2/checkout/orders", {
            requestId,
            body: { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: amount.currency, value: majorAmount(amount.amountMinor) } }] },
          });
          const id = (body as PayPalOrder | null)?.id;
          if ((status !== 200 && status !== 201) || !id) throw new Unavailable(`PayPal create order: ${status}`);
          return { ok: true, orderId: id };
        },
        (reason) => ({ ok: false, reason }),
      ),

    captureOrder: (orderId: string, expected: OrderAmount, requestId: string) =>
      guarded<CaptureOutcome>(
        async () => {
          if (!PAYPAL_ORDER_ID.test(orderId)) return { ok: false, reason: "order_not_found" };
          const shown = await call("GET", `/v2/checkout/orders/${orderId}`);
          if (shown.status === 404) return { ok: false, reason: "order_not_found" };
          if (shown.status !== 200) throw new Unavailable(`PayPal show order: ${shown.status}`);
          const order = shown.body as PayPalOrder;
          if (order.intent !== "CAPTURE" || (order.status !== "APPROVED" && order.status !== "COMPLETED")) {
            return { ok: false, reason: "order_not_approved" };
          }
          const units = order.purchase_units ?? [];
          const amount = units[0]?.amount;
          if (
            units.length !== 1 ||
            amount?.currency_code !== expected.currency ||
            Math.round(Number(amount.value) * 100) !== expected.amountMinor
          ) {
            return { ok: false, reason: "amount_mismatch" };
          }

          const captured = await call("POST", `/v2/checkout/orders/${orderId}/capture`, { requestId, body: {} });
          if (captured.status === 404) return { ok: false, reason: "order_not_found" };
          if (captured.status === 422 || captured.status === 400) {
            const found = issues(captured.body);
            if (found.includes("ORDER_ALREADY_CAPTURED")) return { ok: false, reason: "already_captured" };
            if (found.includes("ORDER_NOT_APPROVED") || found.includes("PAYER_ACTION_REQUIRED")) return { ok: false, reason: "order_not_approved" };
            return { ok: false, reason: "capture_declined" };
          }
          if (captured.status !== 200 && captured.status !== 201) throw new Unavailable(`PayPal capture: ${captured.status}`);
          const capture = (captured.body as PayPalOrder).purchase_units?.[0]?.payments?.captures?.[0];
          if (!capture?.id) throw new Unavailable("PayPal capture: no capture in the answer");
          if (capture.status === "COMPLETED") return { ok: true, captureId: capture.id, status: "completed" };
          if (capture.status === "PENDING") return { ok: true, captureId: capture.id, status: "pending" };
          return { ok: false, reason: "capture_declined" };
        },
        (reason) => ({ ok: false, reason }),
      ),
  };
}
