/**
 * Helpers for the Worker tests: call the real Hono app with the test bindings, and seed the small
 * world each test file needs (organisations, members) through the same tables the app uses.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createApp } from "../../workers/app";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { hashPassword } from "../../workers/auth/passwords";
import { webSessionStore } from "../../workers/auth/web-session";
import { geocoder } from "../../workers/geocoding";
import { mapServices } from "../../workers/maps";
import { paymentProvider } from "../../workers/payments";
import { getDb, schema } from "../../workers/db/client";

const app = createApp();


/** Static assets are not built for Worker tests: every asset is missing. */
export const testEnv: Env = { ...env, ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) } as unknown as Fetcher };

export interface CallOptions {
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  host?: string;
  token?: string;
  cookie?: string;
  ip?: string;
}

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  headers.set("cf-connecting-ip", options.ip ?? "203.0.113.10");
  const request = new Request(`http://${options.host ?? "localhost"}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const ctx = createExecutionContext();
  const response = await app.fetch(request, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The refresh cookie a response set, as a Cookie header value. */
export function refreshCookie(response: Response): string | undefined {
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("commons_refresh="));
  return setCookie?.split(";")[0];
}

export interface OrgFixture {
  id: string;
  slug: string;
  name?: string;
  isDefault?: boolean;
  isPublic?: boolean;
  region?: string;
  signupToken?: string;
  hostnames?: string[];
  emailDomains?: string[];
  community?: Record<string, unknown>;
  general?: Record<string, unknown>;
}

export async function createOrg(org: OrgFixture) {
  const db = getDb(env);
  await db.insert(schema.organizations).values({
    id: org.id,
    slug: org.slug,
    name: org.name ?? org.slug[0].toUpperCase() + org.slug.slice(1),
    region: org.region ?? "ES",
    signupToken: org.signupToken ?? `${org.slug}-token-${crypto.randomUUID().slice(0, 8)}`,
    isDefault: org.isDefault ?? false,
    isPublic: org.isPublic ?? false,
    communityConfig: JSON.stringify(org.community ?? {}),
    generalConfig: JSON.stringify(org.general ?? {}),
    logo: `/demo/${org.slug}-logo.svg`,
  });
  for (const hostname of org.hostnames ?? []) await db.insert(schema.organizationHostnames).values({ hostname, orgId: org.id });
  for (const domain of org.emailDomains ?? []) await db.insert(schema.organizationEmailDomains).values({ domain, orgId: org.id });
  return org;
}

export interface MemberFixture {
  email: string;
  password?: string | null;
  confirmed?: boolean;
  orgId: string;
  name?: string;
  language?: string;
  role?: (typeof schema.MEMBER_ROLES)[number];
}

export async function createMember(member: MemberFixture) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const password = member.password === undefined ? "Correct-Horse-9" : member.password;
  await db.batch([
    db.insert(schema.members).values({
      id,
      email: member.email,
      passwordHash: password === null ? null : await hashPassword(password),
      emailConfirmedAt: member.confirmed === false ? null : Date.now(),
      language: member.language ?? "en-US",
      lastTermsAcceptedVersion: 1,
    }),
    db.insert(schema.profiles).values({ memberId: id, name: member.name ?? member.email.split("@")[0], slug: `m-${id.slice(0, 8)}` }),
    db.insert(schema.memberships).values({ orgId: member.orgId, memberId: id, role: member.role ?? "member" }),
  ]);
  return { id, ...member, password };
}

/** The usual world: the default public org, a public Brazilian one and a corporate one with a hostname. */
export async function seedOrganizations() {
  const commons = await createOrg({ id: "org-commons", slug: "commons", isDefault: true, isPublic: true });
  const vizinhos = await createOrg({ id: "org-vizinhos", slug: "vizinhos", isPublic: true, region: "BR", community: { currency: "BRL", language: "pt-BR" } });
  const acme = await createOrg({
    id: "org-acme",
    slug: "acme",
    signupToken: "acme-signup-token",
    hostnames: ["acme.localhost"],
    emailDomains: ["acme.example"],
    community: { features: { points: true } },
    general: { contact_email: "volunteering@acme.example", password_policy: { minLength: 8, forbiddenWords: ["acme"] } },
  });
  return { commons, vizinhos, acme };
}

/** Messages in the dev outbox for one address, newest first. */
export async function mailbox(to: string): Promise<{ subject: string; text: string; links: string[] }[]> {
  return json(await call("GET", `/dev/mailbox?to=${encodeURIComponent(to)}`));
}

/** The token at the end of the newest mailed link to `path` (e.g. "/confirm_email/"). */
export async function mailedToken(to: string, path: string): Promise<string> {
  const [latest] = await mailbox(to);
  const link = latest?.links.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link mailed to ${to}`);
  return link.slice(link.indexOf(path) + path.length).split("?")[0];
}

export async function login(email: string, password: string, host?: string) {
  const response = await call("POST", "/auth/login", { body: { email, password }, host });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return { body: await json(response), cookie: refreshCookie(response)! };
}

/** The load context Remix loaders and actions get from the Worker (workers/edge.ts), for these tests. */
export async function testLoadContext(orgSlug = "commons"): Promise<AppLoadContext> {
  const ctx = createExecutionContext();
  return {
    cloudflare: { env: testEnv, ctx },
    webSessions: webSessionStore({ cloudflare: { env: testEnv } }),
    paymentProvider: paymentProvider(testEnv)?.name ?? null,
    maps: mapServices(testEnv),
    locationPrecision: (latitude, longitude) => geocoder(testEnv).approximation(latitude, longitude),
    tenant: (await getOrganizationBySlug(env, orgSlug))!,
    cspNonce: "n",
    requestId: "r",
    api: async (request: Request) => app.fetch(request, testEnv, ctx),
  };
}
