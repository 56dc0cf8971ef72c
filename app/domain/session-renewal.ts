/**
 * A session renewal through the auth origin (SPEC.md section 4, "Token handling"; issue 16, point
 * 3): an upstream may answer a refresh with 202 and a URL to follow. The web app loads that URL in
 * a hidden frame and waits up to 10 s for a `set_token` message from the auth origin, then keeps
 * the tokens in the member's web session. Pure: the server checks the URL, the page the message.
 */
import * as v from "valibot";

/** SPEC.md section 9: wait at most 10 s for the frame's answer. */
export const RENEW_TIMEOUT_MS = 10_000;

/** The URL to follow from a 202 refresh answer (`{ url }`, or `{ action: { url } }`), if any. */
export function renewalUrlOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as { url?: unknown; action?: { url?: unknown } };
  const url = typeof record.url === "string" ? record.url : typeof record.action?.url === "string" ? record.action.url : null;
  return url && URL.canParse(url) ? url : null;
}

/** Only a page of the auth origin may be framed: never another site, never a script URL. */
export function renewalUrlAllowed(url: string, authOrigin: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.origin === authOrigin;
}

export const RenewedTokensSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(10), v.maxLength(4096)),
  refresh_token: v.pipe(v.string(), v.minLength(10), v.maxLength(4096)),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(86_400)),
});
export type RenewedTokens = v.InferOutput<typeof RenewedTokensSchema>;

/** The tokens of a `set_token` message, when it comes from the auth origin and holds them; else null. */
export function setTokenMessage(event: { origin: string; data: unknown }, authOrigin: string): RenewedTokens | null {
  if (event.origin !== authOrigin || !event.data || typeof event.data !== "object") return null;
  const data = event.data as { type?: unknown };
  if (data.type !== "set_token") return null;
  const parsed = v.safeParse(RenewedTokensSchema, { ...(data as object), type: undefined });
  return parsed.success ? parsed.output : null;
}
