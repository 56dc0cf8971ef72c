/**
 * A cursor of a list ordered by the membership's kept sort key (decision 043): the administrators'
 * members list and the chat's member list. Base64url of the JSON pair, so any name fits in a URL.
 */
import { base64UrlDecode, base64UrlEncode } from "./crypto";

/** Where a page of the list starts or ends: a member's sort key and id. */
export type MemberCursor = [sortKey: string, id: string];

/** A cursor as the list answers it and takes it back. */
export const encodeMemberCursor = ([sortKey, id]: MemberCursor) => base64UrlEncode(new TextEncoder().encode(JSON.stringify([sortKey, id])));

/** The pair a cursor names, or null when it is not one the list gave. */
export function decodeMemberCursor(cursor: string): MemberCursor | null {
  try {
    const pair: unknown = JSON.parse(new TextDecoder().decode(base64UrlDecode(cursor)));
    return Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === "string") ? (pair as MemberCursor) : null;
  } catch {
    return null;
  }
}
