/**
 * The organisation as an issuer (issue 32; docs/credentials.md): its identifier is did:web of its
 * own host, its signing key an Ed25519 pair made the first time it signs. The private key is kept
 * sealed (AES-GCM, workers/lib/crypto.ts seal) with CREDENTIALS_KEY_SECRET; an administrator
 * rotates it, and the retired public keys stay in the DID document so earlier credentials verify.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { randomToken, seal, unseal } from "../lib/crypto";
import { unavailable } from "../lib/domain-errors";
import { violatesUnique } from "../lib/unique-violation";
import { auditStatements } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import { organizationOrigin, type Tenant } from "../tenant/organizations";

const { credentialIssuerKeys: keys } = schema;

/** did:web of a host: its port, if any, percent-encoded (did:web method, section 3.1). */
export const didOfHost = (host: string) => `did:web:${host.replace(/:/g, "%3A")}`;

/** The organisation's issuer identifier: did:web of its own host (the one its links use). */
export const issuerDid = (env: Env, org: Pick<Tenant, "hostnames">) => didOfHost(new URL(organizationOrigin(env, org)).host);

export interface IssuerKey {
  id: string;
  publicJwk: JWK;
  createdAt: number;
  retiredAt: number | null;
}

export interface SigningKey {
  id: string;
  privateKey: CryptoKey | Uint8Array;
  /** Its public half, as the DID document lists it (OB 3.0 verifiers may read it from the JWS header). */
  publicJwk: JWK;
}

/** The secret keys are sealed with; unset, credentials are off (503). */
export function credentialsSecret(env: Env): string {
  const secret = getConfig(env).CREDENTIALS_KEY_SECRET;
  if (!secret) throw unavailable("credentials_unavailable", "Verifiable credentials are not configured on this server.");
  return secret;
}

const sealedAs = (orgId: string, keyId: string) => `credential-key:${orgId}:${keyId}`;

/**
 * The sealed text binds the key to its organisation and id: a row copied to another organisation
 * (or renamed) does not unseal, so one organisation's key can never sign for another.
 */
const sealPrivate = (secret: string, orgId: string, keyId: string, jwk: JWK) => seal(secret, JSON.stringify({ for: sealedAs(orgId, keyId), jwk }));

async function unsealPrivate(secret: string, orgId: string, keyId: string, sealed: string): Promise<JWK | null> {
  const text = await unseal(secret, sealed);
  if (!text) return null;
  const value = JSON.parse(text) as { for?: string; jwk?: JWK };
  return value.for === sealedAs(orgId, keyId) && value.jwk ? value.jwk : null;
}

async function newKeyRow(secret: string, orgId: string, now: number) {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const id = `key-${randomToken(9)}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid: id };
  return { id, orgId, publicJwk: JSON.stringify(publicJwk), sealedPrivateJwk: await sealPrivate(secret, orgId, id, await exportJWK(privateKey)), createdAt: now };
}

const toIssuerKey = (row: typeof keys.$inferSelect): IssuerKey => ({ id: row.id, publicJwk: JSON.parse(row.publicJwk) as JWK, createdAt: row.createdAt, retiredAt: row.retiredAt });

/** Every key of the organisation, oldest first: the DID document lists them all. */
/** The organisation's keys as administrators see them (never a private part), oldest first: a query to run in a batch. */
export const issuerKeyListQuery = (env: Env, orgId: string) =>
  getDb(env).select({ id: keys.id, createdAt: keys.createdAt, retiredAt: keys.retiredAt }).from(keys).where(eq(keys.orgId, orgId)).orderBy(asc(keys.createdAt), asc(keys.id));

/** Those keys as the API answers them: the one with `retired_at` null signs. */
export const issuerKeyViews = (rows: { id: string; createdAt: number; retiredAt: number | null }[]) =>
  rows.map((key) => ({ id: key.id, created_at: new Date(key.createdAt).toISOString(), retired_at: key.retiredAt === null ? null : new Date(key.retiredAt).toISOString() }));

export async function issuerKeys(env: Env, orgId: string): Promise<IssuerKey[]> {
  const rows = await getDb(env).select().from(keys).where(eq(keys.orgId, orgId)).orderBy(asc(keys.createdAt), asc(keys.id));
  return rows.map(toIssuerKey);
}

/**
 * The key the organisation signs with now, made the first time (two first signings at once: the
 * unique index on the key in use lets one write, the other reads it back).
 */
export async function signingKey(env: Env, orgId: string, now = Date.now()): Promise<SigningKey> {
  const secret = credentialsSecret(env);
  const db = getDb(env);
  const active = () => db.select().from(keys).where(and(eq(keys.orgId, orgId), isNull(keys.retiredAt))).get();
  let row = await active();
  if (!row) {
    try {
      await db.insert(keys).values(await newKeyRow(secret, orgId, now));
    } catch (error) {
      if (!violatesUnique(error, "credential_issuer_keys")) throw error;
    }
    row = await active();
  }
  if (!row) throw unavailable("credentials_unavailable", "The organisation's signing key cannot be read.");
  const jwk = await unsealPrivate(secret, orgId, row.id, row.sealedPrivateJwk);
  // Sealed with another secret (CREDENTIALS_KEY_SECRET changed): an administrator rotates the key.
  if (!jwk) throw unavailable("credentials_key_unreadable", "The organisation's signing key cannot be read; an administrator must rotate it.");
  return { id: row.id, privateKey: await importJWK(jwk, "EdDSA"), publicJwk: JSON.parse(row.publicJwk) as JWK };
}

/**
 * An administrator replaces the key in use: the old one is retired (kept, for verification) and
 * a new one signs from now on, in one batch with its audit row. Answers the new key.
 */
export async function rotateSigningKey(env: Env, org: Tenant, actor: StaffActor, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const secret = credentialsSecret(env);
  const db = getDb(env);
  const row = await newKeyRow(secret, org.id, now);
  await db.batch([
    db.update(keys).set({ retiredAt: now }).where(and(eq(keys.orgId, org.id), isNull(keys.retiredAt))),
    db.insert(keys).values(row),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "organization.credentials_key_rotated", targetType: "organization", targetId: org.id, detail: { key: row.id } }], now),
  ]);
  return { id: row.id, created_at: new Date(now).toISOString() };
}

/**
 * The DID document of `host` for its organisation (did:web): every key the organisation ever
 * signed with, as JsonWebKey verification methods, the one in use and the retired ones alike.
 */
export async function didDocument(env: Env, org: Tenant, host: string) {
  const did = didOfHost(host);
  const all = await issuerKeys(env, org.id);
  const methods = all.map((key) => `${did}#${key.id}`);
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/jwk/v1"],
    id: did,
    // Every host of the organisation names the same issuer: the one its credentials carry.
    ...(issuerDid(env, org) === did ? {} : { alsoKnownAs: [issuerDid(env, org)] }),
    verificationMethod: all.map((key) => ({ id: `${did}#${key.id}`, type: "JsonWebKey", controller: did, publicKeyJwk: key.publicJwk })),
    assertionMethod: methods,
    authentication: methods,
  };
}
