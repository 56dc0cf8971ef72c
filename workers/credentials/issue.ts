/**
 * Issuing credentials (issue 32; docs/credentials.md, decision 047): one OpenBadgeCredential per
 * participation while it has counted hours, signed as a compact JWS (VC-JOSE, EdDSA) with the
 * organisation's key. Reconciling a participation brings its credential in line with its hours:
 * none yet, one is issued; the hours changed (a later validation), the old one is revoked as
 * superseded and a new one issued; no hours count any more, it is revoked. One the member
 * withdrew is not issued again for the same hours. Idempotent, so the queue may deliver a job twice.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { CompactSign } from "jose";
import { getDb, schema } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { certificatePayload } from "../webhooks/payloads";
import { getConfig } from "../lib/config";
import { sha256Hex } from "../lib/crypto";
import { violatesUnique } from "../lib/unique-violation";
import { COUNTED_HOURS } from "../reports/counted-hours";
import { organizationOrigin, type Tenant } from "../tenant/organizations";
import { issuerDid, signingKey, type SigningKey } from "./keys";
import { participationCredential, rollupCredential } from "./open-badge";
import { STATUS_LIST_LENGTH } from "./bitstring";

const { credentials, participations, initiatives, members } = schema;

/** Sixteen characters of the certificates' alphabet (80 bits; CREDENTIAL_ID_PATTERN): never mistaken for a certificate's ten. */
const ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz";
const newCredentialId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => ID_ALPHABET[byte % 32]).join("");

/** A random bit of the status list: positions say nothing about order or number issued (herd privacy). */
const randomStatusIndex = () => crypto.getRandomValues(new Uint32Array(1))[0] % STATUS_LIST_LENGTH;

export const credentialUrl = (origin: string, id: string) => `${origin}/credentials/${id}`;
export const statusListUrl = (origin: string) => `${origin}/credentials/status/revocation`;
export const verifyPagePath = (id: string) => `/verify/${id}`;

/**
 * Signs `payload` as VC-JOSE: a compact JWS whose payload is the credential (typ vc+jwt). The kid
 * names the verification method of the issuer's DID document; the public jwk rides along for
 * Open Badges 3.0 verifiers (its section 8.2), which must still find it in that document.
 */
export async function signCredential(did: string, key: SigningKey, payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "EdDSA", kid: `${did}#${key.id}`, typ: "vc+jwt", cty: "vc", jwk: { kty: key.publicJwk.kty, crv: key.publicJwk.crv, x: key.publicJwk.x } })
    .sign(key.privateKey);
}

/** OB 3.0 IdentityObject hash: "sha256$" and the hex SHA-256 of the identity with its salt appended. */
export const identityHash = async (email: string, salt: string) => `sha256$${await sha256Hex(email.trim().toLowerCase() + salt)}`;

interface Counted {
  participationId: string;
  memberId: string;
  email: string;
  erased: boolean;
  hours: number;
  validatedAt: number | null;
  initiative: { slug: string; title: string; description: string; image: string | null; type: string };
  sdgs: number[];
  competences: string[];
}

/** The participation's counted hours and what the credential states about its initiative; null if not the organisation's. */
async function countedHours(env: Env, orgId: string, participationId: string): Promise<Counted | null> {
  const db = getDb(env);
  const [rows, sdgs, competences] = await db.batch([
    db
      .select({
        memberId: participations.memberId,
        email: members.email,
        erasedAt: members.erasedAt,
        slug: initiatives.slug,
        title: initiatives.title,
        description: initiatives.description,
        image: initiatives.image,
        type: initiatives.type,
        hours: sql<number>`(select coalesce(sum(r.hours), 0) from participation_records r where r.participation_id = ${participations.id} and ${sql.raw(COUNTED_HOURS)})`,
        validatedAt: sql<number | null>`(select max(coalesce(r.reviewed_at, r.created_at)) from participation_records r where r.participation_id = ${participations.id} and ${sql.raw(COUNTED_HOURS)})`,
      })
      .from(participations)
      .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
      .innerJoin(members, eq(members.id, participations.memberId))
      .where(and(eq(participations.id, participationId), eq(participations.orgId, orgId))),
    db
      .select({ id: schema.initiativeSdgs.sdgId })
      .from(schema.initiativeSdgs)
      .innerJoin(participations, eq(participations.initiativeId, schema.initiativeSdgs.initiativeId))
      .where(eq(participations.id, participationId)),
    db
      .select({ slug: schema.initiativeCompetences.competenceSlug })
      .from(schema.initiativeCompetences)
      .innerJoin(participations, eq(participations.initiativeId, schema.initiativeCompetences.initiativeId))
      .where(eq(participations.id, participationId)),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    participationId,
    memberId: row.memberId,
    email: row.email,
    erased: row.erasedAt !== null,
    hours: Number(row.hours),
    validatedAt: row.validatedAt === null ? null : Number(row.validatedAt),
    initiative: { slug: row.slug, title: row.title, description: row.description, image: row.image, type: row.type },
    sdgs: sdgs.map((goal) => goal.id).sort((a, b) => a - b),
    competences: competences.map((competence) => competence.slug).sort(),
  };
}

const absolute = (path: string | null, origin: string) => (path ? new URL(path, origin).toString() : null);

/**
 * Brings the participation's credential in line with its counted hours (above). Answers the
 * credential in force afterwards, or null when none is owed.
 */
export async function reconcileCredential(env: Env, org: Tenant, participationId: string, now = Date.now()): Promise<{ id: string; issued: boolean } | null> {
  const db = getDb(env);
  const counted = await countedHours(env, org.id, participationId);
  const current = await db
    .select({ id: credentials.id, hours: credentials.hours })
    .from(credentials)
    .where(and(eq(credentials.participationId, participationId), eq(credentials.orgId, org.id), isNull(credentials.revokedAt)))
    .get();
  const owed = counted !== null && counted.hours > 0 && !counted.erased;
  if (current && owed && current.hours === counted.hours) return { id: current.id, issued: false };
  const revokeCurrent = current
    ? db.update(credentials).set({ revokedAt: now, revokedReason: owed ? "superseded" : "staff" }).where(and(eq(credentials.id, current.id), isNull(credentials.revokedAt)))
    : null;
  if (!owed) {
    if (revokeCurrent) await revokeCurrent;
    return null;
  }
  // The member withdrew the credential for these very hours: it is not issued again behind their back.
  const withdrawn = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.participationId, participationId), eq(credentials.revokedReason, "member"), eq(credentials.hours, counted.hours)))
    .get();
  if (withdrawn) return null;
  const issuer = await issuerOf(env, org, counted.email, now);
  const initiative = { ...counted.initiative, url: `${issuer.origin}/initiative/${counted.initiative.slug}`, image: absolute(counted.initiative.image, issuer.origin), sdgs: counted.sdgs, competences: counted.competences };
  return signAndStore(env, issuer, {
    row: { memberId: counted.memberId, participationId, hours: counted.hours },
    build: (common) => participationCredential({ ...common, initiative, hours: counted.hours, validatedAt: counted.validatedAt ?? now }),
    // The old one's revocation and the new one's insert in one transaction: never two in force, never none between.
    alongside: revokeCurrent,
    // Another delivery of the same job issued it meanwhile: that one stands.
    stored: async () => {
      const issued = await db
        .select({ id: credentials.id, hours: credentials.hours })
        .from(credentials)
        .where(and(eq(credentials.participationId, participationId), isNull(credentials.revokedAt)))
        .get();
      return issued && issued.hours === counted.hours ? issued.id : null;
    },
  });
}

/** Who signs, and how the member is named: the organisation's DID, key and origin, the salted hash of the address. */
async function issuerOf(env: Env, org: Tenant, email: string, now: number) {
  const origin = organizationOrigin(env, org);
  const did = issuerDid(env, org);
  const salt = crypto.randomUUID().replace(/-/g, "");
  return {
    org,
    now,
    origin,
    did,
    key: await signingKey(env, org.id, now),
    profile: { id: did, name: org.name, url: origin, image: absolute(org.logo, origin) },
    identity: { hash: await identityHash(email, salt), salt },
  };
}

interface CommonFacts {
  id: string;
  issuer: { id: string; name: string; url: string; image: string | null };
  identity: { hash: string; salt: string };
  validFrom: number;
  status: { listUrl: string; index: number };
}

/**
 * Signs the credential `build` makes for a fresh id and a random status bit, and stores it (with
 * `alongside` in the same batch). A unique clash is either another delivery that stored it
 * meanwhile (`stored` finds it: that one stands) or a status bit already taken: another is drawn.
 */
async function signAndStore(
  env: Env,
  issuer: Awaited<ReturnType<typeof issuerOf>>,
  input: {
    row: Pick<typeof credentials.$inferInsert, "memberId" | "participationId" | "certificateId" | "hours">;
    build: (common: CommonFacts) => { id: string };
    alongside?: BatchItem<"sqlite"> | null;
    stored: () => Promise<string | null>;
  },
): Promise<{ id: string; issued: boolean }> {
  const db = getDb(env);
  const { org, now, origin, did, key } = issuer;
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = newCredentialId();
    const statusIndex = randomStatusIndex();
    const credential = input.build({ id: credentialUrl(origin, id), issuer: issuer.profile, identity: issuer.identity, validFrom: now, status: { listUrl: statusListUrl(origin), index: statusIndex } });
    // The JWT claims an OB 3.0 verifier reads besides the credential (iss, jti, nbf), consistent with it.
    const jwt = await signCredential(did, key, { ...credential, iss: did, jti: credential.id, nbf: Math.floor(now / 1000) });
    const insert = db.insert(credentials).values({ ...input.row, id, orgId: org.id, jwt, statusIndex, keyId: key.id, issuedAt: now });
    // Told in the same batch: a credential that lost its status index to another is not announced.
    const told = outboxEvent(db, org.id, "certificate.issued", `certificate:${id}`, certificatePayload(id, input.row, credentialUrl(origin, id)), now);
    try {
      await (input.alongside ? db.batch([input.alongside, insert, told]) : db.batch([insert, told]));
      return { id, issued: true };
    } catch (error) {
      if (!violatesUnique(error, "credentials")) throw error;
      const stored = await input.stored();
      if (stored) return { id: stored, issued: false };
    }
  }
  throw new Error("no free status index after four draws");
}

/** What the social CV certificate states (workers/social-cv/certificates.ts), as the roll-up needs it. */
export interface RollupInput {
  certificateId: string;
  memberId: string;
  hours: number;
  period: { from: number | null; to: number | null };
  sdgs: number[];
  competences: string[];
  initiatives: { slug: string; title: string; hours: number }[];
}

/**
 * The social CV's roll-up credential, issued with its certificate (PDF): the period, the total
 * validated hours, the goals, competences and initiatives. One per certificate (a retried render
 * finds the one it issued); answers its id, or null when credentials are off or the member has no
 * address to be named by.
 */
export async function issueRollupCredential(env: Env, org: Tenant, input: RollupInput, now = Date.now()): Promise<string | null> {
  if (!getConfig(env).CREDENTIALS_KEY_SECRET) return null;
  const db = getDb(env);
  const stored = async () => (await db.select({ id: credentials.id }).from(credentials).where(eq(credentials.certificateId, input.certificateId)).get())?.id ?? null;
  const existing = await stored();
  if (existing) return existing;
  const member = await db.select({ email: members.email, erasedAt: members.erasedAt }).from(members).where(eq(members.id, input.memberId)).get();
  if (!member || member.erasedAt !== null) return null;
  const issuer = await issuerOf(env, org, member.email, now);
  const initiatives = input.initiatives.map((initiative) => ({ title: initiative.title, url: `${issuer.origin}/initiative/${initiative.slug}`, hours: initiative.hours }));
  const { id } = await signAndStore(env, issuer, {
    row: { memberId: input.memberId, certificateId: input.certificateId, hours: input.hours },
    build: (common) => rollupCredential({ ...common, cvUrl: `${issuer.origin}/responsible_profile`, hours: input.hours, period: input.period, sdgs: input.sdgs, competences: input.competences, initiatives }),
    stored,
  });
  return id;
}
