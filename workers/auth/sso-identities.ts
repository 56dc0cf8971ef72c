/**
 * Which account an organisation's SSO provider signs into (issue 25, point 1; decision 029, which
 * supersedes 003). A provider is configured by one organisation's administrators, so what it
 * asserts is that organisation's word, and an account belongs to its owner. It signs in only:
 *
 *   1. an identity linked to it before (its issuer and `sub`, as stored when the link was made);
 *   2. a new account it creates (an address nobody has: `email_verified`, or a domain of the
 *      organisation's, as sign-up would admit it);
 *   3. an existing account whose owner linked it while signed in ("use my Acme sign-in": the round
 *      trip started by POST /auth/sso/{provider}/link carries the member, linkIdentity below);
 *   4. an existing account on an e-mail domain the organisation has PROVEN by DNS TXT (as hostnames
 *      are proven: workers/admin/email-domains.ts), for which its provider is authoritative.
 *
 * `email_verified` never links an existing account by itself, nor does membership of the
 * provider's organisation (an administrator can invite anyone: that was the attack of issue 25).
 */
import { and, eq, sql } from "drizzle-orm";
import { resolveLocale } from "../../app/domain/locales";
import { getDb, schema, type Database } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { memberPayload } from "../webhooks/payloads";
import { getOrganizationById } from "../tenant/organizations";
import { findMemberByEmail, findMemberById, newMemberStatements } from "./members";
import { SsoError, type IdentityClaims, type ProviderRow } from "./sso-flow";

/** The member this provider's `sub` was linked to, under the issuer the provider had then; else null. */
async function linkedMember(env: Env, provider: ProviderRow, subject: string) {
  const row = await getDb(env)
    .select({ member: schema.members })
    .from(schema.ssoIdentities)
    .innerJoin(schema.members, eq(schema.members.id, schema.ssoIdentities.memberId))
    .where(and(eq(schema.ssoIdentities.providerId, provider.id), eq(schema.ssoIdentities.issuer, provider.issuer), eq(schema.ssoIdentities.subject, subject)))
    .get();
  return row?.member ?? null;
}

/** member.joined, right after a membership insert that may find the member there already: changes() is that insert's. */
const joinedEvent = (db: Database, orgId: string, memberId: string) => outboxEvent(db, orgId, "member.joined", `member:${memberId}`, memberPayload(memberId), Date.now(), () => sql`changes() = 1`);

/** The statements that link `memberId` to the identity and make them a member of the provider's organisation. */
function linkStatements(env: Env, provider: ProviderRow, subject: string, memberId: string) {
  const db = getDb(env);
  return [
    // A link made under an earlier issuer of this provider is replaced: (provider, sub) is the key.
    db
      .insert(schema.ssoIdentities)
      .values({ providerId: provider.id, issuer: provider.issuer, subject, memberId })
      .onConflictDoUpdate({ target: [schema.ssoIdentities.providerId, schema.ssoIdentities.subject], set: { issuer: provider.issuer, memberId } }),
    db.insert(schema.memberships).values({ orgId: provider.orgId, memberId }).onConflictDoNothing(),
    joinedEvent(db, provider.orgId, memberId),
  ] as const;
}

/** Whether the organisation has proven by DNS that it controls the address's domain. */
async function provenDomain(env: Env, orgId: string, domain: string) {
  const row = await getDb(env)
    .select({ verifiedAt: schema.organizationEmailDomains.verifiedAt })
    .from(schema.organizationEmailDomains)
    .where(and(eq(schema.organizationEmailDomains.domain, domain), eq(schema.organizationEmailDomains.orgId, orgId)))
    .get();
  return { listed: row !== undefined, proven: row?.verifiedAt != null };
}

/** The member a provider's sign-in is for (rules 1, 2 and 4 above); SsoError otherwise. */
export async function memberForIdentity(env: Env, provider: ProviderRow, claims: IdentityClaims) {
  const db = getDb(env);
  const linked = await linkedMember(env, provider, claims.sub);
  if (linked) {
    await db.batch([db.insert(schema.memberships).values({ orgId: provider.orgId, memberId: linked.id }).onConflictDoNothing(), joinedEvent(db, provider.orgId, linked.id)]);
    return linked;
  }
  const email = claims.email?.trim().toLowerCase();
  if (!email) throw new SsoError("email_missing", "The provider did not share an e-mail address.");
  const tenant = await getOrganizationById(env, provider.orgId);
  if (!tenant) throw new SsoError("sso_provider_not_found", "The provider's organisation no longer exists.");
  const domain = await provenDomain(env, provider.orgId, email.split("@")[1] ?? "");
  const existing = await findMemberByEmail(env, email);
  if (existing) {
    if (!domain.proven) {
      // The owner may link it: signed in with their password, then "use my sign-in" (rule 3).
      throw new SsoError("email_in_use", "This e-mail already has an account; its owner links it while signed in.");
    }
    await db.batch([
      ...linkStatements(env, provider, claims.sub, existing.id),
      // The organisation proved the domain: its provider vouches for the address.
      db.update(schema.members).set({ emailConfirmedAt: existing.emailConfirmedAt ?? Date.now() }).where(eq(schema.members.id, existing.id)),
    ]);
    return (await findMemberById(env, existing.id))!;
  }
  if (!domain.listed && claims.email_verified !== true) {
    throw new SsoError("email_not_verified", "The provider has not verified this e-mail.");
  }
  const created = newMemberStatements(env, {
    email,
    name: claims.name?.trim() || email.split("@")[0],
    language: resolveLocale(claims.locale ?? tenant.community.language),
    passwordHash: null,
    emailConfirmed: true,
    orgId: provider.orgId,
    // Terms are accepted in the app's non-closable modal, not by the identity provider.
    termsVersion: 0,
    commercialComms: false,
  });
  try {
    await db.batch([...created.statements, db.insert(schema.ssoIdentities).values({ providerId: provider.id, issuer: provider.issuer, subject: claims.sub, memberId: created.id })]);
  } catch (cause) {
    // Someone took the address between the read and the write: it is an existing account now.
    if (String(cause).includes("UNIQUE")) throw new SsoError("email_in_use", "This e-mail already has an account.");
    throw cause;
  }
  return (await findMemberById(env, created.id))!;
}

/**
 * Rule 3: the signed-in member `memberId` links this identity to their own account (the round
 * trip they started). An identity linked to someone else stays theirs (identity_in_use).
 */
export async function linkIdentity(env: Env, provider: ProviderRow, claims: IdentityClaims, memberId: string) {
  const linked = await linkedMember(env, provider, claims.sub);
  if (linked && linked.id !== memberId) throw new SsoError("identity_in_use", "This sign-in is already linked to another account.");
  const member = await findMemberById(env, memberId);
  if (!member) throw new SsoError("invalid_state", "The account that started the link no longer exists.");
  await getDb(env).batch([...linkStatements(env, provider, claims.sub, memberId)]);
  return member;
}

/**
 * The member the browser finishing a link round trip is signed in as (its web session, else its
 * refresh cookie), or null: the link is written only for the member who started it, in the browser
 * that started it, so nobody can make another person finish a link to the wrong account.
 */
export async function browserMemberId(env: Env, webSessionHash: string | null, refreshSessionId: string | null): Promise<string | null> {
  const db = env.DB;
  if (webSessionHash) {
    const row = await db.prepare("select member_id from web_sessions where id = ? and expires_at > ?").bind(webSessionHash, Date.now()).first<{ member_id: string | null }>();
    if (row?.member_id) return row.member_id;
  }
  if (refreshSessionId) {
    const row = await db.prepare("select member_id from sessions where id = ? and revoked_at is null").bind(refreshSessionId).first<{ member_id: string }>();
    if (row) return row.member_id;
  }
  return null;
}

/** The sign-ins linked to a member, for Settings → account: the provider, its organisation, when. */
export async function linkedSignIns(env: Env, memberId: string) {
  const { ssoIdentities: identities, ssoProviders: providers, organizations } = schema;
  const rows = await getDb(env)
    .select({ provider: providers.provider, organization: organizations.slug, createdAt: identities.createdAt })
    .from(identities)
    .innerJoin(providers, and(eq(providers.id, identities.providerId), eq(providers.issuer, identities.issuer)))
    .innerJoin(organizations, eq(organizations.id, providers.orgId))
    .where(eq(identities.memberId, memberId))
    .orderBy(identities.createdAt);
  return rows.map((row) => ({ provider: row.provider, organization: row.organization, linked_at: new Date(row.createdAt).toISOString() }));
}

/** Marks a round trip as the signed-in member's own "use my sign-in": its callback links only them. */
export async function markRoundTripForLink(env: Env, state: string, memberId: string) {
  await getDb(env).update(schema.ssoStates).set({ linkMemberId: memberId }).where(eq(schema.ssoStates.state, state));
}
