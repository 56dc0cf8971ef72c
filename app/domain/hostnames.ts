/**
 * Custom hostnames (issue 15, point 4), browser-safe: what a hostname an organisation may add looks
 * like, and the DNS TXT record that proves the organisation controls it.
 */
import * as v from "valibot";

/** Dot-separated labels of letters, digits and inner hyphens, ending in a name (no IP addresses). */
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** How many hostnames (pending or verified) one organisation may have. */
export const HOSTNAMES_MAX = 10;

export const hostnameSchema = v.pipe(
  v.string("form_error_required"),
  v.trim(),
  v.toLowerCase(),
  // Pasted addresses are forgiven their scheme and trailing slash.
  v.transform((text) => text.replace(/^https?:\/\//, "").replace(/\/$/, "").replace(/\.$/, "")),
  v.nonEmpty("form_error_required"),
  v.regex(HOSTNAME, "hostname_error_invalid"),
);

/** The TXT record that proves a hostname: its name and the value it must hold. */
export const challengeRecord = (hostname: string, token: string) => ({ type: "TXT" as const, name: `_commons-challenge.${hostname}`, value: `commons-verification=${token}` });
