/**
 * The one guard of every route an organisation's API key calls (issue 31; decision 050): the
 * integration API, SCIM, and the webhooks' routes. In order:
 * - `Authorization: Bearer cmk_...` names a key in force (read from D1 each time: a revoked or
 *   expired key gets 401 at once), else 401 invalid_api_key;
 * - its own rate limit, counted per key (429 with Retry-After);
 * - the organisation in the path is the key's, else 404 as for any unknown organisation;
 * - the key holds `scope`, else 403 api_key_scope_missing.
 * Every use past the rate limit writes its audit row (api_key.used, with the answer's status) and
 * the key's last use, after the answer is made.
 */
import { createMiddleware } from "hono/factory";
import type { ApiKeyScope } from "../../app/domain/integrations";
import { isSlug } from "../../app/domain/slug";
import { bearerToken } from "../auth/middleware";
import { DomainError, forbidden, notFound, unauthorized } from "../lib/domain-errors";
import { STATUS_OF } from "../lib/errors";
import { enforceRateLimit } from "../lib/rate-limit";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { ApiKeyEnv } from "../types";
import { keyInForce, recordKeyUse } from "./keys";

const invalidKey = () => unauthorized("invalid_api_key", "The API key is missing, unknown, revoked or expired.");

export function requireApiKey(scope: ApiKeyScope) {
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const key = await keyInForce(c.env, bearerToken(c.req.header("authorization")) ?? "");
    if (!key) throw invalidKey();
    await enforceRateLimit(c, "api_key", key.id);
    let status = 500;
    try {
      const slug = c.req.param("org") ?? "";
      const org = isSlug(slug) ? await getOrganizationBySlug(c.env, slug) : null;
      // Another organisation's path answers as an unknown one would: nothing of it is confirmed.
      if (!org || org.id !== key.orgId) throw notFound("organization_not_found", "The organisation cannot be found.");
      if (!key.scopes.includes(scope)) throw forbidden("api_key_scope_missing", `This key does not hold the ${scope} scope.`);
      c.set("apiKey", key);
      c.set("org", org);
      await next();
      status = c.res.status;
    } catch (error) {
      status = error instanceof DomainError ? STATUS_OF[error.kind] : 500;
      throw error;
    } finally {
      await recordKeyUse(c.env, key.orgId, key.id, { method: c.req.method, path: c.req.path, status });
    }
  });
}
