import type { Tenant } from "./tenant/organizations";

export interface AuthContext {
  memberId: string;
  sessionId: string;
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
  };
}
