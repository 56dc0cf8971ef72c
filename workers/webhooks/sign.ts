/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` and the base64 of 24 random bytes; the signed content is `{webhook-id}.{webhook-timestamp}.{body}`;
 * the signature is `v1,` and the base64 of its HMAC-SHA256 under the secret's bytes. Several
 * signatures are separated by spaces: during a rotation's overlap both secrets sign, so a receiver
 * that still holds the old secret, or already the new one, accepts the message.
 */
import { base64Decode, base64Encode } from "../lib/crypto";

const SECRET_PREFIX = "whsec_";
const encoder = new TextEncoder();

/** A new endpoint secret, shown to the administrator once. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${base64Encode(crypto.getRandomValues(new Uint8Array(24)))}`;
}

async function signOne(secret: string, content: string): Promise<string> {
  const bytes = base64Decode(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  const key = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `v1,${base64Encode(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(content))))}`;
}

/** The three headers of a message; `timestamp` in seconds since the epoch. */
export async function signedHeaders(secrets: string[], id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  const content = `${id}.${timestamp}.${body}`;
  const signatures = await Promise.all(secrets.map((secret) => signOne(secret, content)));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}
