/**
 * An organisation's API keys (issue 31, section 2; docs/integrations.md; decision 050): created
 * by an administrator with scopes and an optional expiry, the whole key shown once and only its
 * SHA-256 kept, listed with their last use, revoked at once. Keys are random (256 bits), so a fast
 * hash is enough: nobody can guess one from its hash, and checking it costs a request nothing.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { API_KEY_PREFIX, API_KEY_SCOPES, API_KEYS_MAX, expiryOf, type ApiKeyCreation, type ApiKeyScope } from "../../app/domain/integrations";
import { auditStatements, guardedAudit } from "../audit/statements";
import { getDb, schema } from "../db/client";
import { insertUnderLimit } from "../db/insert-under-limit";
import { iso } from "../initiatives/serialize";
import { crockfordBase32Encode, randomToken, sha256Hex, timingSafeEqual } from "../lib/crypto";
import { badRequest, conflict, notFound } from "../lib/domain-errors";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

/** The key's public part: `cmk_` and 12 characters (60 random bits), unique; the list shows it. */
const newPrefix = () => `${API_KEY_PREFIX}${crockfordBase32Encode(crypto.getRandomValues(new Uint8Array(8))).slice(0, 12)}`;
/** A whole key: the prefix, `_`, and 32 random bytes in base64url. */
const KEY_PATTERN = /^(cmk_[0-9A-HJKMNP-TV-Z]{12})_[\w-]{43}$/;

/** The actor an API key's actions are audited as: never a member (decision 050). */
export const keyActor = (keyId: string) => `api_key:${keyId}`;

/** The scopes stored as JSON, read back as the known ones only. */
export const scopesOf = (stored: string): ApiKeyScope[] => {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? API_KEY_SCOPES.filter((scope) => parsed.includes(scope)) : [];
};

const keyJson = (row: typeof schema.apiKeys.$inferSelect, now: number) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: scopesOf(row.scopes),
  created_at: new Date(row.createdAt).toISOString(),
  expires_at: iso(row.expiresAt),
  last_used_at: iso(row.lastUsedAt),
  revoked_at: iso(row.revokedAt),
  status: row.revokedAt !== null ? ("revoked" as const) : row.expiresAt !== null && row.expiresAt <= now ? ("expired" as const) : ("active" as const),
});
export type ApiKeyJson = ReturnType<typeof keyJson>;

/** POST /admin/api-keys: the new key with its secret, the only time the secret is ever shown. */
export async function createApiKey(env: Env, org: Tenant, actor: StaffActor, input: ApiKeyCreation, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const expiresAt = input.expires_on ? expiryOf(input.expires_on) : null;
  if (expiresAt !== null && expiresAt <= now) throw badRequest("validation_error", "Some fields are missing or invalid.", { expires_on: "form_error_date_in_past" });
  const db = getDb(env);
  const prefix = newPrefix();
  const secret = `${prefix}_${randomToken(32)}`;
  const row = { id: crypto.randomUUID(), orgId: org.id, name: input.name, prefix, secretHash: await sha256Hex(secret), scopes: JSON.stringify(input.scopes), createdBy: actor.memberId, createdAt: now, expiresAt, lastUsedAt: null, revokedAt: null, revokedBy: null };
  // Keys in force are counted inside the insert (decision 056): two creates at once cannot both pass the limit.
  const inForce = and(eq(schema.apiKeys.orgId, org.id), isNull(schema.apiKeys.revokedAt));
  const audit = guardedAudit(db, org.id, actor.memberId, [{ action: "api_key.created", targetType: "api_key", targetId: row.id, detail: { name: row.name, prefix, scopes: input.scopes } }], now, (target) => sql`exists (select 1 from ${schema.apiKeys} where ${schema.apiKeys.id} = ${target})`);
  const [inserted] = await db.batch([insertUnderLimit(db, schema.apiKeys, row, inForce!, API_KEYS_MAX), audit.statement] as const);
  if (!inserted.meta.changes) throw conflict("api_keys_limit", `An organisation holds at most ${API_KEYS_MAX} keys; revoke one first.`);
  return { ...keyJson(row, now), secret };
}

/** GET /admin/api-keys: every key of the organisation, newest first, revoked ones included (their history). */
export async function listApiKeys(env: Env, org: Tenant, actor: StaffActor, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const rows = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.orgId, org.id)).orderBy(desc(schema.apiKeys.createdAt), desc(schema.apiKeys.id)).all();
  return { keys: rows.map((row) => keyJson(row, now)) };
}

/** DELETE /admin/api-keys/{id}: revoked from this instant (the next request with it gets 401). Revoking twice answers the same. */
export async function revokeApiKey(env: Env, org: Tenant, actor: StaffActor, id: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const key = await db.select().from(schema.apiKeys).where(and(eq(schema.apiKeys.orgId, org.id), eq(schema.apiKeys.id, id))).get();
  if (!key) throw notFound("api_key_not_found", "The key cannot be found.");
  if (key.revokedAt !== null) return keyJson(key, now);
  await db.batch([
    db.update(schema.apiKeys).set({ revokedAt: now, revokedBy: actor.memberId }).where(and(eq(schema.apiKeys.id, id), isNull(schema.apiKeys.revokedAt))),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "api_key.revoked", targetType: "api_key", targetId: id, detail: { name: key.name, prefix: key.prefix } }], now),
  ] as const);
  return keyJson({ ...key, revokedAt: now, revokedBy: actor.memberId }, now);
}

/** The key a request presents, when it is one of ours, in force (neither revoked nor expired), and matches its hash. */
export async function keyInForce(env: Env, presented: string, now = Date.now()) {
  const match = KEY_PATTERN.exec(presented);
  if (!match) return null;
  const key = await getDb(env).select().from(schema.apiKeys).where(eq(schema.apiKeys.prefix, match[1])).get();
  if (!key || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now)) return null;
  const hash = new TextEncoder().encode(await sha256Hex(presented));
  return timingSafeEqual(hash, new TextEncoder().encode(key.secretHash)) ? { id: key.id, orgId: key.orgId, name: key.name, scopes: scopesOf(key.scopes) } : null;
}

/**
 * One use of a key: its last use, and one audit row (api_key.used: method, path, answer status).
 * Written after the answer is made, in one batch; one row per request is what the issue asks for
 * (decision 050 weighs the volume).
 */
export async function recordKeyUse(env: Env, orgId: string, keyId: string, use: { method: string; path: string; status: number }, now = Date.now()) {
  const db = getDb(env);
  await db.batch([
    db.update(schema.apiKeys).set({ lastUsedAt: now }).where(eq(schema.apiKeys.id, keyId)),
    ...auditStatements(db, orgId, keyActor(keyId), [{ action: "api_key.used", targetType: "api_key", targetId: keyId, detail: use }], now),
  ] as const);
}
