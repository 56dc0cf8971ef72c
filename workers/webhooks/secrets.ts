/**
 * An endpoint's signing secrets, sealed at rest with the Worker's TOKEN_SECRET (AES-GCM,
 * workers/lib/crypto.ts) and bound to the endpoint's id, so a sealed value copied to another row
 * does not open there.
 */
import { getConfig } from "../lib/config";
import { seal, unseal } from "../lib/crypto";

export const sealSecret = (env: Env, endpointId: string, secret: string) => seal(getConfig(env).TOKEN_SECRET, JSON.stringify({ for: endpointId, secret }));

export async function unsealSecret(env: Env, endpointId: string, sealed: string | null): Promise<string | null> {
  if (!sealed) return null;
  const text = await unseal(getConfig(env).TOKEN_SECRET, sealed);
  if (!text) return null;
  const value = JSON.parse(text) as { for?: string; secret?: string };
  return value.for === endpointId && typeof value.secret === "string" ? value.secret : null;
}

/** The secrets that sign now: the current one, and the one it replaced while the rotation's overlap lasts. */
export async function signingSecrets(env: Env, endpoint: { id: string; secret: string; previousSecret: string | null; previousSecretUntil: number | null }, now: number): Promise<string[]> {
  const current = await unsealSecret(env, endpoint.id, endpoint.secret);
  const previous = endpoint.previousSecretUntil !== null && endpoint.previousSecretUntil > now ? await unsealSecret(env, endpoint.id, endpoint.previousSecret) : null;
  return [current, previous].filter((secret): secret is string => secret !== null);
}
