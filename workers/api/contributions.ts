/**
 * Giving to a donation initiative (SPEC.md sections 4, 5 and 7), mounted at
 * /api/{org}/initiative/{slug}/contribution:
 * - POST / {value, source, params, anonymous, comment} records one contribution. With an
 *   Idempotency-Key header (the web app always sends one) the same key again answers 200 with the
 *   first contribution and records nothing, also when both requests arrive at once (unique index
 *   contributions_idempotency_uq). SPEC.md section 7 names no such header, so a client that sends
 *   none is served too: each of its requests is recorded.
 * - POST /paypal/order {value} creates a PayPal order for the drawer's PayPal buttons.
 * A PayPal contribution names the approved order in params.order_id; the API checks it and
 * captures it through the PaymentProvider (workers/payments) before recording anything.
 */
import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as v from "valibot";
import {
  acceptsContributions,
  amountSchema,
  confirmationCode,
  contributionSchema,
  fromMinorUnits,
  toMinorUnits,
  type Contribution,
  type DonationSource,
  type Initiative,
} from "../../app/domain/initiatives";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { sha256Hex } from "../lib/crypto";
import { ApiError, badRequest, conflict } from "../lib/errors";
import { jsonBody } from "../lib/json-body";
import { invalidInput } from "../lib/validation";
import { paymentProvider, type PaymentFailure } from "../payments";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";
import { initiativeFromPath } from "./participation";

type ContributionRow = typeof schema.contributions.$inferSelect;
type ContributionInput = v.InferOutput<typeof contributionSchema>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** Keys the server adds to params (the client's params are kept as sent). */
const SERVER_PARAMS = ["capture_id"];

export function toContribution(row: ContributionRow): Contribution {
  return {
    id: row.id,
    value: fromMinorUnits(row.amount),
    currency: row.currency as Contribution["currency"],
    source: row.source,
    anonymous: row.anonymous,
    comment: row.comment,
    status: row.status,
    confirmation_code: row.confirmationCode,
    created_at: iso(row.createdAt)!,
  };
}

/** The request's Idempotency-Key, or null when the client sent none (then nothing is deduplicated). */
function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest("idempotency_key_invalid", "The Idempotency-Key must be 8 to 100 letters, digits, - or _.");
  return key;
}

function parseBody<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw invalidInput(result.issues);
}

/** Whether a stored contribution was recorded from this very request (same initiative and body). */
function sameRequest(row: ContributionRow, initiativeId: string, input: ContributionInput): boolean {
  const stored = JSON.parse(row.params) as Record<string, unknown>;
  const storedKeys = Object.keys(stored).filter((key) => !SERVER_PARAMS.includes(key));
  const sentKeys = Object.keys(input.params);
  return (
    row.initiativeId === initiativeId &&
    row.amount === toMinorUnits(input.value) &&
    row.source === input.source &&
    row.anonymous === input.anonymous &&
    (row.comment ?? null) === (input.comment || null) &&
    storedKeys.length === sentKeys.length &&
    sentKeys.every((key) => stored[key] === input.params[key])
  );
}

/** A repeated key: the first contribution again (200), or 409 when the body differs. */
function replay(c: Context<AppEnv>, row: ContributionRow, initiativeId: string, input: ContributionInput) {
  if (!sameRequest(row, initiativeId, input)) {
    throw conflict("idempotency_key_reused", "This Idempotency-Key was used for a different contribution.");
  }
  return c.json(toContribution(row), 200);
}

const PAYMENT_ERRORS: Record<PaymentFailure, [ContentfulStatusCode, string, string]> = {
  order_not_found: [400, "payment_order_not_found", "The PayPal order cannot be found."],
  order_not_approved: [409, "payment_not_approved", "The PayPal order is not approved by the payer yet."],
  amount_mismatch: [400, "payment_amount_mismatch", "The PayPal order is for another amount or currency."],
  already_captured: [409, "payment_already_recorded", "This PayPal order was already paid."],
  capture_declined: [402, "payment_declined", "PayPal declined the payment."],
  provider_unavailable: [502, "payment_provider_unavailable", "PayPal cannot be reached; try again in a few minutes."],
};

const paymentError = (reason: PaymentFailure) => new ApiError(...PAYMENT_ERRORS[reason]);

function providerOf(env: Env) {
  const provider = paymentProvider(env);
  if (!provider) throw new ApiError(503, "payment_provider_unavailable", "PayPal is not configured.");
  return provider;
}

/** The donation's currency, once its phase and sources allow this source (409 / 400 otherwise). */
function donationFor(initiative: Initiative, source: DonationSource) {
  if (!acceptsContributions(initiative, Date.now()) || !initiative.donation_params) {
    throw conflict("donation_closed", "This initiative does not accept contributions now.");
  }
  if (!initiative.donation_params.sources.includes(source)) {
    throw new ApiError(400, "validation_error", "This initiative does not take contributions by that source.", {
      source: "donation_error_source_required",
    });
  }
  return initiative.donation_params;
}

export const contributionRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .post("/", async (c) => {
    const key = idempotencyKey(c);
    const input = parseBody(contributionSchema, await jsonBody(c));
    const initiative = await initiativeFromPath(c);
    const memberId = c.var.auth.memberId;
    const db = getDb(c.env);
    const byKey = key === null ? null : and(eq(schema.contributions.memberId, memberId), eq(schema.contributions.idempotencyKey, key));
    const first = byKey ? await db.select().from(schema.contributions).where(byKey).get() : undefined;
    // A retry is answered even when the donation has closed since the first request.
    if (first) return replay(c, first, initiative.id, input);

    const donation = donationFor(initiative, input.source);
    const amount = toMinorUnits(input.value);
    let status: ContributionRow["status"] = "pending";
    let code: string | null = null;
    const params: Record<string, unknown> = { ...input.params };

    if (input.source === "transfer") code = confirmationCode(crypto.getRandomValues(new Uint8Array(4)));
    if (input.source === "paypal") {
      const orderId = input.params.order_id;
      if (typeof orderId !== "string" || !orderId) {
        throw new ApiError(400, "validation_error", "A PayPal contribution needs params.order_id.", { "params.order_id": "form_error_required" });
      }
      const recorded = await db
        .select()
        .from(schema.contributions)
        .where(and(eq(schema.contributions.orgId, c.var.org.id), sql`json_extract(${schema.contributions.params}, '$.order_id') = ${orderId}`))
        .get();
      if (recorded) {
        if (key !== null && recorded.memberId === memberId && recorded.idempotencyKey === key) return replay(c, recorded, initiative.id, input);
        throw paymentError("already_captured");
      }
      // PayPal-Request-Id allows 108 characters: a digest of member and key identifies the request
      // (without a key, this request only: PayPal still captures an order once).
      const requestId = await sha256Hex(`${memberId}:${key ?? crypto.randomUUID()}`);
      const outcome = await providerOf(c.env).captureOrder(orderId, { currency: donation.currency, amountMinor: amount }, requestId);
      if (!outcome.ok) throw paymentError(outcome.reason);
      status = outcome.status === "completed" ? "confirmed" : "pending";
      params.capture_id = outcome.captureId;
    }

    const [row] = await db
      .insert(schema.contributions)
      .values({
        id: crypto.randomUUID(),
        orgId: c.var.org.id,
        initiativeId: initiative.id,
        memberId,
        amount,
        currency: donation.currency,
        source: input.source,
        params: JSON.stringify(params),
        anonymous: input.anonymous,
        comment: input.comment || null,
        status,
        confirmationCode: code,
        idempotencyKey: key,
        createdAt: Date.now(),
      })
      .onConflictDoNothing({ target: [schema.contributions.memberId, schema.contributions.idempotencyKey] })
      .returning();
    if (row) return c.json(toContribution(row), 201);
    // A concurrent request with the same key recorded first: answer its contribution. (Without a
    // key there is no conflict target: the insert always writes.)
    return replay(c, (await db.select().from(schema.contributions).where(byKey!).get())!, initiative.id, input);
  })
  .post("/paypal/order", async (c) => {
    const { value } = parseBody(v.object({ value: amountSchema }), await jsonBody(c));
    const initiative = await initiativeFromPath(c);
    const donation = donationFor(initiative, "paypal");
    const created = await providerOf(c.env).createOrder({ currency: donation.currency, amountMinor: toMinorUnits(value) }, crypto.randomUUID());
    if (!created.ok) throw paymentError(created.reason);
    return c.json({ order_id: created.orderId }, 201);
  });
