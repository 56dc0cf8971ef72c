/**
 * Check-in codes (issue 11, point 4), the same in the Worker and in the organiser's browser. Each
 * initiative has its own check-in key, derived by the server from its secret and given only to the
 * staff who manage that initiative. A participant's code is the key's HMAC of their participation
 * uuid, as 10 characters of the confirmation-code alphabet (50 bits): the QR carries
 * `{uuid}.{code}` and the member can read the code out instead. Whoever holds the key checks a code
 * without the network (the check-in screen offline); nobody without it can make one, and a code of
 * another initiative does not match this one's key.
 */
import { CONFIRMATION_CODE_ALPHABET } from "./initiatives/forms";

export const CHECKIN_CODE_LENGTH = 10;

/** A check-in made offline is accepted when it syncs within this many days of being made. */
export const CHECKIN_SYNC_WINDOW_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encoder = new TextEncoder();

async function hmac(key: Uint8Array<ArrayBuffer>, text: string) {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, encoder.encode(text)));
}

/** The participant's code under the initiative's key: 10 characters, 5 bits each. */
export async function checkinCode(key: Uint8Array<ArrayBuffer>, participantUuid: string): Promise<string> {
  const mac = await hmac(key, `checkin:${participantUuid}`);
  let code = "";
  for (let bit = 0; code.length < CHECKIN_CODE_LENGTH; bit += 5) {
    const byte = bit >> 3;
    const value = (((mac[byte] << 8) | mac[byte + 1]) >> (11 - (bit & 7))) & 31;
    code += CONFIRMATION_CODE_ALPHABET[value];
  }
  return code;
}

/** The key as the check-in sheet sends it (base64url), as bytes for checkinCode. */
export function keyFromText(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** What the QR code carries. */
export const checkinQrValue = (participantUuid: string, code: string) => `${participantUuid}.${code}`;

/** The code as people read it: two groups of five. */
export const formatCheckinCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export type CheckinInput = { uuid: string; code: string } | { uuid: null; code: string };

/**
 * What the organiser scanned or typed: a QR value (uuid and code) or a code alone (read out, with
 * or without its hyphen, any case). Null when it can be neither.
 */
export function parseCheckinInput(raw: string): CheckinInput | null {
  const text = raw.trim();
  const dot = text.lastIndexOf(".");
  if (dot > 0) {
    const uuid = text.slice(0, dot).toLowerCase();
    const code = normalizeCode(text.slice(dot + 1));
    return UUID.test(uuid) && code ? { uuid, code } : null;
  }
  const code = normalizeCode(text);
  return code ? { uuid: null, code } : null;
}

function normalizeCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== CHECKIN_CODE_LENGTH) return null;
  return [...code].every((char) => CONFIRMATION_CODE_ALPHABET.includes(char)) ? code : null;
}

/** Equal codes, compared in time that does not depend on where they differ. */
export function sameCode(a: string, b: string) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** Which of `participants` the input names under `key`, or null (a forged code, or another initiative's). */
export async function matchCheckin<P extends { uuid: string }>(key: Uint8Array<ArrayBuffer>, input: CheckinInput, participants: readonly P[]): Promise<P | null> {
  if (input.uuid) {
    const participant = participants.find((p) => p.uuid === input.uuid);
    return participant && sameCode(await checkinCode(key, participant.uuid), input.code) ? participant : null;
  }
  for (const participant of participants) {
    if (sameCode(await checkinCode(key, participant.uuid), input.code)) return participant;
  }
  return null;
}
