/**
 * GET /calendar/{token}.ics (issue 29; docs/api/calendar.md): the member's feed, public by its
 * secret token only, on the organisation's host. Answers 404 for anything the token does not open,
 * and 304 to a calendar app that already holds this version (ETag, Last-Modified), so polling is cheap.
 */
import { Hono } from "hono";
import { FEED_FILE_PATTERN } from "../../app/domain/calendar";
import { sha256Hex } from "../lib/crypto";
import { handleNotFound } from "../lib/errors";
import { enforceRateLimit } from "../lib/rate-limit";
import type { AppEnv } from "../types";
import { buildFeed, openFeed } from "./feeds";

/** An HTTP date has whole seconds: compare at that precision. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2). */
function unchanged(request: Request, etag: string, lastModified: number): boolean {
  const match = request.headers.get("if-none-match");
  if (match !== null) return match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  return !Number.isNaN(since) && seconds(lastModified) <= seconds(since);
}

export const calendarFeedRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const token = FEED_FILE_PATTERN.exec(c.req.param("file"))?.[1];
  if (!token) return handleNotFound(c);
  const miss = await enforceRateLimit(c, "calendar_feed_miss");
  const feed = await openFeed(c.env, c.var.tenant, token);
  if (!feed) return handleNotFound(c);
  await miss.succeeded();
  await enforceRateLimit(c, "calendar_feed", await sha256Hex(token));
  const { body, lastModified } = await buildFeed(c.env, feed, Date.now());
  const etag = `"${(await sha256Hex(body)).slice(0, 32)}"`;
  const headers = {
    etag,
    "last-modified": new Date(lastModified).toUTCString(),
    // Private to the member: no shared cache keeps it; apps revalidate with the validators above.
    "cache-control": "private, no-cache",
    "x-robots-tag": "noindex",
  };
  if (unchanged(c.req.raw, etag, lastModified)) return c.body(null, 304, headers);
  return c.body(body, 200, {
    ...headers,
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": 'inline; filename="calendar.ics"',
  });
});
