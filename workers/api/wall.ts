/**
 * GET /api/{org}/wall: the initiatives a member may still join, pinned first where the
 * organisation pins, then by start time, 50 a page (`limit`), the next page after `cursor` (keyset,
 * with `next_cursor` and a Link header: docs/api/pagination.md; `?page=` by number is still taken),
 * and the recently closed ones in a separate `past` section (first page). Filters: search (title
 * and description), from/to (ISO dates, clamped to dateFilterWindow), type, sdg (id 1..17),
 * category (slug), pinned=true.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { arrayOf, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { dateFilterWindow } from "../../app/domain/initiatives";
import { wallQuerySchema } from "../../app/domain/initiatives/wall-filter";
import { decodeWallCursor, wallPage } from "../initiatives/lists";
import { linkNext } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

const anyText = v.optional(v.string());

/**
 * The wall's parameters as a client sends them (text, each optional), then read by the one wall
 * schema (app/domain/initiatives/wall-filter.ts). Empty parameters (a form's blank fields) mean
 * "no filter": dropped between the two.
 */
const WallQuery = v.pipe(
  v.object({ search: anyText, from: anyText, to: anyText, type: anyText, sdg: anyText, category: anyText, pinned: anyText, page: anyText, cursor: anyText, limit: anyText }),
  v.transform((given) => Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== ""))),
  wallQuerySchema,
);

export const wallRoutes = new Hono<AppEnv>().use(orgScope).get("/", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ initiatives: arrayOf(ref("InitiativeCard")), past: arrayOf(ref("InitiativeCard")), page: scalars.int, has_more: scalars.bool, next_cursor: orNull(scalars.str) }, ["past", "page", "has_more"]), summary: "The organisation's wall: its initiatives, filtered and paged." })), validate("query", WallQuery), async (c) => {
  const q = c.req.valid("query");
  const now = Date.now();
  const window = dateFilterWindow(now);
  const page = await wallPage(
    c.env,
    c.var.org,
    c.var.auth.memberId,
    {
      search: q.search || undefined,
      from: Math.max(q.from ?? window.from, window.from),
      to: Math.min(q.to ?? window.to, window.to),
      type: q.type,
      sdg: q.sdg,
      category: q.category,
      pinned: q.pinned === "true",
      page: Number(q.page),
      cursor: q.cursor ? (decodeWallCursor(q.cursor) ?? undefined) : undefined,
      limit: q.limit,
    },
    now,
  );
  linkNext(c, page.next_cursor, ["page"]);
  return c.json(page);
});
