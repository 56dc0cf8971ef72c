/**
 * Which resolver answers: DNS over HTTPS (DOH_URL, else Cloudflare's) in production or when
 * DNS_RESOLVER=doh; the local fake otherwise (./fake.ts), as the payment and geocoding fakes.
 */
import { getConfig } from "../lib/config";
import { createDohResolver } from "./doh";
import { createFakeResolver } from "./fake";
import type { DnsResolver } from "./resolver";

export { DnsUnavailable, type DnsResolver } from "./resolver";

export function dnsResolver(env: Env): DnsResolver {
  const config = getConfig(env);
  const doh = config.DNS_RESOLVER ? config.DNS_RESOLVER === "doh" : config.ENVIRONMENT === "production";
  return doh ? createDohResolver({ url: config.DOH_URL }) : createFakeResolver(env.ORG_CACHE);
}
