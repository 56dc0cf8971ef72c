/**
 * Resolves the request's organisation once (DESIGN.md "Tenants"): a custom hostname names its
 * organisation; any other host serves the default one. `/api/{org}/...` routes check membership
 * of the organisation in their path separately.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../types";
import type { UpstreamFetch } from "../lib/upstream";
import { getDefaultOrganization, getOrganizationByHostname } from "./organizations";
import { upstreamTenant } from "./upstream-tenants";

/** Behind an edge's UPSTREAM_URL, the upstream says whose the host is (./upstream-tenants.ts). */
export const resolveTenant = (upstreamFetch?: UpstreamFetch) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const tenant = c.env.UPSTREAM_URL
      ? await upstreamTenant(c.env, c.req.raw, c.var.requestId, upstreamFetch ?? ((request) => fetch(request)))
      : ((await getOrganizationByHostname(c.env, new URL(c.req.url).hostname)) ?? (await getDefaultOrganization(c.env)));
    c.set("tenant", tenant);
    await next();
  });
