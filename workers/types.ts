import type { ApiKeyScope } from "../app/domain/integrations";
import type { MemberRole } from "./db/schema";
import type { PageRequest } from "./lib/page-request";
import type { Tenant } from "./tenant/organizations";

export interface OrgMembership {
  role: MemberRole;
  orgTermsAcceptedVersion: number;
  onboardingCompletedVersion: number;
  managerMemberId: string | null;
}

export interface AuthContext {
  memberId: string;
  sessionId: string;
  /** When the access token presented expires (ms): no answer may give back a longer-lived one. */
  expiresAt: number;
}

/** The API key a request presents, in force and of the organisation in the path. */
export interface ApiKeyContext {
  id: string;
  orgId: string;
  name: string;
  scopes: ApiKeyScope[];
}

/**
 * What every request of the Worker carries, set by workers/app.ts before any route runs. The
 * variables a guard adds (auth, org, membership, apiKey) are not here: each middleware declares
 * them in its own type (createMiddleware<MemberEnv> and so on), so a sub-app that chains
 * `.use(orgScope)` may read `c.var.org` after it, and one that does not fails the type check
 * (tests/unit/middleware-env.test-d.ts).
 */
export interface AppVariables {
  requestId: string;
  /** Nonce for inline scripts, put in the CSP and handed to Remix. */
  cspNonce: string;
  /** The organisation of the request's hostname (or the default one). */
  tenant: Tenant;
  /** Set on a page's in-process API call only: the browser request it belongs to. */
  page?: PageRequest;
}

/** Hono environment of every app and sub-app of the Worker: the base the guards add to. */
export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

/** After requireAuth (workers/auth/middleware.ts): who is signed in. */
export interface AuthEnv {
  Bindings: Env;
  Variables: AppVariables & { auth: AuthContext };
}

/** After orgScope (workers/api/org-scope.ts): a member of the organisation in the path /api/{org}/.... */
export interface MemberEnv {
  Bindings: Env;
  Variables: AppVariables & {
    auth: AuthContext;
    /** The organisation in the path, which the member belongs to. */
    org: Tenant;
    membership: OrgMembership;
  };
}

/** After requireApiKey (workers/integrations/require-api-key.ts): the key and its organisation (integration API, SCIM, webhooks). */
export interface ApiKeyEnv {
  Bindings: Env;
  Variables: AppVariables & {
    /** The organisation in the path, the key's own. */
    org: Tenant;
    apiKey: ApiKeyContext;
  };
}

/**
 * The constraint of a helper that any guard's handlers call (`<E extends OrgScoped>(c: Context<E>)`):
 * a Context<E> is not assignable to one of a narrower env (its `set` takes E's keys), so a helper
 * that reads only the organisation is generic rather than typed with one guard's env.
 */
export interface OrgScoped {
  Bindings: Env;
  Variables: AppVariables & { org: Tenant };
}

/**
 * An organisation in the path, guarded by either orgScope (a member) or requireApiKey (a key): the
 * routes both faces share (the webhooks' endpoints). Which guard ran is told by which is present.
 */
export interface OrgEnv {
  Bindings: Env;
  Variables: AppVariables & { org: Tenant } & ({ auth: AuthContext; membership: OrgMembership; apiKey?: undefined } | { apiKey: ApiKeyContext; auth?: undefined; membership?: undefined });
}
