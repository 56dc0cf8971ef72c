/**
 * The shape of the tokens people carry in links and headers: e-mailed links (sign-up, new
 * password, invitations, e-mail changes) and the Idempotency-Key of a contribution. One
 * definition for the Worker's validators and the pages that read them from the URL: a link cut
 * short or pasted with junk is refused before any lookup.
 */

/**
 * The letters of base64url (RFC 4648 section 5), in which every token we hand out is written: the
 * one definition the token patterns below, the calendar feed's, the "can't come" link's and the
 * Worker's decoder are built from.
 */
export const BASE64URL_LETTER = "[A-Za-z0-9_-]";

/** `text` is all base64url letters (none: true). */
const BASE64URL_TEXT = new RegExp(`^${BASE64URL_LETTER}*$`);
export const isBase64Url = (text: string) => BASE64URL_TEXT.test(text);

/** A link's token: base64url letters (workers/lib/crypto.ts randomToken: 43 of them), bounded. */
export const LINK_TOKEN_PATTERN = new RegExp(`^${BASE64URL_LETTER}{1,200}$`);

export const isLinkToken = (value: unknown): value is string => typeof value === "string" && LINK_TOKEN_PATTERN.test(value);

/** A client's Idempotency-Key (SPEC.md section 7): 8 to 100 letters, digits, - or _. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^${BASE64URL_LETTER}{8,100}$`);

export const isIdempotencyKey = (key: unknown): key is string => typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key);
