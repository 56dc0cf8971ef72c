/**
 * The local stand-in for DNS (development and tests: no network here): TXT records that the
 * developer or a test sets, kept in the ORG_CACHE namespace under `dev:dns:` (PUT /dev/dns/txt/{name}
 * in development). Never chosen in production (./index.ts).
 */
import type { DnsResolver } from "./resolver";

const keyOf = (name: string) => `dev:dns:txt:${name.toLowerCase()}`;

export function createFakeResolver(kv: KVNamespace): DnsResolver {
  return {
    async txt(name) {
      return (await kv.get<string[]>(keyOf(name), "json")) ?? [];
    },
  };
}

/** Sets (or, with an empty list, clears) the TXT strings of `name` in the fake. */
export async function setFakeTxt(kv: KVNamespace, name: string, values: string[]) {
  if (values.length) await kv.put(keyOf(name), JSON.stringify(values));
  else await kv.delete(keyOf(name));
}
