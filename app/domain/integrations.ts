/**
 * What an organisation's API key may do (issue 31; docs/integrations.md): the one list of scopes,
 * read by the key service, the integration API and SCIM on the server and by the
 * /manage/integrations screen's checkboxes and labels in the browser.
 */
import * as v from "valibot";

export const API_KEY_SCOPES = [
  "members:read",
  "participations:read",
  "initiatives:read",
  "initiatives:write",
  "donations:read",
  "webhooks",
  "scim",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The longest name an administrator may give a key (it names the system that holds it). */
export const API_KEY_NAME_MAX_LENGTH = 100;
/** How many keys an organisation may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 50;

/** What the first characters of every key say, so a leaked one is recognised by secret scanners. */
export const API_KEY_PREFIX = "cmk_";

/** An expiry as the form sends it: a day (YYYY-MM-DD), the key working through that whole day (UTC). */
const expiryDay = v.pipe(
  v.string("form_error_invalid_date"),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "form_error_invalid_date"),
  v.check((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), "form_error_invalid_date"),
);

/** POST /api/{org}/admin/api-keys: a name, one or more scopes, an optional expiry day. */
export const apiKeyCreationSchema = v.strictObject(
  {
    name: v.pipe(v.string("form_error_required"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(API_KEY_NAME_MAX_LENGTH, "form_error_max_length")),
    scopes: v.pipe(
      v.array(v.picklist(API_KEY_SCOPES, "form_error_invalid"), "form_error_invalid"),
      v.minLength(1, "integrations_error_no_scope"),
      v.transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
    ),
    expires_on: v.optional(v.nullable(expiryDay)),
  },
  "form_error_unknown_field",
);
export type ApiKeyCreation = v.InferOutput<typeof apiKeyCreationSchema>;

/** The instant (ms) a key that works through `day` stops working: the next day's start, UTC. */
export const expiryOf = (day: string) => Date.parse(`${day}T00:00:00Z`) + 86_400_000;
