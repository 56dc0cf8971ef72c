/**
 * An organisation's OpenID Connect providers as administrators set them (issue 15, point 4),
 * browser-safe: the fields and their rules. Discovery (the issuer's
 * /.well-known/openid-configuration) fills in everything else.
 */
import * as v from "valibot";

export const SSO_PROVIDERS_MAX = 5;
export const DEFAULT_SSO_SCOPES = "openid email profile";

const slug = v.pipe(v.string("form_error_required"), v.trim(), v.toLowerCase(), v.nonEmpty("form_error_required"), v.regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "sso_error_slug"));
const issuer = v.pipe(
  v.string("form_error_required"),
  v.trim(),
  v.nonEmpty("form_error_required"),
  v.maxLength(500, "form_error_max_length"),
  v.check((text) => URL.canParse(text) && ["https:", "http:"].includes(new URL(text).protocol) && !new URL(text).search && !new URL(text).hash, "form_error_invalid_url"),
  // The issuer as the provider states it, without a trailing slash (discovery compares it exactly).
  v.transform((text) => text.replace(/\/$/, "")),
);
const clientId = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(300, "form_error_max_length"));
const clientSecret = v.pipe(v.string("form_error_invalid"), v.maxLength(500, "form_error_max_length"));
const scopes = v.pipe(
  v.string("form_error_invalid"),
  v.trim(),
  v.transform((text) => text.split(/\s+/).filter(Boolean)),
  v.check((list) => list.includes("openid"), "sso_error_scopes"),
  v.check((list) => list.length <= 20 && list.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(scope)), "form_error_invalid"),
  v.transform((list) => [...new Set(list)].join(" ")),
);

export const ssoProviderSchema = v.strictObject(
  {
    provider: slug,
    issuer,
    client_id: clientId,
    /** Absent or empty: a public client (PKCE alone). */
    client_secret: v.optional(v.nullable(clientSecret)),
    scopes: v.optional(scopes, DEFAULT_SSO_SCOPES),
    enforced: v.optional(v.boolean("form_error_invalid"), false),
  },
  "form_error_unknown_field",
);
export type SsoProviderInput = v.InferOutput<typeof ssoProviderSchema>;

/** PUT: any field but the slug (the callback address names it); a secret left out is kept, null clears it. */
export const ssoProviderChangeSchema = v.pipe(
  v.strictObject(
    {
      issuer: v.optional(issuer),
      client_id: v.optional(clientId),
      client_secret: v.optional(v.nullable(clientSecret)),
      scopes: v.optional(scopes),
      enforced: v.optional(v.boolean("form_error_invalid")),
    },
    "form_error_unknown_field",
  ),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);
export type SsoProviderChange = v.InferOutput<typeof ssoProviderChangeSchema>;
