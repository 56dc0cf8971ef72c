/**
 * An organisation's Slack and Teams channels as administrators manage them (docs/api/webhooks.md,
 * "Chat apps"): an incoming-webhook URL per channel, on the tool's own host (CHAT_APP_HOSTS) and
 * reachable by the guarded fetch, stored sealed (whoever has it can post to the channel), and what
 * the channel is told. Answers never carry the URL back, only its host.
 */
import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import { CHAT_APP_HOSTS, CHAT_APP_KINDS, CHAT_APP_TOPICS, type ChatAppKind } from "../../app/domain/webhooks";
import { auditStatements, guardedAudit } from "../audit/statements";
import { getDb, schema } from "../db/client";
import { insertUnderLimit } from "../db/insert-under-limit";
import { badRequest, notFound } from "../lib/domain-errors";
import { invalidateOrganization, type Tenant } from "../tenant/organizations";
import { checkEndpointUrl } from "../webhooks/endpoints";
import { isoTime as iso } from "../webhooks/payloads";
import { sealSecret } from "../webhooks/secrets";
import { messagesIn } from "../webhooks/strings";
import { queueAnnouncements } from "./post";

const { chatAppConnections: connections } = schema;
export const CONNECTIONS_MAX = 20;

const hookUrl = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(2000, "form_error_max_length"), v.check((text) => URL.canParse(text), "form_error_invalid_url"));
const channel = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(80, "form_error_max_length"));
const topics = v.pipe(v.array(v.picklist(CHAT_APP_TOPICS, "form_error_invalid"), "form_error_invalid"), v.minLength(1, "chat_topics_required"), v.transform((list) => [...new Set(list)]));

export const connectionSchema = v.strictObject({ kind: v.picklist(CHAT_APP_KINDS, "form_error_invalid"), channel, url: hookUrl, topics }, "form_error_unknown_field");
export const connectionChangeSchema = v.pipe(
  v.strictObject({ channel: v.optional(channel), url: v.optional(hookUrl), topics: v.optional(topics), enabled: v.optional(v.boolean("form_error_invalid")) }, "form_error_unknown_field"),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);

type ConnectionRow = typeof connections.$inferSelect;
const toConnection = (row: ConnectionRow) => ({ id: row.id, kind: row.kind, channel: row.channel, topics: JSON.parse(row.topics) as string[], enabled: row.enabled, created_at: iso(row.createdAt)! });

/** The tool's own incoming-webhook host, and an address the guarded fetch may reach. */
function checkHookUrl(env: Env, kind: ChatAppKind, address: string) {
  checkEndpointUrl(env, address);
  if (!CHAT_APP_HOSTS[kind].test(new URL(address).hostname.toLowerCase())) throw badRequest("validation_error", `This is not an incoming-webhook address of ${kind === "slack" ? "Slack" : "Teams"}.`, { url: `chat_url_not_${kind}` });
}

async function ownConnection(env: Env, org: Tenant, id: string) {
  const row = await getDb(env).select().from(connections).where(and(eq(connections.id, id), eq(connections.orgId, org.id))).get();
  if (!row) throw notFound("chat_app_not_found", "The chat channel cannot be found.");
  return row;
}

export async function listConnections(env: Env, org: Tenant) {
  const rows = await getDb(env).select().from(connections).where(eq(connections.orgId, org.id)).orderBy(connections.createdAt);
  return { connections: rows.map(toConnection) };
}

/**
 * `actor`: the administrator who changes it, for the audit row. The channel's address is a secret
 * of its own (whoever has it posts to the channel): the audit says the kind and the channel's name.
 */
export async function addConnection(env: Env, org: Tenant, actor: string, input: v.InferOutput<typeof connectionSchema>, now = Date.now()) {
  checkHookUrl(env, input.kind, input.url);
  const db = getDb(env);
  const id = crypto.randomUUID();
  // The limit is counted inside the insert (decision 056): two adds at once cannot both pass it.
  const insert = insertUnderLimit(
    db,
    connections,
    { id, orgId: org.id, kind: input.kind, channel: input.channel, url: await sealSecret(env, id, input.url), topics: JSON.stringify(input.topics), createdAt: now },
    eq(connections.orgId, org.id),
    CONNECTIONS_MAX,
  );
  const audit = guardedAudit(db, org.id, actor, [{ action: "chat_app.created", targetType: "chat_app", targetId: id, detail: { kind: input.kind, channel: input.channel, topics: input.topics } }], now, (target) => sql`exists (select 1 from ${connections} where ${connections.id} = ${target})`);
  const [inserted, , [row]] = await db.batch([insert, audit.statement, db.select().from(connections).where(eq(connections.id, id))]);
  if (!inserted.meta.changes || !row) throw badRequest("chat_app_limit", `An organisation has at most ${CONNECTIONS_MAX} chat channels.`);
  await invalidateOrganization(env, org);
  return { connection: toConnection(row) };
}

export async function changeConnection(env: Env, org: Tenant, actor: string, id: string, change: v.InferOutput<typeof connectionChangeSchema>, now = Date.now()) {
  const current = await ownConnection(env, org, id);
  if (change.url !== undefined) checkHookUrl(env, current.kind, change.url);
  const db = getDb(env);
  const detail = {
    ...(change.channel !== undefined ? { channel: change.channel } : {}),
    ...(change.url !== undefined ? { address_changed: true } : {}),
    ...(change.topics !== undefined ? { topics: change.topics } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
  };
  const changed = db
    .update(connections)
    .set({
      ...(change.channel !== undefined ? { channel: change.channel } : {}),
      ...(change.url !== undefined ? { url: await sealSecret(env, id, change.url) } : {}),
      ...(change.topics !== undefined ? { topics: JSON.stringify(change.topics) } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    })
    .where(and(eq(connections.id, id), eq(connections.orgId, org.id)))
    .returning();
  const [[row]] = await db.batch([changed, ...auditStatements(db, org.id, actor, [{ action: "chat_app.updated", targetType: "chat_app", targetId: id, detail }], now)]);
  if (change.enabled !== undefined) await invalidateOrganization(env, org);
  return { connection: toConnection(row) };
}

export async function removeConnection(env: Env, org: Tenant, actor: string, id: string, now = Date.now()) {
  const current = await ownConnection(env, org, id);
  const db = getDb(env);
  await db.batch([
    db.delete(connections).where(and(eq(connections.id, id), eq(connections.orgId, org.id))),
    ...auditStatements(db, org.id, actor, [{ action: "chat_app.deleted", targetType: "chat_app", targetId: id, detail: { kind: current.kind, channel: current.channel } }], now),
  ]);
  await invalidateOrganization(env, org);
}

/** A test message to the channel, through the queue as every announcement. */
export async function testConnection(env: Env, org: Tenant, id: string, origin: string) {
  const row = await ownConnection(env, org, id);
  const { t } = messagesIn(org.community.language);
  await queueAnnouncements(env, [{ connectionId: row.id, announcement: { title: t("chat_test_title", { organization: org.name }), lines: [t("chat_test_body")], link: { url: `${origin}/initiative`, label: t("chat_open_all") } } }]);
}
