/**
 * The one paging convention of the integration API and of every list that adopts it
 * (docs/api/pagination.md): `limit` and `cursor` in the query (workers/manage/paging.ts checks
 * them), the page in `data`, the next page's cursor in `next_cursor` (null on the last page), and
 * the same next page as a `Link: <url>; rel="next"` header (RFC 8288) that repeats the request's
 * own query with the new cursor, so a client follows links without building a URL.
 */
import type { Context } from "hono";

/** Sets the `Link` header of the next page, when there is one, and answers the page's body. */
export function pageAnswer<T>(c: Context, data: T[], next: string | null) {
  if (next) {
    const url = new URL(c.req.url);
    url.searchParams.set("cursor", next);
    c.header("link", `<${url.toString()}>; rel="next"`);
  }
  return { data, next_cursor: next };
}
