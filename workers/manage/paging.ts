/**
 * Paging of the staff lists: a page size within bounds and a cursor that names the last row shown
 * (its creation time and id), so a page never repeats or skips a row when others arrive meanwhile.
 */
import * as v from "valibot";

export const PAGE_SIZE = 50;
export const PAGE_SIZE_MAX = 100;

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

export const pageLimit = (limit: number | undefined) => Math.min(Math.max(limit ?? PAGE_SIZE, 1), PAGE_SIZE_MAX);

export const encodeCursor = (at: number, id: string) => `${at}.${id}`;

export function decodeCursor(cursor: string | undefined): { at: number; id: string } | null {
  if (!cursor) return null;
  const [at, ...rest] = cursor.split(".");
  return { at: Number(at), id: rest.join(".") };
}

/** The paging part of a list's query string: `limit` (1 to 100) and `cursor` as a list answered it. */
export const pageQuerySchema = {
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer("form_error_invalid"), v.minValue(1, "form_error_invalid"), v.maxValue(PAGE_SIZE_MAX, "form_error_invalid"))),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}\.[\w-]{1,64}$/, "form_error_invalid"))),
};
