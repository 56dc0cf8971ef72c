/**
 * Members as the Auth service answers them: lookups by e-mail, the `user` object of the login
 * answer, and the statements that create a member (one batch: nothing half-written).
 */
import { profileSlug } from "../../app/domain/slug";
import { avatarUrl } from "../profile/avatar-url";
import { latestPlatformTermsVersion } from "../profile/platform-terms";
import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { outboxEvent } from "../webhooks/outbox";
import { memberPayload } from "../webhooks/payloads";
import { conflict } from "../lib/domain-errors";
import { getOrganizationBySlug, organizationOrigin, type Tenant } from "../tenant/organizations";

export type MemberRow = typeof schema.members.$inferSelect;

export async function findMemberByEmail(env: Env, email: string) {
  return getDb(env).select().from(schema.members).where(eq(schema.members.email, email)).get();
}

export async function findMemberById(env: Env, id: string) {
  return getDb(env).select().from(schema.members).where(eq(schema.members.id, id)).get();
}

export { latestPlatformTermsVersion };

export interface MemberOrganization {
  tenant: Tenant;
  role: (typeof schema.MEMBER_ROLES)[number];
}

/**
 * The member's organisations, the one in use first (SPEC.md section 3: "the organisation in use is
 * the first organisation of the user"): the request's tenant when the member belongs to it.
 */
export async function memberOrganizations(env: Env, memberId: string, preferOrgId?: string): Promise<MemberOrganization[]> {
  const rows = await getDb(env)
    .select(organizationOfMembership)
    .from(schema.memberships)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.memberships.orgId))
    .where(eq(schema.memberships.memberId, memberId))
    .orderBy(asc(schema.memberships.createdAt))
    .all();
  return organizationsOf(env, rows, preferOrgId);
}

/** What a membership row needs for organizationsOf (memberships joined with organizations). */
export const organizationOfMembership = { orgId: schema.memberships.orgId, orgSlug: schema.organizations.slug, role: schema.memberships.role };

/** Membership rows (oldest first) as the member's organisations, the one in use first (from the KV cache). */
export async function organizationsOf(env: Env, rows: { orgId: string; orgSlug: string; role: MemberOrganization["role"] }[], preferOrgId?: string): Promise<MemberOrganization[]> {
  const ordered = [...rows].sort((a, b) => Number(b.orgId === preferOrgId) - Number(a.orgId === preferOrgId));
  const tenants = await Promise.all(ordered.map((row) => getOrganizationBySlug(env, row.orgSlug)));
  return ordered.flatMap((row, i) => (tenants[i] ? [{ tenant: tenants[i]!, role: row.role }] : []));
}

export async function isMemberOf(env: Env, memberId: string, orgId: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ orgId: schema.memberships.orgId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.memberId, memberId), eq(schema.memberships.orgId, orgId)))
    .get();
  return Boolean(row);
}

export function organizationSummary(env: Env, tenant: Tenant) {
  return {
    slug: tenant.slug,
    name: tenant.name,
    logo: tenant.logo,
    logo_small: tenant.logoSmall,
    region: tenant.region,
    is_default_org: tenant.isDefault,
    url: organizationOrigin(env, tenant),
  };
}

/** The member's name as their profile gives it ("" before they have one), for e-mails. */
export async function memberName(env: Env, memberId: string): Promise<string> {
  const profile = await getDb(env).select({ name: schema.profiles.name }).from(schema.profiles).where(eq(schema.profiles.memberId, memberId)).get();
  return profile?.name ?? "";
}

/** The `user` of SPEC.md section 3 ("Session: access_token, user (with language and organisations list)"). */
export async function userJson(env: Env, member: MemberRow, preferOrgId?: string) {
  const db = getDb(env);
  const [profile, organizations] = await Promise.all([
    db.select().from(schema.profiles).where(eq(schema.profiles.memberId, member.id)).get(),
    memberOrganizations(env, member.id, preferOrgId),
  ]);
  return userJsonOf(env, member, profile, organizations);
}

export type UserJson = ReturnType<typeof userJsonOf>;

/** The `user` from rows already read (the web identity reads them with its session, auth/web-identity.ts). */
export function userJsonOf(env: Env, member: MemberRow, profile: typeof schema.profiles.$inferSelect | undefined, organizations: MemberOrganization[]) {
  return {
    id: member.id,
    email: member.email,
    name: profile?.name ?? "",
    slug: profile?.slug ?? null,
    avatar: avatarUrl(member.id, profile?.avatarKey ?? null),
    language: member.language,
    email_confirmed: member.emailConfirmedAt !== null,
    organizations: organizations.map(({ tenant, role }) => ({ ...organizationSummary(env, tenant), role })),
  };
}

export const accountExists = () => conflict("account_exists", "An account with this e-mail already exists.");

export interface NewMember {
  email: string;
  name: string;
  language: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  orgId: string;
  termsVersion: number;
  commercialComms: boolean;
}

/** The statements that create a member, its profile and its membership; run them in one batch. */
export function newMemberStatements(env: Env, input: NewMember) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  return {
    id,
    statements: [
      db.insert(schema.members).values({
        id,
        email: input.email,
        passwordHash: input.passwordHash,
        emailConfirmedAt: input.emailConfirmed ? Date.now() : null,
        language: input.language,
        lastTermsAcceptedVersion: input.termsVersion,
      }),
      db.insert(schema.profiles).values({
        memberId: id,
        name: input.name,
        slug: profileSlug(input.name),
        commercialCommsAccepted: input.commercialComms,
      }),
      db.insert(schema.memberships).values({ orgId: input.orgId, memberId: id, role: "member" }),
      outboxEvent(db, input.orgId, "member.joined", `member:${id}`, memberPayload(id, input.email, input.name)),
    ] as const,
  };
}

/**
 * Creates a member, its profile and its membership in one batch; answers the new member's id.
 * Two sign-ups racing for one address: the unique index decides, the loser gets the conflict.
 */
export async function createMember(env: Env, input: NewMember): Promise<string> {
  const created = newMemberStatements(env, input);
  try {
    await getDb(env).batch([...created.statements]);
  } catch (cause) {
    if (String(cause).includes("UNIQUE")) throw accountExists();
    throw cause;
  }
  return created.id;
}
