/**
 * Contributions to donation initiatives (SPEC.md sections 4, 5 and 7): recording one, once per
 * Idempotency-Key (unique index contributions_idempotency_uq, so two requests with one key that
 * arrive at once record one contribution), and PayPal orders, checked and captured through the
 * PaymentProvider (workers/payments) before anything is recorded.
 */
import { and, eq, sql } from "drizzle-orm";
import type * as v from "valibot";
import {
  acceptsContributions,
  confirmationCode,
  type contributionSchema,
  fromMinorUnits,
  toMinorUnits,
  type Contribution,
  type DonationSource,
  type Initiative,
} from "../../app/domain/initiatives";
import { getDb, schema } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { contributionPayload } from "../webhooks/payloads";
import { iso } from "../initiatives/serialize";
import { sha256Hex } from "../lib/crypto";
import { badRequest, conflict, DomainError, type DomainErrorKind, unavailable } from "../lib/domain-errors";
import { paymentProvider, type PaymentFailure } from "../payments";

type ContributionRow = typeof schema.contributions.$inferSelect;
export type ContributionInput = v.InferOutput<typeof contributionSchema>;

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
    reject_reason: row.status === "rejected" ? row.rejectReason : null,
    created_at: iso(row.createdAt)!,
  };
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

/** A repeated key: the first contribution again (not created), or a conflict when the body differs. */
function replay(row: ContributionRow, initiativeId: string, input: ContributionInput): RecordedContribution {
  if (!sameRequest(row, initiativeId, input)) {
    throw conflict("idempotency_key_reused", "This Idempotency-Key was used for a different contribution.");
  }
  return { contribution: toContribution(row), created: false };
}

const PAYMENT_ERRORS: Record<PaymentFailure, [DomainErrorKind, string, string]> = {
  order_not_found: ["invalid", "payment_order_not_found", "The PayPal order cannot be found."],
  order_not_approved: ["conflict", "payment_not_approved", "The PayPal order is not approved by the payer yet."],
  amount_mismatch: ["invalid", "payment_amount_mismatch", "The PayPal order is for another amount or currency."],
  already_captured: ["conflict", "payment_already_recorded", "This PayPal order was already paid."],
  capture_declined: ["declined", "payment_declined", "PayPal declined the payment."],
  provider_unavailable: ["upstream_unavailable", "payment_provider_unavailable", "PayPal cannot be reached; try again in a few minutes."],
};

const paymentError = (reason: PaymentFailure) => new DomainError(...PAYMENT_ERRORS[reason]);

function providerOf(env: Env) {
  const provider = paymentProvider(env);
  if (!provider) throw unavailable("payment_provider_unavailable", "PayPal is not configured.");
  return provider;
}

/** The donation's currency, once its phase and sources allow this source (409 / 400 otherwise). */
function donationFor(initiative: Initiative, source: DonationSource) {
  if (!acceptsContributions(initiative, Date.now()) || !initiative.donation_params) {
    throw conflict("donation_closed", "This initiative does not accept contributions now.");
  }
  if (!initiative.donation_params.sources.includes(source)) {
    throw badRequest("validation_error", "This initiative does not take contributions by that source.", {
      source: "donation_error_source_required",
    });
  }
  return initiative.donation_params;
}

export interface RecordedContribution {
  contribution: Contribution;
  /** False when the request repeats an Idempotency-Key: the first contribution is answered again. */
  created: boolean;
}

export interface ContributionRequest {
  orgId: string;
  memberId: string;
  initiative: Initiative;
  /** The client's Idempotency-Key, or null when it sent none (then nothing is deduplicated). */
  key: string | null;
  input: ContributionInput;
}

/** The contribution already recorded for this PayPal order in the organisation, if any. */
function recordedForOrder(env: Env, orgId: string, orderId: string) {
  // Raw SQL only for json_extract: drizzle has no operator for a path inside a JSON text column.
  return getDb(env)
    .select()
    .from(schema.contributions)
    .where(and(eq(schema.contributions.orgId, orgId), sql`json_extract(${schema.contributions.params}, '$.order_id') = ${orderId}`))
    .get();
}

export async function recordContribution(env: Env, { orgId, memberId, initiative, key, input }: ContributionRequest): Promise<RecordedContribution> {
  const db = getDb(env);
  const byKey = key === null ? null : and(eq(schema.contributions.memberId, memberId), eq(schema.contributions.idempotencyKey, key));
  const first = byKey ? await db.select().from(schema.contributions).where(byKey).get() : undefined;
  // A retry is answered even when the donation has closed since the first request.
  if (first) return replay(first, initiative.id, input);

  const donation = donationFor(initiative, input.source);
  const amount = toMinorUnits(input.value);
  let status: ContributionRow["status"] = "pending";
  let code: string | null = null;
  const params: Record<string, unknown> = { ...input.params };

  if (input.source === "transfer") code = confirmationCode(crypto.getRandomValues(new Uint8Array(4)));
  if (input.source === "paypal") {
    const orderId = input.params.order_id;
    if (typeof orderId !== "string" || !orderId) {
      throw badRequest("validation_error", "A PayPal contribution needs params.order_id.", { "params.order_id": "form_error_required" });
    }
    const recorded = await recordedForOrder(env, orgId, orderId);
    if (recorded) {
      if (key !== null && recorded.memberId === memberId && recorded.idempotencyKey === key) return replay(recorded, initiative.id, input);
      throw paymentError("already_captured");
    }
    // PayPal-Request-Id allows 108 characters: a digest of member and key identifies the request
    // (without a key, this request only: PayPal still captures an order once).
    const requestId = await sha256Hex(`${memberId}:${key ?? crypto.randomUUID()}`);
    const outcome = await providerOf(env).captureOrder(orderId, { currency: donation.currency, amountMinor: amount }, requestId);
    if (!outcome.ok) throw paymentError(outcome.reason);
    status = outcome.status === "completed" ? "confirmed" : "pending";
    params.capture_id = outcome.captureId;
  }

  const id = crypto.randomUUID();
  const createdAt = Date.now();
  const values = { id, initiativeId: initiative.id, memberId, amount, currency: donation.currency, source: input.source, anonymous: input.anonymous };
  // A payment confirmed at once is told in the same batch, only when this insert wrote the row.
  const told =
    status === "confirmed"
      ? [outboxEvent(db, orgId, "contribution.confirmed", `contribution:${id}`, contributionPayload(values, initiative), createdAt, (target) => sql`exists (select 1 from ${schema.contributions} where ${schema.contributions.id} = ${target})`)]
      : [];
  const [[row]] = await db.batch([
    db
    .insert(schema.contributions)
    .values({
      id,
      orgId,
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
      createdAt,
    })
    .onConflictDoNothing({ target: [schema.contributions.memberId, schema.contributions.idempotencyKey] })
    .returning(),
    ...told,
  ]);
  if (row) return { contribution: toContribution(row), created: true };
  // A concurrent request with the same key recorded first: answer its contribution. (Without a
  // key there is no conflict target: the insert always writes.)
  return replay((await db.select().from(schema.contributions).where(byKey!).get())!, initiative.id, input);
}

/** Creates a PayPal order for the drawer's PayPal buttons; answers its id. */
export async function createPaypalOrder(env: Env, initiative: Initiative, value: number): Promise<string> {
  const donation = donationFor(initiative, "paypal");
  const created = await providerOf(env).createOrder({ currency: donation.currency, amountMinor: toMinorUnits(value) }, crypto.randomUUID());
  if (!created.ok) throw paymentError(created.reason);
  return created.orderId;
}
