import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_CODE_ALPHABET } from "../../app/domain/initiatives";
import { fakeOrderId } from "../../workers/payments/fake";
import { DAY, createInitiative } from "./initiatives-fixtures";
import { contributeAction } from "../../app/routes/_app.initiative.$slug.($action)/donation.server";
import { createWebSession } from "../../workers/auth/web-session";
import { call, createMember, json, login, seedOrganizations, testEnv, testLoadContext } from "./support";

let marta: string;
let ana: string;
let martaId: string;

const ALL_SOURCES = JSON.stringify(["transfer", "inhand", "external", "paypal"]);

beforeAll(async () => {
  const { acme, commons, vizinhos } = await seedOrganizations();
  martaId = (await createMember({ email: "marta@acme.example", orgId: acme.id })).id;
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  const now = Date.now();
  const ongoing = { type: "donation" as const, startTime: now - DAY, endTime: now + 30 * DAY };
  await createInitiative({ orgId: acme.id, slug: "food-bank", ...ongoing, donation: { currency: "EUR", sources: ALL_SOURCES } });
  await createInitiative({ orgId: acme.id, slug: "transfer-only", ...ongoing, donation: { currency: "EUR", sources: '["transfer"]' } });
  await createInitiative({ orgId: acme.id, slug: "upcoming", type: "donation", startTime: now + DAY, endTime: now + 9 * DAY, donation: { currency: "EUR", sources: ALL_SOURCES } });
  await createInitiative({ orgId: acme.id, slug: "finished", type: "donation", startTime: now - 9 * DAY, endTime: now - DAY, donation: { currency: "EUR", sources: ALL_SOURCES } });
  await createInitiative({ orgId: acme.id, slug: "suspended", ...ongoing, status: "suspended", donation: { currency: "EUR", sources: ALL_SOURCES } });
  await createInitiative({ orgId: acme.id, slug: "volunteering", startTime: now - DAY, endTime: now + DAY });
  await createInitiative({ orgId: vizinhos.id, slug: "cesta-basica", ...ongoing, donation: { currency: "BRL", sources: ALL_SOURCES } });
  marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  ana = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
});

let keys = 0;
const newKey = () => `test-key-${++keys}-${crypto.randomUUID().slice(0, 8)}`;

function contribute(slug: string, body: unknown, options: { key?: string | null; token?: string; org?: string } = {}) {
  const key = options.key === undefined ? newKey() : options.key;
  return call("POST", `/api/${options.org ?? "acme"}/initiative/${slug}/contribution`, {
    token: options.token ?? marta,
    body,
    headers: key === null ? {} : { "idempotency-key": key },
  });
}

const rowsWithKey = async (key: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM contributions WHERE idempotency_key = ?").bind(key).first<{ n: number }>())!.n;

describe("POST /api/{org}/initiative/{slug}/contribution", () => {
  it("records a transfer in minor units with a 4-character confirmation code", async () => {
    const res = await contribute("food-bank", { value: 10.5, source: "transfer", anonymous: true, comment: "  For the kids  " });
    expect(res.status).toBe(201);
    const contribution = await json(res);
    expect(contribution).toMatchObject({ value: 10.5, currency: "EUR", source: "transfer", anonymous: true, comment: "For the kids", status: "pending" });
    expect(contribution.confirmation_code).toHaveLength(4);
    for (const ch of contribution.confirmation_code) expect(CONFIRMATION_CODE_ALPHABET).toContain(ch);
    const row = await env.DB.prepare("SELECT amount, currency, member_id FROM contributions WHERE id = ?").bind(contribution.id).first();
    expect(row).toEqual({ amount: 1050, currency: "EUR", member_id: martaId });
  });

  it("takes in-hand and external contributions without a code; the currency is the donation's", async () => {
    const inhand = await json(await contribute("food-bank", { value: 5, source: "inhand" }));
    expect(inhand).toMatchObject({ source: "inhand", confirmation_code: null, anonymous: false, comment: null, status: "pending" });
    const real = await json(await contribute("cesta-basica", { value: 99, source: "external" }, { token: await vizinhosToken(), org: "vizinhos" }));
    expect(real).toMatchObject({ currency: "BRL", value: 99 });
  });

  describe("Idempotency-Key", () => {
    it("is optional: a client that sends none (SPEC.md section 7 names no such header) has each request recorded", async () => {
      const first = await contribute("food-bank", { value: 4, source: "inhand", comment: "no key" }, { key: null });
      expect(first.status).toBe(201);
      const second = await contribute("food-bank", { value: 4, source: "inhand", comment: "no key" }, { key: null });
      expect(second.status).toBe(201);
      expect((await json(first)).id).not.toBe((await json(second)).id);
      const rows = await env.DB.prepare("SELECT count(*) AS n FROM contributions WHERE comment = 'no key' AND idempotency_key IS NULL").first<{ n: number }>();
      expect(rows!.n).toBe(2);
      const paypal = await call("POST", "/api/acme/initiative/food-bank/contribution/paypal/order", { token: marta, body: { value: 8 } });
      const { order_id } = await json(paypal);
      const paid = await contribute("food-bank", { value: 8, source: "paypal", params: { order_id } }, { key: null });
      expect(paid.status).toBe(201);
      expect(await json(paid)).toMatchObject({ status: "confirmed", value: 8 });
      // The order is recorded once, key or not.
      expect(await json(await contribute("food-bank", { value: 8, source: "paypal", params: { order_id } }, { key: null }))).toMatchObject({ error: "payment_already_recorded" });
    });

    it("when sent, must be 8..100 of [A-Za-z0-9_-] (400 idempotency_key_invalid)", async () => {
      for (const key of ["short", "x".repeat(101), "has spaces in it", "semi;colon-key"]) {
        const res = await contribute("food-bank", { value: 5, source: "inhand" }, { key });
        expect(res.status).toBe(400);
        expect(await json(res)).toMatchObject({ error: "idempotency_key_invalid" });
      }
    });

    it("records one contribution for the same key twice: 201, then 200 with the same one", async () => {
      const key = newKey();
      const body = { value: 20, source: "transfer" };
      const first = await contribute("food-bank", body, { key });
      const second = await contribute("food-bank", body, { key });
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(await json(second)).toEqual(await json(first));
      expect(await rowsWithKey(key)).toBe(1);
    });

    it("records one contribution when two requests with the same key arrive at once (no 500)", async () => {
      const key = newKey();
      const body = { value: 7, source: "transfer" };
      const answers = await Promise.all([contribute("food-bank", body, { key }), contribute("food-bank", body, { key })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
      const [a, b] = await Promise.all(answers.map((r) => json(r)));
      expect(a.id).toBe(b.id);
      expect(a.confirmation_code).toBe(b.confirmation_code);
      expect(await rowsWithKey(key)).toBe(1);
    });

    it("answers 409 idempotency_key_reused for the same key with another body", async () => {
      const key = newKey();
      expect((await contribute("food-bank", { value: 5, source: "inhand" }, { key })).status).toBe(201);
      const res = await contribute("food-bank", { value: 6, source: "inhand" }, { key });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ error: "idempotency_key_reused" });
      expect((await contribute("transfer-only", { value: 5, source: "transfer" }, { key })).status).toBe(409);
      expect(await rowsWithKey(key)).toBe(1);
    });
  });

  describe("validation (SPEC.md section 5)", () => {
    it.each([
      [{ value: 0, source: "transfer" }, "value", "donation_error_amount_required"],
      [{ value: -5, source: "transfer" }, "value", "donation_error_amount_required"],
      [{ value: 1.234, source: "transfer" }, "value", "donation_error_amount_decimals"],
      [{ value: 2_000_000, source: "transfer" }, "value", "donation_error_amount_max"],
      [{ value: "10", source: "transfer" }, "value", "donation_error_amount_invalid"],
      [{ value: 1_000_000.01, source: "transfer" }, "value", "donation_error_amount_max"],
      [{ value: 5, source: "transfer", comment: "x".repeat(501) }, "comment", "form_error_max_length"],
      [{ source: "transfer" }, "value", "form_error_required"],
      [{ value: 5 }, "source", "form_error_required"],
      [{ value: 5, source: "bitcoin" }, "source", "donation_error_source_required"],
      [{ value: 5, source: "transfer", extra: 1 }, "extra", "form_error_unknown_field"],
    ])("refuses %j (400, fields.%s = %s)", async (body, field, key) => {
      const res = await contribute("food-bank", body);
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toMatchObject({ [field]: key });
    });

    it("refuses a source the initiative does not offer (400 fields.source)", async () => {
      const res = await contribute("transfer-only", { value: 5, source: "inhand" });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({ source: "donation_error_source_required" });
    });
  });

  describe("donation phases", () => {
    it.each(["upcoming", "finished", "suspended", "volunteering"])("answers 409 donation_closed for %s", async (slug) => {
      const res = await contribute(slug, { value: 5, source: "transfer" });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ error: "donation_closed" });
    });

    it("still answers a retry of a recorded contribution after the donation closed", async () => {
      const key = newKey();
      const body = { value: 3, source: "inhand" };
      const first = await json(await contribute("food-bank", body, { key }));
      await env.DB.prepare("UPDATE initiatives SET status = 'suspended' WHERE slug = 'food-bank'").run();
      try {
        const again = await contribute("food-bank", body, { key });
        expect(again.status).toBe(200);
        expect((await json(again)).id).toBe(first.id);
      } finally {
        await env.DB.prepare("UPDATE initiatives SET status = 'open' WHERE slug = 'food-bank'").run();
      }
    });
  });

  describe("PayPal (the local fake provider: no PayPal secret outside production)", () => {
    it("creates an order, then verifies and captures it: a confirmed contribution", async () => {
      const order = await call("POST", "/api/acme/initiative/food-bank/contribution/paypal/order", { token: marta, body: { value: 25 } });
      expect(order.status).toBe(201);
      const { order_id } = await json(order);
      expect(order_id).toMatch(/^FAKE-EUR-2500-/);
      const res = await contribute("food-bank", { value: 25, source: "paypal", params: { order_id } });
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ source: "paypal", status: "confirmed", confirmation_code: null, value: 25 });
      const row = await env.DB.prepare("SELECT params FROM contributions WHERE json_extract(params, '$.order_id') = ?").bind(order_id).first<{ params: string }>();
      expect(JSON.parse(row!.params)).toMatchObject({ order_id, capture_id: expect.stringMatching(/^FAKE-CAPTURE-/) });
    });

    it("needs params.order_id (400)", async () => {
      const res = await contribute("food-bank", { value: 25, source: "paypal" });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({ "params.order_id": "form_error_required" });
    });

    it("refuses an order of another amount or currency, an unknown order and a declined one", async () => {
      const cases: [string, number, string][] = [
        [fakeOrderId("EUR", 1000), 400, "payment_amount_mismatch"],
        [fakeOrderId("BRL", 2500), 400, "payment_amount_mismatch"],
        ["5O190127TN364715T", 400, "payment_order_not_found"],
        [fakeOrderId("EUR", 2500, "DECLINED"), 402, "payment_declined"],
      ];
      for (const [order_id, status, error] of cases) {
        const res = await contribute("food-bank", { value: 25, source: "paypal", params: { order_id } });
        expect(res.status, order_id).toBe(status);
        expect(await json(res)).toMatchObject({ error });
      }
    });

    it("records an order once: a second contribution with another key answers 409, a retry with the same key 200", async () => {
      const order_id = fakeOrderId("EUR", 1500);
      const key = newKey();
      const body = { value: 15, source: "paypal", params: { order_id } };
      expect((await contribute("food-bank", body, { key })).status).toBe(201);
      expect((await contribute("food-bank", body, { key })).status).toBe(200);
      const other = await contribute("food-bank", body);
      expect(other.status).toBe(409);
      expect(await json(other)).toMatchObject({ error: "payment_already_recorded" });
    });

    it("creates orders only while the donation takes PayPal", async () => {
      const closed = await call("POST", "/api/acme/initiative/finished/contribution/paypal/order", { token: marta, body: { value: 5 } });
      expect(closed.status).toBe(409);
      const noPaypal = await call("POST", "/api/acme/initiative/transfer-only/contribution/paypal/order", { token: marta, body: { value: 5 } });
      expect(noPaypal.status).toBe(400);
      const invalid = await call("POST", "/api/acme/initiative/food-bank/contribution/paypal/order", { token: marta, body: { value: 0 } });
      expect(invalid.status).toBe(400);
    });
  });

  describe("tenant isolation", () => {
    it("answers 404 to a member of another organisation and records nothing", async () => {
      const key = newKey();
      const res = await contribute("food-bank", { value: 5, source: "transfer" }, { token: ana, key });
      expect(res.status).toBe(404);
      expect((await contribute("food-bank", { value: 5, source: "transfer" }, { token: ana, org: "commons" })).status).toBe(404);
      expect((await call("POST", "/api/acme/initiative/food-bank/contribution/paypal/order", { token: ana, body: { value: 5 } })).status).toBe(404);
      expect(await rowsWithKey(key)).toBe(0);
    });

    it("needs a token (401) and answers 404 for an unknown initiative", async () => {
      expect((await call("POST", "/api/acme/initiative/food-bank/contribution", { body: { value: 5, source: "transfer" }, headers: { "idempotency-key": newKey() } })).status).toBe(401);
      expect((await contribute("nowhere", { value: 5, source: "transfer" })).status).toBe(404);
    });
  });
});

let vizinhos: string | undefined;
async function vizinhosToken() {
  if (!vizinhos) {
    await createMember({ email: "joao@vizinhos.example", orgId: "org-vizinhos" });
    vizinhos = (await login("joao@vizinhos.example", "Correct-Horse-9")).body.access_token as string;
  }
  return vizinhos;
}

describe("the detail page's donation form, through the typed client", () => {
  // The page sends the API's validated body (`json`), so a page whose body the API would not take fails the type check.
  async function submit(cookie: string, fields: Record<string, string>) {
    const request = new Request("http://acme.localhost/initiative/food-bank", { method: "POST", headers: { cookie, origin: "http://acme.localhost" } });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return contributeAction({ request, context: await testLoadContext("acme") }, "food-bank", form);
  }

  it("records a transfer, and a PayPal gift from the order the page created", async () => {
    const tokens = (await login("marta@acme.example", "Correct-Horse-9", "acme.localhost")).body;
    const cookie = (await createWebSession({ cloudflare: { env: testEnv } }, tokens)).split(";")[0];
    const transfer = await submit(cookie, { intent: "contribute_submit", amount: "12", source: "transfer", comment: "From the page", idempotency_key: newKey() });
    expect(transfer.status).toBe(201);
    expect(transfer.result.donation.contribution).toMatchObject({ value: 12, source: "transfer", comment: "From the page" });
    const order = await submit(cookie, { intent: "contribute_paypal_order", amount: "7" });
    expect(order.status).toBe(201);
    const orderId = order.result.donation.order_id as string;
    const paid = await submit(cookie, { intent: "contribute_submit", amount: "7", source: "paypal", order_id: orderId, idempotency_key: newKey() });
    expect([paid.status, paid.result.donation.contribution]).toEqual([201, expect.objectContaining({ value: 7, source: "paypal" })]);
  });
});
