/**
 * The PayPal adapter against a scripted PayPal (Orders v2 and OAuth as documented), and the
 * choice of provider by configuration.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { paymentProvider } from "../../workers/payments";
import { createPayPalProvider } from "../../workers/payments/paypal";

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

type Route = (request: Seen) => Response | undefined;

/** A fake PayPal: answers by the routes given, records every request. */
function paypal(routes: Route[]) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Seen = { method: init?.method ?? "GET", url: String(input), headers: new Headers(init?.headers), body: (init?.body as string) ?? null };
    seen.push(request);
    if (request.url.endsWith("/v1/oauth2/token")) return Response.json({ access_token: `token-${seen.length}`, token_type: "Bearer", expires_in: 32400 });
    for (const route of routes) {
      const response = route(request);
      if (response) return response;
    }
    return Response.json({ name: "RESOURCE_NOT_FOUND" }, { status: 404 });
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const order = (status: string, value = "25.00", currency = "EUR", intent = "CAPTURE") => ({
  id: "5O190127TN364715T",
  intent,
  status,
  purchase_units: [{ amount: { currency_code: currency, value } }],
});

const showOrder = (body: unknown): Route => (r) => (r.method === "GET" && r.url.endsWith("/v2/checkout/orders/5O190127TN364715T") ? Response.json(body) : undefined);
const capture = (status: number, body: unknown): Route => (r) => (r.method === "POST" && r.url.endsWith("/capture") ? Response.json(body, { status }) : undefined);
const captured = (captureStatus = "COMPLETED") => ({
  id: "5O190127TN364715T",
  status: "COMPLETED",
  purchase_units: [{ payments: { captures: [{ id: "3C679366HH908993F", status: captureStatus }] } }],
});

let clients = 0;
function provider(routes: Route[]) {
  const fake = paypal(routes);
  // A new client id per test, so the token cache of one test never serves another.
  return { ...fake, provider: createPayPalProvider({ clientId: `client-${++clients}`, secret: "secret", environment: "sandbox", fetch: fake.fetch }) };
}

const EXPECTED = { currency: "EUR" as const, amountMinor: 2500 };

describe("PayPal adapter (Orders v2)", () => {
  it("gets a token with client credentials, checks the approved order, then captures it with PayPal-Request-Id", async () => {
    const { seen, provider: p } = provider([showOrder(order("APPROVED")), capture(201, captured())]);
    expect(await p.captureOrder("5O190127TN364715T", EXPECTED, "request-1")).toEqual({ ok: true, captureId: "3C679366HH908993F", status: "completed" });
    const [token, show, capt] = seen;
    expect(token.url).toBe("https://api-m.sandbox.paypal.com/v1/oauth2/token");
    expect(token.headers.get("authorization")).toBe(`Basic ${btoa(`client-${clients}:secret`)}`);
    expect(token.body).toBe("grant_type=client_credentials");
    expect(show.url).toBe("https://api-m.sandbox.paypal.com/v2/checkout/orders/5O190127TN364715T");
    expect(show.headers.get("authorization")).toBe("Bearer token-1");
    expect(capt.url).toBe("https://api-m.sandbox.paypal.com/v2/checkout/orders/5O190127TN364715T/capture");
    expect(capt.headers.get("paypal-request-id")).toBe("request-1");
    // The token is reused for the next call.
    await p.captureOrder("5O190127TN364715T", EXPECTED, "request-2");
    expect(seen.filter((r) => r.url.endsWith("/oauth2/token"))).toHaveLength(1);
  });

  it("answers a pending capture as pending", async () => {
    const { provider: p } = provider([showOrder(order("APPROVED")), capture(201, captured("PENDING"))]);
    expect(await p.captureOrder("5O190127TN364715T", EXPECTED, "r")).toMatchObject({ ok: true, status: "pending" });
  });

  it.each([
    ["another amount", order("APPROVED", "20.00"), "amount_mismatch"],
    ["another currency", order("APPROVED", "25.00", "BRL"), "amount_mismatch"],
    ["an order not approved yet", order("CREATED"), "order_not_approved"],
    ["an authorize-intent order", order("APPROVED", "25.00", "EUR", "AUTHORIZE"), "order_not_approved"],
  ])("refuses %s without capturing", async (_name, body, reason) => {
    const { seen, provider: p } = provider([showOrder(body), capture(201, captured())]);
    expect(await p.captureOrder("5O190127TN364715T", EXPECTED, "r")).toEqual({ ok: false, reason });
    expect(seen.some((r) => r.url.endsWith("/capture"))).toBe(false);
  });

  it("refuses malformed and unknown order ids", async () => {
    const { seen, provider: p } = provider([]);
    expect(await p.captureOrder("../../v1/oauth2", EXPECTED, "r")).toEqual({ ok: false, reason: "order_not_found" });
    expect(seen).toHaveLength(0);
    expect(await p.captureOrder("UNKNOWN0000", EXPECTED, "r")).toEqual({ ok: false, reason: "order_not_found" });
  });

  it("maps PayPal's 422 issues: already captured, declined instrument", async () => {
    const already = provider([showOrder(order("COMPLETED")), capture(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] })]);
    expect(await already.provider.captureOrder("5O190127TN364715T", EXPECTED, "r")).toEqual({ ok: false, reason: "already_captured" });
    const declined = provider([showOrder(order("APPROVED")), capture(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] })]);
    expect(await declined.provider.captureOrder("5O190127TN364715T", EXPECTED, "r")).toEqual({ ok: false, reason: "capture_declined" });
  });

  it("answers provider_unavailable on 5xx and network errors", async () => {
    const down = provider([(r) => (r.method === "GET" ? new Response("oops", { status: 503 }) : undefined)]);
    expect(await down.provider.captureOrder("5O190127TN364715T", EXPECTED, "r")).toEqual({ ok: false, reason: "provider_unavailable" });
    const broken = createPayPalProvider({ clientId: `client-${++clients}`, secret: "s", environment: "live", fetch: async () => { throw new TypeError("network"); } });
    expect(await broken.captureOrder("5O190127TN364715T", EXPECTED, "r")).toEqual({ ok: false, reason: "provider_unavailable" });
  });

  it("renews the token once on a 401", async () => {
    let first = true;
    const { seen, provider: p } = provider([
      (r) => {
        if (r.method === "GET" && first) {
          first = false;
          return new Response(null, { status: 401 });
        }
        return undefined;
      },
      showOrder(order("APPROVED")),
      capture(201, captured()),
    ]);
    expect(await p.captureOrder("5O190127TN364715T", EXPECTED, "r")).toMatchObject({ ok: true });
    expect(seen.filter((r) => r.url.endsWith("/oauth2/token"))).toHaveLength(2);
  });

  it("creates a capture order for the amount", async () => {
    const { seen, provider: p } = provider([(r) => (r.method === "POST" && r.url.endsWith("/v2/checkout/orders") ? Response.json({ id: "8XY12345AB" }, { status: 201 }) : undefined)]);
    expect(await p.createOrder({ currency: "BRL", amountMinor: 9900 }, "req")).toEqual({ ok: true, orderId: "8XY12345AB" });
    expect(JSON.parse(seen[1].body!)).toEqual({ intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "BRL", value: "99.00" } }] });
  });
});

describe("paymentProvider(env)", () => {
  it("is PayPal with both secrets, the fake without them outside production, none in production", () => {
    expect(paymentProvider({ ...env, PAYPAL_CLIENT_ID: "id", PAYPAL_SECRET: "secret" } as Env)?.name).toBe("paypal");
    expect(paymentProvider({ ...env } as Env)?.name).toBe("fake");
    expect(paymentProvider({ ...env, PAYPAL_CLIENT_ID: "", PAYPAL_SECRET: "" } as Env)?.name).toBe("fake");
    expect(paymentProvider({ ...env, ENVIRONMENT: "production" } as Env)).toBeNull();
  });

  it("refuses a configuration with only one of the two secrets", () => {
    expect(() => paymentProvider({ ...env, PAYPAL_CLIENT_ID: "id" } as Env)).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_SECRET/);
  });
});
