/**
 * Which resolver answers: DNS over HTTPS (DOH_URL, else Cloudflare's) in production or when
 * DNS_RESOLVER=doh; the local fake otherwise (./fake.ts), as the payment and geocoding fakes.
 */
import { getConfig } from "../lib/config";
import { createDohResolver } from "./doh";
import { createFakeResolver } from "./fake";
import type { DnsResolver } from "./resolver";

import { DnsUnavailable } from "./resolver";

export { DnsUnavailable, type DnsResolver } from "./resolver";

export function dnsResolver(env: Env): DnsResolver {
  const config = getConfig(env);
  const doh = config.DNS_RESOLVER ? config.DNS_RESOLVER === "doh" : config.ENVIRONMENT === "production";
  return doh ? createDohResolver({ url: config.DOH_URL }) : createFakeResolver(env.ORG_CACHE);
}

/** What DNS says of a challenge record (a hostname's or an e-mail domain's proof). */
export type TxtProof = "proven" | "record_missing" | "record_wrong" | "dns_unavailable";

/** Looks for the challenge record: there, missing, another commons value in its place, or DNS not answering. */
export async function txtProof(env: Env, record: { name: string; value: string }): Promise<TxtProof> {
  let values: string[];
  try {
    values = await dnsResolver(env).txt(record.name);
  } catch (cause) {
    if (!(cause instanceof DnsUnavailable)) throw cause;
    return "dns_unavailable";
  }
  if (values.includes(record.value)) return "proven";
  return values.some((value) => value.startsWith("commons-verification=")) ? "record_wrong" : "record_missing";
}
