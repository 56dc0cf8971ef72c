/**
 * The shape of the tokens people carry in links and headers: e-mailed links (sign-up, new
 * password, invitations, e-mail changes) and the Idempotency-Key of a contribution. One
 * definition for the Worker's validators and the pages that read them from the URL: a link cut
 * short or pasted with junk is refused before any lookup.
 */

/** A link's token: base64url letters (workers/lib/crypto.ts randomToken: 43 of them), bounded. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export const isLinkToken = (value: unknown): value is string => typeof value === "string" && LINK_TOKEN_PATTERN.test(value);

/** A client's Idempotency-Key (SPEC.md section 7): 8 to 100 letters, digits, - or _. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const isIdempotencyKey = (key: unknown): key is string => typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key);
