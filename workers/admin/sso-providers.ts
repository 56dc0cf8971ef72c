/**
 * An organisation's OpenID Connect providers, as its administrators manage them (issue 15, point
 * 4; docs/api/admin.md): added by issuer (discovery must answer, and fills in the endpoints),
 * client id and secret, scopes, enforced or not; and a "test sign-in" that runs the real round
 * trip (workers/auth/sso-flow.ts) but, at the callback, records what the provider answered instead
 * of signing anyone in, so the screen can say what failed in plain words. Each change writes its
 * audit row and drops the cached organisation (members' sign-in reads its providers).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { SSO_PROVIDERS_MAX, type SsoProviderChange, type SsoProviderInput } from "../../app/domain/sso-providers";
import { authorizationServer, exchangeCode, SsoError, startSso, type IdentityClaims, type ProviderRow } from "../auth/sso-flow";
import { getDb, schema } from "../db/client";
import { isProduction } from "../lib/config";
import { badRequest, conflict, DomainError, notFound } from "../lib/domain-errors";
import { OutboundRefused, outboundRule, outboundUrlProblem } from "../lib/guarded-fetch";
import { violatesUnique } from "../lib/unique-violation";
import { auditStatements, guardedAudit } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import { invalidateOrganization, type Tenant } from "../tenant/organizations";

const { ssoProviders: providers, ssoTests: tests } = schema;

/** The app marks its test round trips with this in sso_states.app. */
export const SSO_TEST_APP = "sso-test";

function providerJson(row: ProviderRow, discovered?: oauth.AuthorizationServer) {
  return {
    id: row.id,
    provider: row.provider,
    issuer: row.issuer,
    client_id: row.clientId,
    /** Whether a secret is stored (it is never shown again). */
    has_secret: row.clientSecret !== null,
    scopes: row.scopes,
    enforced: row.enforced,
    created_at: new Date(row.createdAt).toISOString(),
    ...(discovered
      ? { discovered: { authorization_endpoint: discovered.authorization_endpoint ?? null, token_endpoint: discovered.token_endpoint ?? null, userinfo_endpoint: discovered.userinfo_endpoint ?? null } }
      : {}),
  };
}

/**
 * Why discovery failed, in the words the screen has for it: the provider answered something that
 * is not a discovery document for this issuer (oauth4webapi's own errors), or nothing at all.
 */
function discoveryCode(cause: unknown) {
  if (cause instanceof OutboundRefused) return cause.code === "timeout" || cause.code === "unreachable" ? "discovery_unreachable" : "discovery_invalid";
  const answeredBadly = cause instanceof oauth.OperationProcessingError || cause instanceof oauth.ResponseBodyError || cause instanceof oauth.UnsupportedOperationError;
  return answeredBadly ? "discovery_invalid" : "discovery_unreachable";
}

/**
 * The issuer must be an address the Worker may fetch (workers/lib/guarded-fetch.ts: https, a
 * public host) and its discovery must answer: 400 or 502 with the reason at the issuer field
 * otherwise. The answer carries a code only, never what the remote server said.
 */
async function discover(env: Env, issuer: string) {
  const problem = outboundUrlProblem(issuer, outboundRule(env));
  if (problem === "https_required" || (isProduction(env) && new URL(issuer).protocol !== "https:")) throw badRequest("validation_error", "The issuer must be an https address.", { issuer: "sso_error_https" });
  if (problem) throw badRequest("validation_error", "The issuer's address is not one the server may reach.", { issuer: "sso_error_address" });
  try {
    return await authorizationServer(env, issuer, { fresh: true });
  } catch (cause) {
    const code = discoveryCode(cause);
    console.error(JSON.stringify({ level: "warn", msg: "sso discovery failed", issuer, cause: String(cause) }));
    // The provider outside could not be reached or answered badly (502), said at the issuer field.
    throw new DomainError("upstream_unavailable", code, "The issuer's discovery document could not be used.", { issuer: `sso_error_${code}` });
  }
}

async function rowOf(env: Env, org: Tenant, id: string) {
  const row = await getDb(env).select().from(providers).where(and(eq(providers.id, id), eq(providers.orgId, org.id))).get();
  if (!row) throw notFound("sso_provider_not_found", "This organisation has no such sign-in provider.");
  return row;
}

const auditOf = (env: Env, org: Tenant, actor: StaffActor, action: string, detail: Record<string, unknown>, now: number) =>
  auditStatements(getDb(env), org.id, actor.memberId, [{ action: `organization.${action}`, targetType: "organization", targetId: org.id, detail }], now);

/** What the audit log keeps of a provider: never its secret. */
const audited = (row: Pick<ProviderRow, "provider" | "issuer" | "clientId" | "scopes" | "enforced">) => ({ provider: row.provider, issuer: row.issuer, client_id: row.clientId, scopes: row.scopes, enforced: row.enforced });

/** The list's statement (to run alone or in a batch with others: GET /admin/access). */
export const providersQuery = (env: Env, org: Tenant) => getDb(env).select().from(providers).where(eq(providers.orgId, org.id)).orderBy(providers.provider);
export const providerViews = (rows: ProviderRow[]) => rows.map((row) => providerJson(row));

export async function listProviders(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  return providerViews(await providersQuery(env, org).all());
}

export async function addProvider(env: Env, org: Tenant, actor: StaffActor, input: SsoProviderInput, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const existing = await db.select({ provider: providers.provider }).from(providers).where(eq(providers.orgId, org.id)).all();
  if (existing.some((row) => row.provider === input.provider)) throw conflict("sso_provider_exists", "This organisation already has a provider with that name.", { provider: "sso_error_taken" });
  if (existing.length >= SSO_PROVIDERS_MAX) throw conflict("too_many_sso_providers", `An organisation has at most ${SSO_PROVIDERS_MAX} providers.`, { provider: "sso_error_too_many" });
  const discovered = await discover(env, input.issuer);
  const row: ProviderRow = {
    id: crypto.randomUUID(),
    orgId: org.id,
    provider: input.provider,
    issuer: input.issuer,
    clientId: input.client_id,
    clientSecret: input.client_secret || null,
    scopes: input.scopes,
    enforced: input.enforced,
    createdAt: now,
  };
  await storeProvider(env, org, actor, row, now);
  await invalidateOrganization(env, org);
  return providerJson(row, discovered);
}

/**
 * Stores a new provider with its audit row. The limit holds under concurrency (decision 025): in
 * the insert's transaction, a row that makes more than SSO_PROVIDERS_MAX is taken out again at
 * once, and the audit row is written only for a row that stayed; a name another administrator
 * added meanwhile is refused by the unique index. Both are 409, never a 500.
 */
export async function storeProvider(env: Env, org: Tenant, actor: StaffActor, row: ProviderRow, now: number) {
  const db = getDb(env);
  const audit = guardedAudit(db, org.id, actor.memberId, [{ action: "organization.sso_added", targetType: "organization", targetId: org.id, detail: { after: audited(row) } }], now, () =>
    sql`exists (select 1 from ${providers} where ${providers.id} = ${row.id})`,
  );
  let written: unknown[];
  try {
    [, , , written] = await db.batch([
      db.insert(providers).values(row),
      db.delete(providers).where(and(eq(providers.id, row.id), sql`(select count(*) from ${providers} where ${providers.orgId} = ${org.id}) > ${SSO_PROVIDERS_MAX}`)),
      audit.statement,
      audit.written,
    ]);
  } catch (error) {
    if (violatesUnique(error, "sso_providers")) throw conflict("sso_provider_exists", "This organisation already has a provider with that name.", { provider: "sso_error_taken" });
    throw error;
  }
  if (!written.length) throw conflict("too_many_sso_providers", `An organisation has at most ${SSO_PROVIDERS_MAX} providers.`, { provider: "sso_error_too_many" });
}

export async function updateProvider(env: Env, org: Tenant, actor: StaffActor, id: string, change: SsoProviderChange, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const before = await rowOf(env, org, id);
  const after: ProviderRow = {
    ...before,
    issuer: change.issuer ?? before.issuer,
    clientId: change.client_id ?? before.clientId,
    clientSecret: change.client_secret === undefined ? before.clientSecret : change.client_secret || null,
    scopes: change.scopes ?? before.scopes,
    enforced: change.enforced ?? before.enforced,
  };
  const discovered = await discover(env, after.issuer);
  const db = getDb(env);
  const secretChanged = change.client_secret !== undefined;
  await db.batch([
    db.update(providers).set({ issuer: after.issuer, clientId: after.clientId, clientSecret: after.clientSecret, scopes: after.scopes, enforced: after.enforced }).where(eq(providers.id, id)),
    ...auditOf(env, org, actor, "sso_updated", { before: audited(before), after: { ...audited(after), ...(secretChanged ? { secret: "changed" } : {}) } }, now),
  ]);
  await invalidateOrganization(env, org);
  return providerJson(after, discovered);
}

export async function removeProvider(env: Env, org: Tenant, actor: StaffActor, id: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const row = await rowOf(env, org, id);
  const db = getDb(env);
  await db.batch([db.delete(providers).where(eq(providers.id, id)), ...auditOf(env, org, actor, "sso_removed", { before: audited(row) }, now)]);
  await invalidateOrganization(env, org);
}

function testJson(row: typeof tests.$inferSelect, provider: string) {
  return {
    id: row.id,
    provider,
    status: row.status,
    code: row.code,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    created_at: new Date(row.createdAt).toISOString(),
    finished_at: row.finishedAt === null ? null : new Date(row.finishedAt).toISOString(),
  };
}

/**
 * POST /admin/sso/{id}/test: starts a test round trip. Answers the test and the provider's
 * authorization URL to open; when even discovery fails, the test is failed at once (no URL).
 */
export async function startTest(env: Env, org: Tenant, actor: StaffActor, id: string, requestUrl: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const row = await rowOf(env, org, id);
  const testId = crypto.randomUUID();
  const db = getDb(env);
  let url: string | null = null;
  let failure: { code: string; detail: Record<string, unknown> } | null = null;
  try {
    await authorizationServer(env, row.issuer, { fresh: true });
    url = await startSso(env, requestUrl, org, row.provider, { app: SSO_TEST_APP, redirect_path: "" });
  } catch (cause) {
    // Only the code: what the remote server said stays in the log.
    console.error(JSON.stringify({ level: "warn", msg: "sso test discovery failed", issuer: row.issuer, cause: String(cause) }));
    failure = { code: discoveryCode(cause), detail: {} };
  }
  const state = url ? new URL(url).searchParams.get("state")! : `failed-${testId}`;
  const test = { id: testId, state, orgId: org.id, providerId: row.id, actorMemberId: actor.memberId, createdAt: now };
  await db.insert(tests).values(failure ? { ...test, status: "failed", code: failure.code, detail: JSON.stringify(failure.detail), finishedAt: now } : test);
  return { test: testJson((await db.select().from(tests).where(eq(tests.id, testId)).get())!, row.provider), url };
}

/** The token endpoint's error codes of RFC 6749 section 5.2: a fixed set, safe to say back. */
const TOKEN_ERRORS = new Set(["invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type", "invalid_scope"]);

/**
 * Why a test round trip failed at the callback, in the words the screen has for it: a code only.
 * The provider's own error body (its error_description, a page it answered) is never shown back.
 */
function failureOf(cause: unknown): { code: string; detail: Record<string, unknown> } {
  if (cause instanceof SsoError) return { code: cause.code, detail: {} };
  if (cause instanceof OutboundRefused) return { code: cause.code === "timeout" || cause.code === "unreachable" ? "provider_unreachable" : "invalid_tokens", detail: {} };
  if (cause instanceof oauth.ResponseBodyError) return { code: "token_refused", detail: TOKEN_ERRORS.has(cause.error) ? { error: cause.error } : {} };
  if (cause instanceof oauth.OperationProcessingError || cause instanceof oauth.WWWAuthenticateChallengeError) return { code: "invalid_tokens", detail: {} };
  if (cause instanceof TypeError) return { code: "provider_unreachable", detail: {} };
  return { code: "exchange_failed", detail: {} };
}

/**
 * The callback of a test round trip (workers/api/sso.ts): exchanges the code as a sign-in would
 * and records the claims received, or why it failed. Nobody is signed in, no account is linked.
 * Answers where to send the administrator back to.
 */
export async function finishTest(env: Env, state: string, requestUrl: string, provider: ProviderRow, stateRow: typeof schema.ssoStates.$inferSelect, now = Date.now()) {
  const db = getDb(env);
  const test = await db.select().from(tests).where(eq(tests.state, state)).get();
  if (!test) return null;
  let outcome: { status: "succeeded" | "failed"; code: string | null; detail: Record<string, unknown> };
  try {
    const claims: IdentityClaims = await exchangeCode(env, requestUrl, provider, stateRow);
    const detail = { sub: claims.sub, email: claims.email ?? null, email_verified: claims.email_verified ?? null, name: claims.name ?? null };
    outcome = !claims.email ? { status: "failed", code: "email_missing", detail } : { status: "succeeded", code: claims.email_verified === true ? null : "email_unverified", detail };
  } catch (cause) {
    console.error(JSON.stringify({ level: "warn", msg: "sso test exchange failed", provider: provider.provider, cause: String(cause) }));
    outcome = { status: "failed", ...failureOf(cause) };
  }
  await db.update(tests).set({ status: outcome.status, code: outcome.code, detail: JSON.stringify(outcome.detail), finishedAt: now }).where(eq(tests.id, test.id));
  return `/manage/access?test=${encodeURIComponent(test.id)}`;
}

/** GET /admin/sso/tests/{id}: one of this organisation's tests. */
export async function getTest(env: Env, org: Tenant, actor: StaffActor, id: string) {
  requireRole(actor, ["admin"]);
  const db = getDb(env);
  const row = await db
    .select({ test: tests, provider: providers.provider })
    .from(tests)
    .innerJoin(providers, eq(providers.id, tests.providerId))
    .where(and(eq(tests.id, id), eq(tests.orgId, org.id)))
    .orderBy(desc(tests.createdAt))
    .get();
  if (!row) throw notFound("sso_test_not_found", "There is no such test.");
  return testJson(row.test, row.provider);
}
