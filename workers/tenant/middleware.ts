/**
 * Resolves the request's organisation once (DESIGN.md "Tenants"): a custom hostname names its
 * organisation; any other host serves the default one. `/api/{org}/...` routes check membership
 * of the organisation in their path separately.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../types";
import { getDefaultOrganization, getOrganizationByHostname } from "./organizations";

export const resolveTenant = createMiddleware<AppEnv>(async (c, next) => {
  const hostname = new URL(c.req.url).hostname;
  const tenant = (await getOrganizationByHostname(c.env, hostname)) ?? (await getDefaultOrganization(c.env));
  c.set("tenant", tenant);
  await next();
});
