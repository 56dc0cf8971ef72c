/**
 * GET /api/{org}/wall: the initiatives a member may still join, pinned first where the
 * organisation pins, then by start time, 50 a page (`?page=`), and the recently closed ones in a
 * separate `past` section (first page). Filters: search (title and description), from/to (ISO
 * dates, clamped to dateFilterWindow), type, sdg (id 1..17), category (slug), pinned=true.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { INITIATIVE_TYPES, dateFilterWindow } from "../../app/domain/initiatives";
import { slugSchema } from "../../app/domain/slug";
import { getDb } from "../db/client";
import { wallPage } from "../initiatives/lists";
import { badRequest } from "../lib/domain-errors";
import { invalidInput } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const DAY_MS = 86_400_000;

/** An ISO date or date-time; a bare date as the start of that UTC day (`endOfDay`: its last ms). */
const isoTime = (endOfDay: boolean) =>
  v.pipe(
    v.string(),
    v.regex(DATE, "form_error_invalid_date"),
    v.transform((text) => {
      const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
      return text.length === 10 && endOfDay ? ms + DAY_MS - 1 : ms;
    }),
    v.check((ms) => Number.isFinite(ms), "form_error_invalid_date"),
  );

const digits = (max: number, message: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, message), v.transform(Number), v.minValue(1, message), v.maxValue(max, message));

export const wallQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "form_error_max_length"))),
  from: v.optional(isoTime(false)),
  to: v.optional(isoTime(true)),
  type: v.optional(v.picklist(INITIATIVE_TYPES, "form_error_invalid")),
  sdg: v.optional(digits(17, "form_error_invalid")),
  category: v.optional(slugSchema()),
  pinned: v.optional(v.picklist(["true", "false"], "form_error_invalid")),
  page: v.optional(digits(100_000, "form_error_invalid"), "1"),
});

export const wallRoutes = new Hono<AppEnv>().use(orgScope).get("/", async (c) => {
  // Empty parameters (a form's blank fields) mean "no filter".
  const given = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
  const parsed = v.safeParse(wallQuerySchema, given);
  if (!parsed.success) throw invalidInput(parsed.issues);
  const q = parsed.output;
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
    throw badRequest("validation_error", "The range ends before it starts.", { to: "form_error_date_range" });
  }
  const now = Date.now();
  const window = dateFilterWindow(now);
  const page = await wallPage(
    getDb(c.env),
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
    },
    now,
  );
  return c.json(page);
});
