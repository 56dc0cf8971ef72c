/**
 * Organisations as the Worker sees them (the tenant), loaded from D1 and cached in KV.
 * KV is a cache only (eventually consistent): every change to an organisation goes through
 * `updateOrganization`, which writes D1 and then deletes the cached copies.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { parseCommunityConfig, parseGeneralConfig, type CommunityConfig, type GeneralConfig } from "./config";

export interface Tenant {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  logoSmall: string | null;
  region: string;
  signupToken: string;
  isDefault: boolean;
  isMiniProfile: boolean;
  isPublic: boolean;
  community: CommunityConfig;
  general: GeneralConfig;
  orgTermsVersion: number;
  orgTermsUrl: string | null;
  hostnames: string[];
  emailDomains: string[];
  /** SSO providers of the organisation: slug and whether members must use it. */
  sso: { provider: string; enforced: boolean }[];
  /**
   * Whether an enabled webhook endpoint or chat channel listens to the organisation's outbox: the
   * API queues a dispatch after a write only then (workers/webhooks/kick.ts). Optional: a copy
   * cached before it existed reads as none.
   */
  outboxListened?: boolean;
}

const CACHE_VERSION = "v1";
const CACHE_TTL_SECONDS = 3600;
const slugKey = (slug: string) => `org:${CACHE_VERSION}:slug:${slug}`;
const hostKey = (hostname: string) => `org:${CACHE_VERSION}:host:${hostname}`;
/** Cached answer for a hostname that belongs to no organisation (most requests on the default host). */
const NO_ORG = "-";

type OrgRow = typeof schema.organizations.$inferSelect;

async function hydrate(env: Env, row: OrgRow): Promise<Tenant> {
  const db = getDb(env);
  const [hostnames, domains, providers, [listeners]] = await db.batch([
    db
      .select({ hostname: schema.organizationHostnames.hostname })
      .from(schema.organizationHostnames)
      .where(eq(schema.organizationHostnames.orgId, row.id)),
    db
      .select({ domain: schema.organizationEmailDomains.domain })
      .from(schema.organizationEmailDomains)
      .where(eq(schema.organizationEmailDomains.orgId, row.id)),
    db
      .select({ provider: schema.ssoProviders.provider, enforced: schema.ssoProviders.enforced })
      .from(schema.ssoProviders)
      .where(eq(schema.ssoProviders.orgId, row.id)),
    db
      .select({
        n: sql<number>`(select count(*) from ${schema.webhookEndpoints} where ${schema.webhookEndpoints.orgId} = ${row.id} and ${schema.webhookEndpoints.enabled} = 1)
          + (select count(*) from ${schema.chatAppConnections} where ${schema.chatAppConnections.orgId} = ${row.id} and ${schema.chatAppConnections.enabled} = 1)`,
      })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, row.id)),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    logoSmall: row.logoSmall,
    region: row.region,
    signupToken: row.signupToken,
    isDefault: row.isDefault,
    isMiniProfile: row.isMiniProfile,
    isPublic: row.isPublic,
    community: parseCommunityConfig(row.communityConfig),
    general: parseGeneralConfig(row.generalConfig),
    orgTermsVersion: row.orgTermsVersion,
    orgTermsUrl: row.orgTermsUrl,
    hostnames: hostnames.map((h) => h.hostname),
    emailDomains: domains.map((d) => d.domain),
    sso: providers,
    outboxListened: Number(listeners?.n ?? 0) > 0,
  };
}

async function loadFromDb(env: Env, column: "slug" | "id" | "signupToken", value: string) {
  const db = getDb(env);
  const row = await db.select().from(schema.organizations).where(eq(schema.organizations[column], value)).get();
  return row ? hydrate(env, row) : null;
}

/** The organisation with this slug, from KV when cached. */
export async function getOrganizationBySlug(env: Env, slug: string): Promise<Tenant | null> {
  const cached = await env.ORG_CACHE.get<Tenant>(slugKey(slug), "json");
  if (cached) return cached;
  const tenant = await loadFromDb(env, "slug", slug);
  if (tenant) await env.ORG_CACHE.put(slugKey(slug), JSON.stringify(tenant), { expirationTtl: CACHE_TTL_SECONDS });
  return tenant;
}

export async function getOrganizationById(env: Env, id: string): Promise<Tenant | null> {
  const db = getDb(env);
  const row = await db
    .select({ slug: schema.organizations.slug })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, id))
    .get();
  return row ? getOrganizationBySlug(env, row.slug) : null;
}

/** Sign-up tokens are secrets that are rarely looked up: straight from D1, never cached by token. */
export async function getOrganizationBySignupToken(env: Env, token: string): Promise<Tenant | null> {
  return loadFromDb(env, "signupToken", token);
}

export async function getOrganizationByEmailDomain(env: Env, email: string): Promise<Tenant | null> {
  const domain = email.split("@")[1];
  if (!domain) return null;
  const db = getDb(env);
  const row = await db
    .select({ slug: schema.organizations.slug })
    .from(schema.organizationEmailDomains)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationEmailDomains.orgId))
    .where(eq(schema.organizationEmailDomains.domain, domain))
    .get();
  return row ? getOrganizationBySlug(env, row.slug) : null;
}

/** The organisation a custom hostname belongs to, or null (also cached, as NO_ORG). */
export async function getOrganizationByHostname(env: Env, hostname: string): Promise<Tenant | null> {
  const host = hostname.toLowerCase();
  let slug = await env.ORG_CACHE.get(hostKey(host));
  if (slug === null) {
    const db = getDb(env);
    const row = await db
      .select({ slug: schema.organizations.slug })
      .from(schema.organizationHostnames)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationHostnames.orgId))
      .where(eq(schema.organizationHostnames.hostname, host))
      .get();
    slug = row?.slug ?? NO_ORG;
    await env.ORG_CACHE.put(hostKey(host), slug, { expirationTtl: CACHE_TTL_SECONDS });
  }
  return slug === NO_ORG ? null : getOrganizationBySlug(env, slug);
}

export async function getDefaultOrganization(env: Env): Promise<Tenant> {
  const bySlug = await getOrganizationBySlug(env, env.DEFAULT_ORG_SLUG);
  if (bySlug) return bySlug;
  const db = getDb(env);
  const row = await db.select().from(schema.organizations).where(eq(schema.organizations.isDefault, true)).get();
  if (!row) throw new Error("No default organisation: run the migrations and `npm run db:seed`.");
  return hydrate(env, row);
}

export async function listPublicOrganizations(env: Env): Promise<Tenant[]> {
  const db = getDb(env);
  const rows = await db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.isPublic, true))
    .orderBy(schema.organizations.region, schema.organizations.name)
    .all();
  return Promise.all(rows.map((row) => hydrate(env, row)));
}

/**
 * Drop every cached copy of an organisation (by slug and by each of its hostnames), and tell the
 * edge in front of this Worker, if any (EDGE_URL), to drop its copies too (docs/upstream.md).
 */
export async function invalidateOrganization(env: Env, tenant: Pick<Tenant, "slug" | "hostnames">) {
  await Promise.all([
    env.ORG_CACHE.delete(slugKey(tenant.slug)),
    ...tenant.hostnames.map((hostname) => env.ORG_CACHE.delete(hostKey(hostname))),
    tellEdge(env),
  ]);
}

/** POST {EDGE_URL}/edge/invalidate with the shared secret; a failure is logged (the edge's copies expire within a minute anyway). */
async function tellEdge(env: Env) {
  const config = getConfig(env);
  if (!config.EDGE_URL || !config.EDGE_SECRET) return;
  try {
    const answer = await fetch(new URL("/edge/invalidate", config.EDGE_URL), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${config.EDGE_SECRET}` },
      body: "{}",
      signal: AbortSignal.timeout(5000),
    });
    if (!answer.ok) throw new Error(`the edge answered ${answer.status}`);
  } catch (cause) {
    console.error(JSON.stringify({ level: "warn", msg: "edge cache not dropped", cause: String(cause) }));
  }
}

export type OrganizationChanges = Partial<
  Pick<OrgRow, "name" | "logo" | "logoSmall" | "region" | "isPublic" | "orgTermsVersion" | "orgTermsUrl">
> & { communityConfig?: Record<string, unknown>; generalConfig?: Record<string, unknown> };

/**
 * The one way an organisation changes: write D1 (with `alongside`, the change's audit rows, in the
 * same batch), then invalidate the KV cache.
 */
export async function updateOrganization(env: Env, tenant: Tenant, changes: OrganizationChanges, alongside: BatchItem<"sqlite">[] = []) {
  const db = getDb(env);
  const { communityConfig, generalConfig, ...columns } = changes;
  const update = db
    .update(schema.organizations)
    .set({
      ...columns,
      ...(communityConfig ? { communityConfig: JSON.stringify(communityConfig) } : {}),
      ...(generalConfig ? { generalConfig: JSON.stringify(generalConfig) } : {}),
      updatedAt: Date.now(),
    })
    .where(eq(schema.organizations.id, tenant.id));
  await db.batch([update, ...alongside]);
  await invalidateOrganization(env, tenant);
}

/**
 * The origin members of this organisation use: its first registered hostname, else PUBLIC_URL,
 * always with PUBLIC_URL's scheme and port. Never the request's Host header: a link built from it
 * (in an e-mail above all) would point wherever the sender of the request chose.
 */
/** The organisation's logo as an absolute URL on its origin (e-mails need one), or null without a logo. */
export const organizationLogoUrl = (tenant: Pick<Tenant, "logo">, origin: string) => (tenant.logo ? new URL(tenant.logo, origin).toString() : null);

export function organizationOrigin(env: Env, tenant: Pick<Tenant, "hostnames">): string {
  const base = new URL(env.PUBLIC_URL);
  const hostname = tenant.hostnames[0];
  if (!hostname) return base.origin;
  return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ""}`;
}
