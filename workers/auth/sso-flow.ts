/**
 * Single sign-on by OpenID Connect (the flow behind workers/api/sso.ts): authorization code flow
 * with PKCE, state and nonce, configured per organisation (table sso_providers). The round trip's
 * secrets live in D1 (sso_states), used once.
 */
import { and, eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import * as v from "valibot";
import { localPath } from "../../app/domain/same-origin";
import { getDb, schema } from "../db/client";
import { isProduction } from "../lib/config";
import { notFound, upstreamUnavailable } from "../lib/domain-errors";
import { guardedFetch, outboundRule, outboundUrlProblem, OutboundRefused } from "../lib/guarded-fetch";
import { getOrganizationBySlug, type Tenant } from "../tenant/organizations";

const STATE_TTL_MS = 10 * 60_000;

export type ProviderRow = typeof schema.ssoProviders.$inferSelect;

export const InitiateInput = v.object({
  app: v.optional(v.pipe(v.string(), v.maxLength(40)), "web"),
  organization: v.optional(v.pipe(v.string(), v.maxLength(100))),
  redirect_path: v.optional(v.pipe(v.string(), v.maxLength(500)), ""),
  login_hint: v.optional(v.pipe(v.string(), v.maxLength(320))),
});
export type InitiateInput = v.InferOutput<typeof InitiateInput>;

/** Where the web app sends a member whose organisation signs in with SSO (SPEC.md section 2). */
export function ssoStartUrl(orgSlug: string, provider: string, email?: string) {
  const query = new URLSearchParams({ organization: orgSlug, ...(email ? { login_hint: email } : {}) });
  return `/sso/initiate/${encodeURIComponent(provider)}/wall?${query}`;
}

/**
 * The path to land on after sign-in, stored without its leading "/": a path of this site
 * (app/domain/same-origin.ts), else null.
 */
export function ssoRedirectPath(path: string): string | null {
  if (path === "") return "";
  return localPath(path.startsWith("/") ? path : `/${path}`)?.slice(1) ?? null;
}

/**
 * Every request oauth4webapi makes goes through the guarded fetch (workers/lib/guarded-fetch.ts):
 * the issuer and the endpoints its discovery names are an administrator's choice. Local test
 * providers run on http://127.0.0.1, which the guard allows outside production only.
 */
function httpOptions(env: Env) {
  const fetcher = guardedFetch(env);
  return {
    [oauth.customFetch]: (url: string, options: oauth.CustomFetchOptions<string, unknown>) => fetcher(url, options as RequestInit),
    ...(isProduction(env) ? {} : { [oauth.allowInsecureRequests]: true }),
  };
}

/**
 * The endpoints of a discovery document the Worker will fetch itself must pass the same rule as
 * the issuer: a document naming a private token endpoint is refused when it is read, not later.
 */
function checkDiscoveredEndpoints(env: Env, as: oauth.AuthorizationServer) {
  const rule = outboundRule(env);
  for (const endpoint of [as.token_endpoint, as.userinfo_endpoint, as.jwks_uri]) {
    const problem = endpoint === undefined ? null : outboundUrlProblem(endpoint, rule);
    if (problem) throw new OutboundRefused(problem);
  }
}

const discoveryCache = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

/** The issuer's metadata by discovery, cached an hour (`fresh`: asked again, as an administrator's save does). */
export async function authorizationServer(env: Env, issuer: string, { fresh = false } = {}): Promise<oauth.AuthorizationServer> {
  const cached = discoveryCache.get(issuer);
  if (!fresh && cached && Date.now() - cached.at < 3600_000) return cached.as;
  const issuerUrl = new URL(issuer);
  const response = await oauth.discoveryRequest(issuerUrl, { algorithm: "oidc", ...httpOptions(env) });
  const as = await oauth.processDiscoveryResponse(issuerUrl, response);
  checkDiscoveredEndpoints(env, as);
  discoveryCache.set(issuer, { as, at: Date.now() });
  return as;
}

function clientOf(provider: ProviderRow) {
  const client: oauth.Client = { client_id: provider.clientId };
  const auth = provider.clientSecret ? oauth.ClientSecretPost(provider.clientSecret) : oauth.None();
  return { client, auth };
}

const callbackUrl = (requestUrl: string, provider: string) =>
  `${new URL(requestUrl).origin}/auth/sso/${encodeURIComponent(provider)}/callback`;

async function findProvider(env: Env, tenant: Tenant, provider: string) {
  const row = await getDb(env)
    .select()
    .from(schema.ssoProviders)
    .where(and(eq(schema.ssoProviders.orgId, tenant.id), eq(schema.ssoProviders.provider, provider)))
    .get();
  if (!row) throw notFound("sso_provider_not_found", "This organisation has no such sign-in provider.");
  return row;
}

/** Stores state, nonce and verifier, and answers the provider's authorization URL. */
export async function startSso(env: Env, requestUrl: string, tenant: Tenant, providerSlug: string, input: InitiateInput) {
  const provider = await findProvider(env, tenant, providerSlug);
  let as: oauth.AuthorizationServer;
  try {
    as = await authorizationServer(env, provider.issuer);
  } catch (cause) {
    console.error(JSON.stringify({ level: "error", msg: "sso discovery failed", issuer: provider.issuer, cause: String(cause) }));
    throw upstreamUnavailable("sso_provider_unavailable", "The sign-in provider cannot be reached.");
  }
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  await getDb(env)
    .insert(schema.ssoStates)
    .values({
      state,
      providerId: provider.id,
      codeVerifier,
      nonce,
      redirectPath: ssoRedirectPath(input.redirect_path) ?? "",
      app: input.app,
      expiresAt: Date.now() + STATE_TTL_MS,
    });
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: callbackUrl(requestUrl, provider.provider),
    response_type: "code",
    scope: provider.scopes,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(input.login_hint ? { login_hint: input.login_hint } : {}),
  }).toString();
  return url.toString();
}

export async function initiateTenant(env: Env, fallback: Tenant, slug: string | undefined) {
  if (!slug) return fallback;
  const tenant = await getOrganizationBySlug(env, slug);
  if (!tenant) throw notFound("organization_not_found", "The organisation cannot be found.");
  return tenant;
}

export class SsoError extends Error {
  constructor(readonly code: string, detail: string) {
    super(detail);
  }
}

export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  locale?: string;
}

export async function exchangeCode(env: Env, requestUrl: string, provider: ProviderRow, stateRow: typeof schema.ssoStates.$inferSelect) {
  const as = await authorizationServer(env, provider.issuer);
  const { client, auth } = clientOf(provider);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, new URL(requestUrl), stateRow.state);
  } catch (cause) {
    const code = cause instanceof oauth.AuthorizationResponseError && cause.error === "access_denied" ? "access_denied" : "invalid_response";
    throw new SsoError(code, String(cause));
  }
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    callbackUrl(requestUrl, provider.provider),
    stateRow.codeVerifier,
    httpOptions(env),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: stateRow.nonce,
    requireIdToken: true,
  });
  const idClaims = oauth.getValidatedIdTokenClaims(result)!;
  let claims: IdentityClaims = idClaims as unknown as IdentityClaims;
  if (!claims.email && as.userinfo_endpoint) {
    // Many providers put profile claims only in the userinfo answer.
    const userinfo = await oauth.userInfoRequest(as, client, result.access_token, httpOptions(env));
    claims = { ...claims, ...(await oauth.processUserInfoResponse(as, client, idClaims.sub, userinfo)) } as IdentityClaims;
  }
  return claims;
}

/**
 * The state of a round trip this provider started, taken out of D1 (single use: deleted as it is
 * read) with its provider; null when it is unknown, expired or was started for another provider.
 */
export async function takeSsoState(env: Env, state: string, providerSlug: string) {
  const db = getDb(env);
  const stateRow = await db.delete(schema.ssoStates).where(eq(schema.ssoStates.state, state)).returning().get();
  if (!stateRow || stateRow.expiresAt <= Date.now()) return null;
  const provider = await db.select().from(schema.ssoProviders).where(eq(schema.ssoProviders.id, stateRow.providerId)).get();
  if (!provider || provider.provider !== providerSlug) return null;
  return { stateRow, provider };
}
