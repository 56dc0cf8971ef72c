/**
 * The one answer for a request body that is not JSON: 400 `bad_request`, "The body must be JSON."
 * (docs/api/auth.md). Every JSON endpoint reads its body here, or through `validate("json", ...)`,
 * which checks it here first, so a client sees the same code whichever endpoint it called.
 *
 * It is also where text enters: a string (or a key) with a NUL character or half of a surrogate
 * pair is refused here, 400 `validation_error` with the field, for every JSON endpoint at once.
 * Stored, such text broke the pages that render it (issue 25); a surrogate half also throws in
 * encodeURIComponent.
 */
import { badRequest } from "./domain-errors";

export const notJson = () => badRequest("bad_request", "The body must be JSON.");

/**
 * Whether the request says its body is JSON (`application/json`, `application/merge-patch+json`...):
 * the media types Hono's validator parses as JSON, so both read the same bodies.
 */
export const saysJson = (contentType: string | undefined) => /^application\/([\w.-]+\+)?json$/i.test(contentType?.split(";")[0].trim() ?? "");

/** NUL, or a high surrogate without its low half, or a low one without its high half. */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` is text a page can show and a URL can carry: no NUL, no lone surrogate. */
export const isCleanText = (text: string) => !ILL_FORMED.test(text);

/** The dot path (as `fields` names it) of the first string or key in `value` that is not clean text, or null. */
export function illFormedTextAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : path.join(".") || "_";
  if (!value || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return [...path, "_"].join(".");
    const found = illFormedTextAt(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** 400 `validation_error` naming the first field whose text is not clean, if any. */
export function refuseIllFormedText(value: unknown) {
  const field = illFormedTextAt(value);
  if (field) throw badRequest("validation_error", "Text may not contain NUL characters or lone surrogates.", { [field]: "form_error_invalid" });
}

/** The parsed JSON body (its text checked, see above); `emptyAs` stands for an empty body where one is optional. */
export async function jsonBody(c: { req: { text: () => Promise<string> } }, emptyAs?: unknown): Promise<unknown> {
  const text = await c.req.text();
  if (!text && emptyAs !== undefined) return emptyAs;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notJson();
  }
  refuseIllFormedText(body);
  return body;
}
