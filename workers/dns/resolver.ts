/**
 * The one DNS interface (issue 15, point 4): what the hostname check asks of DNS. DNS-over-HTTPS
 * in production (./doh.ts), a local fake in development and tests (./fake.ts); ./index.ts picks.
 */
export interface DnsResolver {
  /** The TXT strings at `name` (each record's strings joined, as DNS means them); [] when none. */
  txt(name: string): Promise<string[]>;
}

/** DNS could not be asked (a network fault, a server failure): try again later, not "no record". */
export class DnsUnavailable extends Error {}
