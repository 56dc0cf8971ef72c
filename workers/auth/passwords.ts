/**
 * Password hashing: PBKDF2-SHA-256 with a random salt per hash. The algorithm and iteration count
 * are stored with each hash (`pbkdf2-sha256$<iterations>$<salt>$<hash>`) so the cost can change
 * later without locking anyone out.
 */
import {
  checkPasswordPolicy,
  passwordPolicyMessageKey,
  type PasswordPolicy,
} from "../../app/domain/password-policy";
import { base64Decode, base64Encode, timingSafeEqual } from "../lib/crypto";
import { badRequest } from "../lib/domain-errors";
import { isCommonPassword } from "./common-passwords";

/** Deployed Workers refuse PBKDF2 above 100,000 iterations (local workerd does not enforce it). */
export const MAX_PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const ALGORITHM = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be between 1 and ${MAX_PBKDF2_ITERATIONS}`);
  }
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${ALGORITHM}$${iterations}$${base64Encode(salt)}$${base64Encode(hash)}`;
}

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

function parseHash(stored: string): ParsedHash | null {
  const [algorithm, iterationsText, saltText, hashText, ...rest] = stored.split("$");
  if (algorithm !== ALGORITHM || rest.length > 0 || !saltText || !hashText) return null;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) return null;
  try {
    return { iterations, salt: base64Decode(saltText), hash: base64Decode(hashText) };
  } catch {
    return null;
  }
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
    return false;
  }
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * The server's full check of a new password: the shared policy of SPEC.md section 5, then the list
 * of common passwords. Throws 400 with `fields.password` set to the message key.
 */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy, email: string) {
  const rule = checkPasswordPolicy(password, policy, email);
  const key = rule ? passwordPolicyMessageKey(rule) : isCommonPassword(password) ? "password_policy_common" : null;
  if (key) throw badRequest("invalid_password", "The password does not meet the password policy.", { password: key });
}
