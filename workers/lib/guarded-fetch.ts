/**
 * The one way the Worker fetches an address an administrator chose (issue 25, point 4): an
 * organisation's OpenID issuer and every endpoint its discovery document names. An administrator
 * must not be able to aim the Worker at the operator's own network, a cloud metadata service or a
 * slow server that holds requests open, nor read a remote body back through our answers.
 *
 * - Production: https only; no loopback, private, link-local, shared, multicast or reserved
 *   address, no metadata host, no single-label name or `*.localhost`, `*.internal`, `*.local`.
 * - Development and test: the same, except that loopback (127.0.0.0/8, ::1, localhost) over http is
 *   allowed, because that is where the local test provider runs (tests/e2e/sso.test.mjs).
 * - Always: no redirects (`redirect: "manual"`, a 3xx is refused), a timeout covering the body
 *   too, and a size cap on the body. Failures are an `OutboundRefused` carrying a code only.
 *
 * A name that resolves to a private address cannot be checked from a Worker (it has no resolver
 * of its own, and a check before the fetch would race the fetch's own lookup); on Cloudflare a
 * Worker's fetch does not reach private networks anyway. docs/decisions/026-guarded-outbound-fetch.md.
 */
import { isProduction } from "./config";

export const OUTBOUND_TIMEOUT_MS = 5_000;
/** Discovery documents, JWKS, token and userinfo answers are a few KB: 256 KB is generous. */
export const OUTBOUND_MAX_BYTES = 256 * 1024;

export type OutboundRefusal = "https_required" | "address_not_allowed" | "redirect_refused" | "timeout" | "too_large" | "unreachable";

/** Why an outbound request was refused or failed, as a code (never the remote answer). */
export class OutboundRefused extends Error {
  constructor(readonly code: OutboundRefusal) {
    super(`Outbound request refused: ${code}`);
    this.name = "OutboundRefused";
  }
}

export interface OutboundRule {
  /** http and loopback addresses are allowed (development and test only). */
  allowLoopback: boolean;
}

export const outboundRule = (env: Env): OutboundRule => ({ allowLoopback: !isProduction(env) });

/** Names no administrator-supplied URL may use, whatever they resolve to. */
const BLOCKED_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.com",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.platformequinix.com",
  "metadata.tencentyun.com",
  "kubernetes.default",
  "kubernetes.default.svc",
]);
const BLOCKED_SUFFIXES = [".internal", ".local", ".localdomain", ".home.arpa", ".intranet", ".corp", ".lan"];

/**
 * An IPv4 address in any form the URL standard and inet_aton accept (`127.1`, `2130706433`,
 * `0x7f.0.0.1`, `0177.0.0.1`), as a 32-bit number; null when the text is not one.
 */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length > 4 || parts.some((part) => part === "")) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isFinite(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

const inV4 = (address: number, base: string, bits: number) => {
  const start = parseIpv4(base)!;
  const size = 2 ** (32 - bits);
  return address >= start && address < start + size;
};

/** Addresses that are not somebody's public server: refused everywhere but loopback in development. */
function ipv4Class(address: number): "public" | "loopback" | "blocked" {
  if (inV4(address, "127.0.0.0", 8)) return "loopback";
  const blocked: [string, number][] = [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8],
    ["100.64.0.0", 10], // shared (carrier-grade NAT); Alibaba's metadata is 100.100.100.200
    ["169.254.0.0", 16], // link-local: AWS, GCP and Azure metadata at 169.254.169.254
    ["172.16.0.0", 12],
    ["192.0.0.0", 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved and broadcast
  ];
  return blocked.some(([base, bits]) => inV4(address, base, bits)) ? "blocked" : "public";
}

/** An IPv6 address (without brackets) as eight 16-bit groups; null when the text is not one. */
export function parseIpv6(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  // A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups written another way.
  const lastColon = address.lastIndexOf(":");
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(tail) ? parseIpv4(tail) : null;
    if (v4 === null) return null;
    address = `${address.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = halves.length === 2 ? Array<number>(8 - known).fill(0) : [];
  return [...head, ...zeros.map(String), ...rest].map((group) => parseInt(group, 16));
}

function ipv6Class(groups: number[]): "public" | "loopback" | "blocked" {
  const embeddedV4 = groups[6] * 65536 + groups[7];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(7) && groups[7] === 1) return "loopback"; // ::1
  if (zeroUpTo(8)) return "blocked"; // ::
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 rule.
  if (zeroUpTo(5) && groups[5] === 0xffff) return ipv4Class(embeddedV4);
  if (zeroUpTo(6)) return ipv4Class(embeddedV4);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return ipv4Class(embeddedV4);
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address in its second and third groups.
  if (groups[0] === 0x2002) return ipv4Class(groups[1] * 65536 + groups[2]) === "public" ? "public" : "blocked";
  if ((groups[0] & 0xfe00) === 0xfc00) return "blocked"; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((groups[0] & 0xffc0) === 0xfe80) return "blocked"; // link-local fe80::/10
  if ((groups[0] & 0xffc0) === 0xfec0) return "blocked"; // site-local (deprecated) fec0::/10
  if ((groups[0] & 0xff00) === 0xff00) return "blocked"; // multicast
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return "blocked"; // documentation
  if (groups[0] === 0x0100 && zeroUpTo(4)) return "blocked"; // discard-only 100::/64
  return "public";
}

/** What a URL's host is: a public server, this machine, or somewhere no outbound request may go. */
export function hostClass(hostname: string): "public" | "loopback" | "blocked" {
  // A trailing dot names the same host ("localhost." is localhost).
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host === "") return "blocked";
  if (host.startsWith("[") || host.includes(":")) {
    const groups = parseIpv6(host.replace(/^\[|\]$/g, ""));
    return groups ? ipv6Class(groups) : "blocked";
  }
  const v4 = parseIpv4(host);
  if (v4 !== null) return ipv4Class(v4);
  // A name whose last label is a number but that is no valid address (999.1.1.1, 1.0x1g) is
  // nobody's host name (the URL standard refuses it too).
  if (/^(0x[0-9a-f]*|[0-9]+)$/i.test(host.slice(host.lastIndexOf(".") + 1))) return "blocked";
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  if (BLOCKED_NAMES.has(host) || BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "blocked";
  // A single label resolves only through the machine's search domains: an internal name.
  if (!host.includes(".")) return "blocked";
  return "public";
}

/** Why this URL may not be fetched under this rule, or null when it may. */
export function outboundUrlProblem(url: URL | string, rule: OutboundRule): OutboundRefusal | null {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return "address_not_allowed";
  }
  if (parsed.username || parsed.password) return "address_not_allowed";
  const kind = hostClass(parsed.hostname);
  if (kind === "blocked" || (kind === "loopback" && !rule.allowLoopback)) return "address_not_allowed";
  if (parsed.protocol === "https:") return null;
  if (parsed.protocol === "http:" && rule.allowLoopback && kind === "loopback") return null;
  return "https_required";
}

/** Reads a body up to `max` bytes; more is refused without reading further. */
async function boundedBody(response: Response, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new OutboundRefused("too_large");
  }
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new OutboundRefused("too_large");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

export type GuardedFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for administrator-supplied URLs under this environment's rule (see the module comment).
 * The answer's body is read in full (within the cap and the timeout) before it is handed back.
 */
export function guardedFetch(env: Env, options: GuardedFetchOptions = {}): GuardedFetch {
  const rule = outboundRule(env);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  return async (input, init = {}) => {
    const url = new URL(input);
    const problem = outboundUrlProblem(url, rule);
    if (problem) throw new OutboundRefused(problem);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      const response = await fetch(url.href, { ...init, redirect: "manual", signal });
      // With redirect "manual" a 3xx comes back as it is: following it is what is refused.
      if ((response.status >= 300 && response.status < 400) || response.type === "opaqueredirect") {
        await response.body?.cancel();
        throw new OutboundRefused("redirect_refused");
      }
      const body = await boundedBody(response, maxBytes);
      // The body is read (and decoded) already: its transfer headers no longer describe it.
      const headers = new Headers(response.headers);
      for (const name of ["content-encoding", "content-length", "transfer-encoding"]) headers.delete(name);
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } catch (cause) {
      if (cause instanceof OutboundRefused) throw cause;
      if (timeout.aborted) throw new OutboundRefused("timeout");
      if (init.signal?.aborted) throw cause;
      throw new OutboundRefused("unreachable");
    }
  };
}
