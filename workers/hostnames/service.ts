/**
 * Where a verified custom hostname gets its TLS certificate (issue 15, point 4): one interface,
 * with the Cloudflare for SaaS adapter (./cloudflare-saas.ts) when CF_ZONE_ID and CF_API_TOKEN are
 * set; without them there is none, and the operator serves TLS for the hostname some other way
 * (docs/hostnames.md).
 */
import { getConfig } from "../lib/config";
import { createCloudflareSaas } from "./cloudflare-saas";
import type { HostnameService } from "./hostname-service";

export { HostnameServiceError, type HostnameService } from "./hostname-service";

export function hostnameService(env: Env): HostnameService | null {
  const config = getConfig(env);
  return config.CF_ZONE_ID && config.CF_API_TOKEN ? createCloudflareSaas({ zoneId: config.CF_ZONE_ID, token: config.CF_API_TOKEN }) : null;
}
