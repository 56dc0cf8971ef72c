/**
 * The SCIM filters Okta and Entra send (RFC 7644 section 3.4.2.2), and only those: one comparison
 * `attribute eq "value"`, the attribute one of the resource's that the provider matches on. A filter
 * beyond that answers 400 invalidFilter rather than a wrong list.
 *
 *   userName eq "ada@acme.example"
 *   externalId eq "00ujl29u0le5T6Aj10h7"
 *   emails[type eq "work"].value eq "ada@acme.example"   (also emails.value)
 *   displayName eq "Madrid HQ"                            (groups)
 */
import { ScimError } from "./errors";

export interface ScimFilter {
  /** The attribute, normalised: `emails[type eq "work"].value` and `emails.value` are both `emails`. */
  attribute: string;
  value: string;
}

const COMPARISON = /^\s*([A-Za-z][\w.]*|emails\[\s*type\s+eq\s+"work"\s*\]\.value)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** `allowed` in lower case; null when there is no filter. */
export function parseFilter(text: string | undefined, allowed: readonly string[]): ScimFilter | null {
  if (text === undefined || text.trim() === "") return null;
  const match = COMPARISON.exec(text);
  if (!match) throw new ScimError(400, "Only filters of the form attribute eq \"value\" are supported.", "invalidFilter");
  const attribute = /^emails(\[|\.value$)/i.test(match[1]) ? "emails" : match[1].toLowerCase();
  if (!allowed.includes(attribute)) throw new ScimError(400, `Filtering on ${match[1]} is not supported.`, "invalidFilter");
  return { attribute, value: match[2].replace(/\\(.)/g, "$1") };
}

/** startIndex (1-based) and count as SCIM pages lists: bad values are taken as the nearest good ones (section 3.4.2.4). */
export function scimPage(startIndex: string | undefined, count: string | undefined, max = 200) {
  const start = Math.max(1, Math.trunc(Number(startIndex ?? 1)) || 1);
  const parsed = Math.trunc(Number(count ?? 100));
  return { startIndex: start, count: Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), max) : 100 };
}
