/**
 * The referrer policy of a page whose URL holds a token (a password link, an invitation): no other
 * site gets the URL as a Referer. "same-origin", not "no-referrer": under no-referrer a browser
 * posts the page's forms without JavaScript (a navigation) with `Origin: null`, which the origin
 * check (workers/lib/request-origin.ts) refuses, so the password could not be saved.
 */
export const TOKEN_PAGE_REFERRER = { name: "referrer", content: "same-origin" } as const;
