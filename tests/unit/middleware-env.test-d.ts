/**
 * Type-level test, checked by `tsc --noEmit` (tsconfig includes tests/**): a sub-app's handlers may
 * read a guard's variables only after `.use(guard)` (workers/types.ts). Each `@ts-expect-error`
 * line fails the type check if it ever compiles, i.e. if the variable became readable without
 * its guard. Nothing here runs: vitest collects *.test.ts only.
 */
import { Hono, type Context } from "hono";
import { requireAuth } from "../../workers/auth/middleware";
import { orgScope } from "../../workers/api/org-scope";
import { requireApiKey } from "../../workers/integrations/require-api-key";
import type { ApiKeyEnv, AppEnv, AuthEnv, MemberEnv, OrgEnv } from "../../workers/types";

// Without a guard: the base variables only.
new Hono<AppEnv>().get("/", (c) => {
  c.var.tenant.slug satisfies string;
  // @ts-expect-error no orgScope ran: there is no organisation of the path
  void c.var.org;
  // @ts-expect-error no guard ran: nobody is signed in
  void c.var.auth;
  // @ts-expect-error no orgScope ran: no membership
  void c.var.membership;
  // @ts-expect-error no requireApiKey ran: no key
  void c.var.apiKey;
  return c.body(null);
});

// After orgScope: the member, the organisation and the membership; no key.
new Hono<AppEnv>().use(orgScope).get("/", (c) => {
  c.var.org.id satisfies string;
  c.var.auth.memberId satisfies string;
  c.var.membership.role satisfies string;
  // @ts-expect-error orgScope sets no API key
  void c.var.apiKey;
  return c.body(null);
});

// After requireAuth: who is signed in, no organisation.
new Hono<AppEnv>().use(requireAuth).get("/", (c) => {
  c.var.auth.memberId satisfies string;
  // @ts-expect-error requireAuth checks no organisation
  void c.var.org;
  return c.body(null);
});

// After requireApiKey: the key and its organisation; no member.
new Hono<AppEnv>().use(requireApiKey("scim")).get("/", (c) => {
  c.var.apiKey.scopes satisfies string[];
  c.var.org.id satisfies string;
  // @ts-expect-error a key is no member
  void c.var.auth;
  return c.body(null);
});

// A guard on one route alone types that route's handler, not its neighbours.
new Hono<AppEnv>()
  .get("/key", requireApiKey("members:read"), (c) => c.text(c.var.org.id))
  .get("/open", (c) => {
    // @ts-expect-error only the route above has the key's guard
    void c.var.org;
    return c.body(null);
  });

// Handlers written apart take the env of the guard they run after.
declare const base: Context<AppEnv>;
declare const member: Context<MemberEnv>;
declare const key: Context<ApiKeyEnv>;
declare const signedIn: Context<AuthEnv>;
declare const either: Context<OrgEnv>;
member.var.membership.role satisfies string;
key.var.apiKey.id satisfies string;
signedIn.var.auth.sessionId satisfies string;
// @ts-expect-error the base env has no organisation
void base.var.org;
// @ts-expect-error a signed-in caller has no organisation until orgScope
void signedIn.var.org;
// @ts-expect-error either guard may have run: the member is not sure
void either.var.auth.memberId;
either.var.org.slug satisfies string;
void (either.var.apiKey ? either.var.apiKey.id : either.var.auth.memberId);
