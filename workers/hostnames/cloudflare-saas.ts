/**
 * Cloudflare for SaaS custom hostnames (the zone's /custom_hostnames API): a verified hostname is
 * added with a DV certificate validated over HTTP, which Cloudflare issues and renews by itself
 * once the organisation's CNAME points at the zone's fallback origin; removing it deletes it there.
 * Errors come back as HostnameServiceError with Cloudflare's own messages.
 */
import { HostnameServiceError, type HostnameService } from "./hostname-service";

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

interface Envelope<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result?: T;
}
interface CustomHostname {
  id: string;
  hostname: string;
  ssl?: { status?: string };
}

export function createCloudflareSaas({ zoneId, token, fetch: fetcher = fetch }: { zoneId: string; token: string; fetch?: typeof fetch }): HostnameService {
  const base = `${CLOUDFLARE_API}/zones/${zoneId}/custom_hostnames`;
  async function call<T>(method: string, url: string, body?: unknown): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetcher(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (cause) {
      throw new HostnameServiceError(`Cloudflare cannot be reached: ${String(cause)}`);
    }
    const envelope = (await response.json().catch(() => ({ success: false }))) as Envelope<T>;
    if (!response.ok || !envelope.success) {
      const messages = (envelope.errors ?? []).map((error) => `${error.code}: ${error.message}`).join("; ");
      throw new HostnameServiceError(`Cloudflare answered ${response.status}${messages ? ` (${messages})` : ""}`);
    }
    return envelope.result;
  }
  return {
    async add(hostname) {
      const result = await call<CustomHostname>("POST", base, { hostname, ssl: { method: "http", type: "dv", settings: { min_tls_version: "1.2" } } });
      if (!result?.id) throw new HostnameServiceError("Cloudflare gave no id for the hostname");
      return { id: result.id, tls: result.ssl?.status ?? "pending_validation" };
    },
    async status(id) {
      const result = await call<CustomHostname>("GET", `${base}/${encodeURIComponent(id)}`);
      return { tls: result?.ssl?.status ?? "unknown" };
    },
    async remove(id) {
      await call("DELETE", `${base}/${encodeURIComponent(id)}`);
    },
  };
}
