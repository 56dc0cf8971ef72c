/**
 * Checking a credential by machine (issue 32, section 2): the signature against the issuer's DID
 * document as this Worker serves it (keys read from our own database: nothing is fetched from
 * outside), the issuer's status list, and the dates. Only the host's organisation's credentials
 * can be checked here: any other issuer is one we cannot vouch for, so "invalid".
 */
import { and, eq } from "drizzle-orm";
import { compactVerify, decodeProtectedHeader, importJWK } from "jose";
import { MAX_UPLOADED_CREDENTIAL_LENGTH, type VerificationState } from "../../app/domain/credentials";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { organizationOrigin, type Tenant } from "../tenant/organizations";
import { didOfHost, issuerDid, issuerKeys } from "./keys";
import { statusListUrl } from "./issue";

const { credentials } = schema;

/** Why a credential is invalid, for machines (the page says it in words). */
export type InvalidReason = "malformed" | "unknown_issuer" | "unknown_key" | "bad_signature" | "not_a_credential" | "issuer_mismatch" | "unknown_status";

export interface Verification {
  state: VerificationState;
  reason: InvalidReason | null;
  revoked_at: string | null;
  /** What the credential states, when its signature holds. */
  credential: {
    id: string;
    name: string;
    issuer: { id: string; name: string };
    achievement: { name: string; description: string };
    hours: number | null;
    valid_from: string | null;
    valid_until: string | null;
  } | null;
}

const invalid = (reason: InvalidReason): Verification => ({ state: "invalid", reason, revoked_at: null, credential: null });

/** The DIDs the organisation answers to: its own host's and every hostname's it serves. */
function organizationDids(env: Env, org: Tenant): Set<string> {
  return new Set([issuerDid(env, org), ...org.hostnames.map(didOfHost)]);
}

/** The JWS of an uploaded credential: the compact text itself, or a VC 2.0 EnvelopedVerifiableCredential holding it. */
export function jwsOfUpload(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_UPLOADED_CREDENTIAL_LENGTH) return null;
  if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed)) return trimmed;
  try {
    const value = JSON.parse(trimmed) as { id?: unknown; type?: unknown };
    const id = typeof value.id === "string" ? value.id : "";
    const prefix = id.match(/^data:application\/vc\+jwt,/);
    if (!prefix) return null;
    const jws = id.slice(prefix[0].length);
    return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(jws) ? jws : null;
  } catch {
    return null;
  }
}

interface Payload {
  id?: unknown;
  type?: unknown;
  name?: unknown;
  issuer?: { id?: unknown; name?: unknown } | unknown;
  validFrom?: unknown;
  validUntil?: unknown;
  credentialSubject?: { achievement?: { name?: unknown; description?: unknown }; result?: { value?: unknown }[] };
  credentialStatus?: { statusListIndex?: unknown; statusListCredential?: unknown };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Checks the compact JWS `jws` as a credential of `org`, at `now`. */
export async function verifyCredentialJws(env: Env, org: Tenant, jws: string, now = Date.now()): Promise<Verification> {
  let kid: string;
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== "EdDSA" || typeof header.kid !== "string") return invalid("malformed");
    kid = header.kid;
  } catch {
    return invalid("malformed");
  }
  const [did, keyId] = kid.split("#");
  if (!organizationDids(env, org).has(did) || !keyId) return invalid("unknown_issuer");
  const key = (await issuerKeys(env, org.id)).find((candidate) => candidate.id === keyId);
  if (!key) return invalid("unknown_key");
  let payload: Payload;
  try {
    const { payload: bytes } = await compactVerify(jws, await importJWK(key.publicJwk, "EdDSA"), { algorithms: ["EdDSA"] });
    payload = JSON.parse(new TextDecoder().decode(bytes)) as Payload;
  } catch {
    return invalid("bad_signature");
  }
  const types = Array.isArray(payload.type) ? payload.type : [];
  if (!types.includes("VerifiableCredential") || !types.includes("OpenBadgeCredential")) return invalid("not_a_credential");
  const issuer = (payload.issuer ?? {}) as { id?: unknown; name?: unknown };
  // The key is the organisation's; the credential must say so too (one organisation's key never speaks for another's name).
  if (!organizationDids(env, org).has(text(issuer.id))) return invalid("issuer_mismatch");
  const status = payload.credentialStatus ?? {};
  const index = Number(text(status.statusListIndex));
  if (text(status.statusListCredential) !== statusListUrl(organizationOrigin(env, org)) || !Number.isInteger(index)) return invalid("unknown_status");
  const revoked = await getDb(env)
    .select({ revokedAt: credentials.revokedAt })
    .from(credentials)
    .where(and(eq(credentials.orgId, org.id), eq(credentials.statusIndex, index)))
    .get();
  const validFrom = Date.parse(text(payload.validFrom));
  const validUntil = Date.parse(text(payload.validUntil));
  const subject = payload.credentialSubject ?? {};
  const hours = Number(subject.result?.[0]?.value);
  const stated: Verification["credential"] = {
    id: text(payload.id),
    name: text(payload.name),
    issuer: { id: text(issuer.id), name: text(issuer.name) },
    achievement: { name: text(subject.achievement?.name), description: text(subject.achievement?.description) },
    hours: Number.isFinite(hours) ? hours : null,
    valid_from: Number.isNaN(validFrom) ? null : iso(validFrom),
    valid_until: Number.isNaN(validUntil) ? null : iso(validUntil),
  };
  const revokedAt = revoked?.revokedAt ?? null;
  const state: VerificationState =
    revokedAt !== null ? "revoked" : Number.isNaN(validFrom) || validFrom > now ? "invalid" : !Number.isNaN(validUntil) && validUntil <= now ? "expired" : "authentic";
  return { state, reason: state === "invalid" ? "malformed" : null, revoked_at: iso(revokedAt), credential: stated };
}

/** The stored credential `id` of the host's organisation, checked as anyone's copy would be; null: no such credential. */
export async function verifyStoredCredential(env: Env, org: Tenant, id: string, now = Date.now()): Promise<Verification | null> {
  const row = await getDb(env).select({ jwt: credentials.jwt }).from(credentials).where(and(eq(credentials.id, id), eq(credentials.orgId, org.id))).get();
  return row ? verifyCredentialJws(env, org, row.jwt, now) : null;
}
