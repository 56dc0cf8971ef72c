/**
 * An organisation's webhook endpoints as administrators manage them (docs/api/webhooks.md): add
 * (the secret answered once), change, switch on and off, rotate the secret (the old one still signs
 * for ROTATION_OVERLAP_MS), remove; the delivery log, a redelivery, a test event. Another
 * organisation's endpoint is 404. The address must be one the guarded fetch may reach (https, no
 * private, loopback or link-local address outside development).
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "../../app/domain/webhooks";
import { auditStatements, guardedAudit } from "../audit/statements";
import { getDb, schema } from "../db/client";
import { insertUnderLimit } from "../db/insert-under-limit";
import { badRequest, notFound } from "../lib/domain-errors";
import { outboundRule, outboundUrlProblem } from "../lib/guarded-fetch";
import { pageLimit, pageQuerySchema } from "../lib/keyset-links";
import { invalidateOrganization, type Tenant } from "../tenant/organizations";
import { messageBody, queueDelivery } from "./deliver";
import { storedBody } from "./dispatch";
import { newMessageId } from "./outbox";
import { isoTime as iso } from "./payloads";
import { ROTATION_OVERLAP_MS } from "./schedule";
import { sealSecret } from "./secrets";
import { newWebhookSecret } from "./sign";

const { webhookEndpoints: endpoints, webhookDeliveries: deliveries, webhookEvents: events } = schema;

/** An organisation keeps at most this many endpoints. */
export const ENDPOINTS_MAX = 20;

const url = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(2000, "form_error_max_length"), v.check((text) => URL.canParse(text), "form_error_invalid_url"));
const eventList = v.pipe(v.array(v.picklist(WEBHOOK_EVENT_TYPES, "form_error_invalid"), "form_error_invalid"), v.minLength(1, "webhook_events_required"), v.transform((list) => [...new Set(list)]));
const description = v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(200, "form_error_max_length"));

export const endpointSchema = v.strictObject({ url, description: v.optional(description, ""), events: eventList }, "form_error_unknown_field");
export const endpointChangeSchema = v.pipe(
  v.strictObject({ url: v.optional(url), description: v.optional(description), events: v.optional(eventList), enabled: v.optional(v.boolean("form_error_invalid")) }, "form_error_unknown_field"),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);
export const deliveryPageSchema = v.strictObject(
  {
    cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "form_error_invalid"), v.transform(Number))),
    limit: pageQuerySchema.limit,
  },
  "form_error_unknown_field",
);

type EndpointRow = typeof endpoints.$inferSelect;

/** Refuses an address the delivery could not send to (the guarded fetch's rule for this environment). */
export function checkEndpointUrl(env: Env, address: string, field = "url") {
  const problem = outboundUrlProblem(address, outboundRule(env));
  if (problem === "https_required") throw badRequest("validation_error", "The address must use https.", { [field]: "webhook_https_required" });
  if (problem) throw badRequest("validation_error", "This address cannot receive webhooks (a private, local or reserved address).", { [field]: "webhook_address_not_allowed" });
}

export const toEndpoint = (row: EndpointRow, now = Date.now()) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as string[],
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  failing_since: iso(row.failingSince),
  /** Until when the secret replaced by the last rotation still signs (null: no overlap now). */
  previous_secret_until: row.previousSecretUntil !== null && row.previousSecretUntil > now ? iso(row.previousSecretUntil) : null,
  created_at: iso(row.createdAt)!,
});

type DeliveryRow = typeof deliveries.$inferSelect;
const toDelivery = (row: DeliveryRow, withBody = false) => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  response_ms: row.responseMs,
  error: row.error,
  next_attempt_at: row.status === "pending" ? iso(row.nextAttemptAt) : null,
  created_at: iso(row.createdAt)!,
  delivered_at: iso(row.deliveredAt),
  ...(withBody ? { body: row.body } : {}),
});

async function ownEndpoint(env: Env, org: Tenant, id: string): Promise<EndpointRow> {
  const row = await getDb(env).select().from(endpoints).where(and(eq(endpoints.id, id), eq(endpoints.orgId, org.id))).get();
  if (!row) throw notFound("webhook_not_found", "The webhook endpoint cannot be found.");
  return row;
}

export async function listEndpoints(env: Env, org: Tenant) {
  const rows = await getDb(env).select().from(endpoints).where(eq(endpoints.orgId, org.id)).orderBy(endpoints.createdAt);
  return { endpoints: rows.map((row) => toEndpoint(row)) };
}

export async function getEndpoint(env: Env, org: Tenant, id: string) {
  return { endpoint: toEndpoint(await ownEndpoint(env, org, id)) };
}

/**
 * What an endpoint's audit row says of its address: the host only (a receiver's path or query may
 * carry a token of its own).
 */
const auditedAddress = (url: string) => new URL(url).host;

/** `actor`: who changes it, for the audit row: an administrator's member id, or an API key's actor (`api_key:{id}`). */
export async function addEndpoint(env: Env, org: Tenant, actor: string, input: v.InferOutput<typeof endpointSchema>, now = Date.now()) {
  checkEndpointUrl(env, input.url);
  const db = getDb(env);
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  // The limit is counted inside the insert (decision 056): two adds at once cannot both pass it.
  const insert = insertUnderLimit(
    db,
    endpoints,
    { id, orgId: org.id, url: input.url, description: input.description, events: JSON.stringify(input.events), secret: await sealSecret(env, id, secret), createdAt: now, updatedAt: now },
    eq(endpoints.orgId, org.id),
    ENDPOINTS_MAX,
  );
  const audit = guardedAudit(db, org.id, actor, [{ action: "webhook.created", targetType: "webhook", targetId: id, detail: { host: auditedAddress(input.url), events: input.events } }], now, (target) => sql`exists (select 1 from ${endpoints} where ${endpoints.id} = ${target})`);
  const [inserted, , [row]] = await db.batch([insert, audit.statement, db.select().from(endpoints).where(eq(endpoints.id, id))]);
  if (!inserted.meta.changes || !row) throw badRequest("webhook_limit", `An organisation has at most ${ENDPOINTS_MAX} webhook endpoints.`);
  await invalidateOrganization(env, org);
  // The secret is answered here only: it is stored sealed and never shown again.
  return { endpoint: toEndpoint(row, now), secret };
}

export async function changeEndpoint(env: Env, org: Tenant, actor: string, id: string, change: v.InferOutput<typeof endpointChangeSchema>, now = Date.now()) {
  await ownEndpoint(env, org, id);
  if (change.url !== undefined) checkEndpointUrl(env, change.url);
  const set = {
    ...(change.url !== undefined ? { url: change.url } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.events !== undefined ? { events: JSON.stringify(change.events) } : {}),
    // Switched on again: its failures are forgotten, it starts afresh.
    ...(change.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
    ...(change.enabled === false ? { enabled: false, disabledReason: "admin" as const } : {}),
    updatedAt: now,
  };
  const db = getDb(env);
  const detail = { ...(change.url !== undefined ? { host: auditedAddress(change.url) } : {}), ...(change.events !== undefined ? { events: change.events } : {}), ...(change.enabled !== undefined ? { enabled: change.enabled } : {}) };
  const [[row]] = await db.batch([
    db.update(endpoints).set(set).where(and(eq(endpoints.id, id), eq(endpoints.orgId, org.id))).returning(),
    ...auditStatements(db, org.id, actor, [{ action: "webhook.updated", targetType: "webhook", targetId: id, detail }], now),
  ]);
  if (change.enabled !== undefined) await invalidateOrganization(env, org);
  return { endpoint: toEndpoint(row, now) };
}

export async function removeEndpoint(env: Env, org: Tenant, actor: string, id: string, now = Date.now()) {
  const current = await ownEndpoint(env, org, id);
  const db = getDb(env);
  // Its deliveries go with it (ON DELETE CASCADE); events other endpoints still name stay.
  await db.batch([
    db.delete(endpoints).where(and(eq(endpoints.id, id), eq(endpoints.orgId, org.id))),
    ...auditStatements(db, org.id, actor, [{ action: "webhook.deleted", targetType: "webhook", targetId: id, detail: { host: auditedAddress(current.url) } }], now),
  ]);
  await invalidateOrganization(env, org);
}

/** A new secret; the old one keeps signing beside it for ROTATION_OVERLAP_MS so receivers can switch without losing a message. */
export async function rotateSecret(env: Env, org: Tenant, actor: string, id: string, now = Date.now()) {
  const current = await ownEndpoint(env, org, id);
  const secret = newWebhookSecret();
  const until = now + ROTATION_OVERLAP_MS;
  const db = getDb(env);
  const [[row]] = await db.batch([
    db
      .update(endpoints)
      .set({ secret: await sealSecret(env, id, secret), previousSecret: current.secret, previousSecretUntil: until, updatedAt: now })
      .where(and(eq(endpoints.id, id), eq(endpoints.orgId, org.id)))
      .returning(),
    ...auditStatements(db, org.id, actor, [{ action: "webhook.secret_rotated", targetType: "webhook", targetId: id, detail: { previous_secret_until: new Date(until).toISOString() } }], now),
  ]);
  return { endpoint: toEndpoint(row, now), secret };
}

/** The `webhook.test` event to this endpoint only, through the same queue, signature and log as every event. */
export async function sendTestEvent(env: Env, org: Tenant, id: string, now = Date.now()) {
  const endpoint = await ownEndpoint(env, org, id);
  const eventId = newMessageId(now);
  const payload = JSON.stringify({ test: true, organization: { id: org.id, slug: org.slug }, endpoint: { id: endpoint.id } });
  const deliveryId = crypto.randomUUID();
  const db = getDb(env);
  const [, [row]] = await db.batch([
    db.insert(events).values({ id: eventId, orgId: org.id, type: WEBHOOK_TEST_EVENT, resource: `test:${eventId}`, payload, createdAt: now, dispatchedAt: now }),
    db
      .insert(deliveries)
      .values({
        id: deliveryId,
        orgId: org.id,
        endpointId: endpoint.id,
        eventId,
        eventType: WEBHOOK_TEST_EVENT,
        resource: `test:${eventId}`,
        status: "pending",
        body: storedBody(messageBody({ type: WEBHOOK_TEST_EVENT, payload, createdAt: now })),
        createdAt: now,
        nextAttemptAt: now,
      })
      .returning(),
  ]);
  await queueDelivery(env, deliveryId);
  return { delivery: toDelivery(row) };
}

/** The endpoint's deliveries, newest first, a page at a time (keyset: `cursor` is the last one's position). */
export async function listDeliveries(env: Env, org: Tenant, id: string, page: v.InferOutput<typeof deliveryPageSchema>) {
  const endpoint = await ownEndpoint(env, org, id);
  const rows = await getDb(env)
    .select({ row: deliveries, seq: sql<number>`${deliveries}.rowid`.as("seq") })
    .from(deliveries)
    .where(and(eq(deliveries.endpointId, endpoint.id), page.cursor !== undefined ? lt(sql`${deliveries}.rowid`, page.cursor) : undefined))
    .orderBy(desc(sql`${deliveries}.rowid`))
    .limit(pageLimit(page.limit) + 1);
  const shown = rows.slice(0, pageLimit(page.limit));
  return { deliveries: shown.map(({ row }) => toDelivery(row)), next_cursor: rows.length > shown.length ? String(shown[shown.length - 1].seq) : null };
}

async function ownDelivery(env: Env, org: Tenant, endpointId: string, deliveryId: string) {
  const row = await getDb(env)
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.endpointId, endpointId), eq(deliveries.orgId, org.id)))
    .get();
  if (!row) throw notFound("delivery_not_found", "The delivery cannot be found.");
  return row;
}

export async function getDelivery(env: Env, org: Tenant, endpointId: string, deliveryId: string) {
  await ownEndpoint(env, org, endpointId);
  return { delivery: toDelivery(await ownDelivery(env, org, endpointId, deliveryId), true) };
}

/** The same event again, as a new delivery with the same `webhook-id` (receivers that kept it drop the copy). */
export async function redeliver(env: Env, org: Tenant, endpointId: string, deliveryId: string, now = Date.now()) {
  await ownEndpoint(env, org, endpointId);
  const earlier = await ownDelivery(env, org, endpointId, deliveryId);
  const event = await getDb(env).select().from(events).where(eq(events.id, earlier.eventId)).get();
  if (!event) throw notFound("delivery_not_found", "The event of this delivery is no longer kept.");
  const [row] = await getDb(env)
    .insert(deliveries)
    .values({
      id: crypto.randomUUID(),
      orgId: org.id,
      endpointId,
      eventId: event.id,
      eventType: event.type,
      // Its own resource: a redelivery is what the administrator asked for now, not behind the resource's queue.
      resource: `redelivery:${crypto.randomUUID()}`,
      status: "pending",
      body: storedBody(messageBody(event)),
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning();
  await queueDelivery(env, row.id);
  return { delivery: toDelivery(row) };
}
