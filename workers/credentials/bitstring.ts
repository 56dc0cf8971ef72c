/**
 * The bitstring of a W3C Bitstring Status List v1.0: one bit per credential (1: revoked), the first
 * index the left-most bit, GZIP-compressed and written as Multibase base64url ("u" prefix, no
 * padding). At least 16 KB (131,072 entries) so that a set bit says little about who it is (the
 * specification's herd privacy). Pure: no storage, the same code encodes and checks.
 */
import { gunzipSync, gzipSync } from "fflate";
import { base64UrlDecode, base64UrlEncode } from "../lib/crypto";

/** 16 KB of bits: the specification's minimum, and the index space credentials are drawn from. */
export const STATUS_LIST_LENGTH = 131_072;

/** The encoded list with the bits at `indexes` set. */
export function encodeStatusList(indexes: Iterable<number>, length = STATUS_LIST_LENGTH): string {
  const bits = new Uint8Array(length / 8);
  for (const index of indexes) {
    if (!Number.isInteger(index) || index < 0 || index >= length) throw new RangeError(`status index ${index} is outside the list`);
    bits[index >> 3] |= 0x80 >> (index & 7);
  }
  return `u${base64UrlEncode(gzipSync(bits))}`;
}

/** The bitstring of an encoded list, or null when it is not one. */
export function decodeStatusList(encoded: string): Uint8Array | null {
  if (!encoded.startsWith("u")) return null;
  try {
    return gunzipSync(base64UrlDecode(encoded.slice(1)));
  } catch {
    return null;
  }
}

/** Whether the bit at `index` is set (an index past the end is not). */
export const bitIsSet = (bits: Uint8Array, index: number) => index >= 0 && index >> 3 < bits.length && (bits[index >> 3] & (0x80 >> (index & 7))) !== 0;
