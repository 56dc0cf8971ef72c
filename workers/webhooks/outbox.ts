/**
 * The webhooks' outbox (docs/decisions/051-webhooks-outbox.md): every change that an endpoint may
 * be told about writes its event with ONE statement made here, added to the same D1 batch as the
 * change itself. The batch is one transaction: a change that is written has its event, and a
 * change that rolls back (a guard that fails, a constraint) has none.
 *
 * The statement inserts only when the organisation has an enabled endpoint subscribed to that type
 * (or, for a new initiative, a chat channel that announces them): an organisation without webhooks
 * writes nothing. The check reads the organisation's own endpoint rows through their index (a
 * handful at most), inside the same statement: no round trip, no flag to keep in step.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { WebhookEventType } from "../../app/domain/webhooks";
import { schema, type Database } from "../db/client";

/** What an event is about: one resource's events reach an endpoint in the order they were written. */
export type EventResource = `${"initiative" | "participation" | "record" | "contribution" | "proposal" | "member" | "certificate"}:${string}`;

const dialect = new SQLiteSyncDialect();

/**
 * The organisations the running request or queue batch made outbox statements for, so that what
 * it wrote is dispatched when it is over (kick.ts, decision 059). Noted when the statement is made,
 * not when its batch commits: one that rolls back leaves no event, and the dispatch finds none.
 */
const outboxWrites = new AsyncLocalStorage<Set<string>>();

/** Runs `work`, noting in `written` every organisation an outbox statement is made for meanwhile. */
export const collectOutboxWrites = <T>(written: Set<string>, work: () => T): T => outboxWrites.run(written, work);

/** A Standard Webhooks message id: time-ordered, unique, the same on every attempt and redelivery. */
export function newMessageId(now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(10));
  return `msg_${now.toString(36).padStart(9, "0")}${[...random].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** One event of a change: `target` is the id a guard names (a guarded write's audit target); `resource` defaults to it. */
export interface OutboxEntry {
  target: string;
  resource: EventResource;
  payload: Record<string, unknown>;
}

/**
 * One statement for any number of events of one type (the entries travel as one JSON parameter,
 * as guardedAudit's do, so a bulk decision of 500 records is one statement). `guard`: an event is
 * written only for the targets it holds for, e.g. `(target) => sql`${target} in ${audit.targets}``
 * after a guarded write (decision 025): no event for a decision someone else made first.
 */
function eventsSelect(orgId: string, type: WebhookEventType, entries: OutboxEntry[], now: number, guard?: (target: SQL) => SQL) {
  outboxWrites.getStore()?.add(orgId);
  const rows = entries.map((entry, index) => ({ m: newMessageId(now + index), t: entry.target, r: entry.resource, p: JSON.stringify(entry.payload) }));
  const field = (key: keyof (typeof rows)[number]) => sql.raw(`json_extract(outbox_entry.value, '$.${key}')`);
  const subscribed = sql`EXISTS (SELECT 1 FROM webhook_endpoints WHERE org_id = ${orgId} AND enabled = 1 AND events LIKE ${`%"${type}"%`})`;
  // A new initiative is also what a Slack or Teams channel may announce (workers/chat-apps/announce.ts).
  const announced =
    type === "initiative.created" ? sql` OR EXISTS (SELECT 1 FROM chat_app_connections WHERE org_id = ${orgId} AND enabled = 1 AND topics LIKE '%"new_initiatives"%')` : sql``;
  // Every column in the table's order (id, org_id, type, resource, payload, created_at, dispatched_at).
  return sql`SELECT ${field("m")}, ${orgId}, ${type}, ${field("r")}, ${field("p")}, ${now}, NULL FROM json_each(${JSON.stringify(rows)}) AS outbox_entry
    WHERE (${subscribed}${announced})${guard ? sql` AND ${guard(field("t"))}` : sql``}`;
}

/** The outbox statement for a drizzle batch: `db.batch([change, outboxEvents(db, …)])`. */
export function outboxEvents(db: Database, orgId: string, type: WebhookEventType, entries: OutboxEntry[], now = Date.now(), guard?: (target: SQL) => SQL) {
  return db.insert(schema.webhookEvents).select(eventsSelect(orgId, type, entries, now, guard));
}

const single = (resource: EventResource, payload: Record<string, unknown>): OutboxEntry[] => [{ target: resource.slice(resource.indexOf(":") + 1), resource, payload }];

/** One event: `outboxEvent(db, org.id, "initiative.created", "initiative:<id>", { … })`; the guard's target is the id after the colon. */
export function outboxEvent(db: Database, orgId: string, type: WebhookEventType, resource: EventResource, payload: Record<string, unknown>, now = Date.now(), guard?: (target: SQL) => SQL) {
  return outboxEvents(db, orgId, type, single(resource, payload), now, guard);
}

/** The same statement for a batch of raw D1 statements (`env.DB.batch([...])`). */
export function outboxStatement(
  d1: D1Database,
  orgId: string,
  type: WebhookEventType,
  resource: EventResource,
  payload: Record<string, unknown>,
  now = Date.now(),
  guard?: (target: SQL) => SQL,
): D1PreparedStatement {
  const query = dialect.sqlToQuery(sql`INSERT INTO webhook_events (id, org_id, type, resource, payload, created_at, dispatched_at) ${eventsSelect(orgId, type, single(resource, payload), now, guard)}`);
  return d1.prepare(query.sql).bind(...query.params);
}
