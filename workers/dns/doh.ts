/**
 * DNS over HTTPS with the JSON API (RFC 8484's sibling that Cloudflare's and Google's resolvers
 * answer: GET ?name=&type=TXT with `accept: application/dns-json`). NXDOMAIN and an empty answer
 * are "no record"; any other failure is DnsUnavailable.
 */
import { DnsUnavailable, type DnsResolver } from "./resolver";

export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";
const TXT = 16;
const NXDOMAIN = 3;

interface DohAnswer {
  Status: number;
  Answer?: { type: number; data: string }[];
}

/** A TXT record's data as the JSON API gives it (`"part one" "part two"`): its strings joined. */
export function txtData(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1].replace(/\\(.)/g, "$1"));
  return parts.length ? parts.join("") : data;
}

export function createDohResolver({ url = DEFAULT_DOH_URL, fetch: fetcher = fetch }: { url?: string; fetch?: typeof fetch } = {}): DnsResolver {
  return {
    async txt(name) {
      const query = new URL(url);
      query.search = new URLSearchParams({ name, type: "TXT" }).toString();
      let answer: DohAnswer;
      try {
        const response = await fetcher(query.toString(), { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new DnsUnavailable(`DNS over HTTPS answered ${response.status}`);
        answer = (await response.json()) as DohAnswer;
      } catch (cause) {
        throw cause instanceof DnsUnavailable ? cause : new DnsUnavailable(String(cause));
      }
      if (answer.Status === NXDOMAIN) return [];
      if (answer.Status !== 0) throw new DnsUnavailable(`DNS answered status ${answer.Status}`);
      return (answer.Answer ?? []).filter((record) => record.type === TXT).map((record) => txtData(record.data));
    },
  };
}
