/**
 * The one rule for a redirect target taken from a request (a form's `redirectTo`, a `redirect`
 * query parameter, the Referer, the SSO path): only a path of this site, never an open redirect.
 * Shared by the Worker (workers/api/sso.ts) and the web app (app/lib), so both refuse the same
 * tricks (docs/decisions/011-requests-from-elsewhere.md).
 */

/** Longer targets are refused: no page of ours needs one, and they only serve to hide a trick. */
export const MAX_LOCAL_PATH_LENGTH = 2000;

/** A placeholder origin to resolve against; never shown, never fetched. */
const HERE = "http://here.invalid";

/**
 * Browsers drop tabs and newlines inside URLs and read "\" like "/", so "/\t/evil" and "/\evil"
 * would leave the site: any control character or backslash, raw or %-encoded, is refused.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * `raw` as a path of this site (path, query and hash, normalised), or null when it is not one.
 * With `origin`, an absolute URL of that origin (a Referer) counts as its path; any other absolute
 * URL (`https://evil`, `//evil`, `javascript:`) is refused.
 */
export function localPath(raw: unknown, origin?: string): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LOCAL_PATH_LENGTH) return null;
  if (CONTROL_OR_BACKSLASH.test(raw)) return null;
  let url: URL;
  try {
    if (origin && /^https?:\/\//i.test(raw)) {
      url = new URL(raw);
      if (url.origin !== new URL(origin).origin) return null;
    } else {
      // "//evil" and "/%2F/evil" are another host to a browser, or become one once decoded.
      if (!raw.startsWith("/") || /^\/(?:\/|%2f)/i.test(raw)) return null;
      url = new URL(raw, HERE);
      if (url.origin !== HERE) return null;
    }
  } catch {
    return null;
  }
  // "/.//evil" normalises to "//evil": a later redirect to it would leave the site.
  if (/^\/(?:\/|%2f)/i.test(url.pathname)) return null;
  // Malformed %-encoding, or an encoded lone surrogate (%ED%A0%80), is no page of ours.
  if (!decodes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
