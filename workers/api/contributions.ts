/**
 * Giving to a donation initiative (SPEC.md sections 4, 5 and 7), mounted at
 * /api/{org}/initiative/{slug}/contribution:
 * - POST / {value, source, params, anonymous, comment} records one contribution. With an
 *   Idempotency-Key header (the web app always sends one) the same key again answers 200 with the
 *   first contribution and records nothing, also when both requests arrive at once (unique index
 *   contributions_idempotency_uq). SPEC.md section 7 names no such header, so a client that sends
 *   none is served too: each of its requests is recorded.
 * - POST /paypal/order {value} creates a PayPal order for the drawer's PayPal buttons.
 * A PayPal contribution names the approved order in params.order_id; workers/contributions/
 * checks it and captures it before recording anything.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { objectOf, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { amountSchema, contributionSchema } from "../../app/domain/initiatives";
import { createPaypalOrder, recordContribution } from "../contributions/service";
import { badRequest } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";
import { initiativeFromPath } from "./participation";
import { isIdempotencyKey } from "../../app/domain/tokens";

const PaypalOrderBody = v.object({ value: amountSchema });

/** The request's Idempotency-Key, or null when the client sent none (then nothing is deduplicated). */
function idempotencyKey(c: Context<MemberEnv>): string | null {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return null;
  if (!isIdempotencyKey(key)) throw badRequest("idempotency_key_invalid", "The Idempotency-Key must be 8 to 100 letters, digits, - or _.");
  return key;
}

export const contributionRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .post("/", describeRoute(doc("Participation", "member", { answer: ref("Contribution"), summary: "Pledge or make a contribution (donation) to the initiative (200 for an `Idempotency-Key` already used).", status: 201, alsoStatus: 200, errors: { 404: ["initiative_not_found"], 409: ["donation_closed", "idempotency_key_reused"] } })), validate("json", contributionSchema), async (c) => {
    const key = idempotencyKey(c);
    const input = c.req.valid("json");
    const initiative = await initiativeFromPath(c);
    const recorded = await recordContribution(c.env, { orgId: c.var.org.id, memberId: c.var.auth.memberId, initiative, key, input });
    return c.json(recorded.contribution, recorded.created ? 201 : 200);
  })
  .post("/paypal/order", describeRoute(doc("Participation", "member", { answer: objectOf({ order_id: scalars.str }), summary: "Open a PayPal order for a contribution.", status: 201, errors: { 404: ["initiative_not_found"], 502: ["payment_provider_unavailable"], 503: ["payment_provider_unavailable"] } })), validate("json", PaypalOrderBody), async (c) => {
    const { value } = c.req.valid("json");
    const orderId = await createPaypalOrder(c.env, await initiativeFromPath(c), value);
    return c.json({ order_id: orderId }, 201);
  });
