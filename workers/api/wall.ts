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
import { invalidInput } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

export const wallRoutes = new Hono<AppEnv>().use(orgScope).get("/", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ initiatives: arrayOf(ref("InitiativeCard")), past: arrayOf(ref("InitiativeCard")), page: scalars.int, has_more: scalars.bool, next_cursor: orNull(scalars.str) }, ["past", "page", "has_more"]), summary: "The organisation's wall: its initiatives, filtered and paged." })), async (c) => {
  // Empty parameters (a form's blank fields) mean "no filter".
  const given = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
  const parsed = v.safeParse(wallQuerySchema, given);
  if (!parsed.success) throw invalidInput(parsed.issues);
  const q = parsed.output;
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
