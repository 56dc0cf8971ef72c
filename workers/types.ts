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

/** Hono environment shared by every sub-app of the Worker. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** Nonce for inline scripts, put in the CSP and handed to Remix. */
    cspNonce: string;
    /** The organisation of the request's hostname (or the default one). */
    tenant: Tenant;
    auth: AuthContext;
    /** On /api/{org}/... routes: the organisation in the path, which the member belongs to. */
    org: Tenant;
    membership: OrgMembership;
    /** On the routes an organisation's API key calls (integration API, SCIM): the key (workers/integrations/require-api-key.ts). */
    apiKey: ApiKeyContext;
    /** Set on a page's in-process API call only: the browser request it belongs to. */
    page?: PageRequest;
  };
}
