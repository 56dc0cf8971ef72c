/**
 * The one paging convention of every list of the API (docs/api/pagination.md, decision 056):
 * `limit` and `cursor` in the query (pageQuerySchema checks them), the next page's cursor
 * in `next_cursor` (null on the last page), and the same next page as a `Link: <url>; rel="next"`
 * header (RFC 8288) that repeats the request's own query with the new cursor, so a client follows
 * links without building a URL.
 */
import type { Context } from "hono";
import * as v from "valibot";

export const PAGE_SIZE = 50;
export const PAGE_SIZE_MAX = 100;

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

export const pageLimit = (limit: number | undefined) => Math.min(Math.max(limit ?? PAGE_SIZE, 1), PAGE_SIZE_MAX);

/** The paging part of a list's query string: `limit` (1 to 100) and `cursor` as a list answered it. */
export const pageQuerySchema = {
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer("form_error_invalid"), v.minValue(1, "form_error_invalid"), v.maxValue(PAGE_SIZE_MAX, "form_error_invalid"))),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}\.[\w-]{1,64}$/, "form_error_invalid"))),
};

/**
 * Sets the `Link` header of the next page, when there is one: the request's own address and query
 * with `cursor` set to it (and an older cursor parameter the list still takes, `replaces`, left out).
 */
export function linkNext(c: Context, next: string | number | null, replaces: string[] = []) {
  if (next === null) return;
  const url = new URL(c.req.url);
  for (const name of replaces) url.searchParams.delete(name);
  url.searchParams.set("cursor", String(next));
  c.header("link", `<${url.toString()}>; rel="next"`);
}

/** Sets the `Link` header of the next page, when there is one, and answers the page's body. */
export function pageAnswer<T>(c: Context, data: T[], next: string | null) {
  linkNext(c, next);
  return { data, next_cursor: next };
}

/**
 * A staff list's page as the API answers it: the service's `next` as `next_cursor`, and the same
 * next page as the `Link` header (without the older cursor parameters `replaces`). The items keep
 * their list's name (`records`, `uploads`...).
 */
export function listAnswer<T extends { next: string | null }>(c: Context, page: T, replaces: string[] = []): Omit<T, "next"> & { next_cursor: string | null } {
  const { next, ...rest } = page;
  linkNext(c, next, replaces);
  return { ...rest, next_cursor: next };
}
