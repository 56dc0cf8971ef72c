/**
 * /api/{org}/calendar (issue 29; docs/api/calendar.md): the member's calendar feed as
 * /settings/notification shows and changes it (on, a new URL, off, the interest setting), and
 * one initiative as an .ics file for "Add to calendar".
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import * as v from "valibot";
import { resolveLocale } from "../../app/domain/locales";
import { feedSettings, renewFeed, setFeedInterests, turnOffFeed } from "../calendar/feeds";
import { calendarFileName, calendarInitiative, initiativeCalendarFile } from "../calendar/single-event";
import { findInitiative } from "../initiatives/queries";
import { notFound } from "../lib/domain-errors";
import { readMemo } from "../lib/page-request";
import { validate } from "../lib/validation";
import { getDb, schema } from "../db/client";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

const feedSettingsBody = v.strictObject({ include_interests: v.boolean("form_error_invalid") }, "form_error_unknown_field");

const initiativeNotFound = () => notFound("initiative_not_found", "The initiative cannot be found.");

export const calendarRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", describeRoute(doc("Wall and ranking", "member", { answer: ref("CalendarFeed"), summary: "The member's calendar feed settings." })), async (c) => c.json(await feedSettings(c.env, c.var.org, c.var.auth.memberId)))
  .put("/", describeRoute(doc("Wall and ranking", "member", { answer: ref("CalendarFeed"), summary: "Whether the feed includes initiatives the member is interested in.", errors: { 409: ["calendar_feed_off"] } })), validate("json", feedSettingsBody), async (c) => c.json(await setFeedInterests(c.env, c.var.org, c.var.auth.memberId, c.req.valid("json").include_interests, Date.now())))
  // Turns the feed on, or gives it a new URL (the old one stops at once).
  .post("/feed", describeRoute(doc("Wall and ranking", "member", { answer: ref("CalendarFeed"), summary: "Turn the calendar feed on, or give it a new secret URL (the old one stops at once)." })), async (c) => c.json(await renewFeed(c.env, c.var.org, c.var.auth.memberId, Date.now())))
  .delete("/feed", describeRoute(doc("Wall and ranking", "member", { answer: ref("CalendarFeed"), summary: "Turn the calendar feed off." })), async (c) => c.json(await turnOffFeed(c.env, c.var.org, c.var.auth.memberId)))
  // One initiative the member can see, as a file to open in a calendar (METHOD:PUBLISH), in their language.
  .get("/initiative/:slug", describeRoute(doc("Wall and ranking", "member", { summary: "One initiative as an iCalendar file (METHOD:PUBLISH), in the member's language.", media: "text/calendar", answer: { type: "string" }, errors: { 404: ["initiative_not_found"] } })), async (c) => {
    const seen = await findInitiative(c.env, c.var.org, c.var.auth.memberId, { slug: c.req.param("slug") }, readMemo(c));
    const initiative = seen ? await calendarInitiative(c.env, c.var.org.id, seen.id) : null;
    if (!initiative) throw initiativeNotFound();
    const member = await getDb(c.env).select({ language: schema.members.language }).from(schema.members).where(eq(schema.members.id, c.var.auth.memberId)).get();
    const file = initiativeCalendarFile(c.env, c.var.org, initiative, resolveLocale(member?.language), "PUBLISH");
    if (!file) throw notFound("initiative_not_scheduled", "The initiative has no date to put in a calendar.");
    return c.body(file, 200, {
      "content-type": "text/calendar; charset=utf-8; method=PUBLISH",
      "content-disposition": `attachment; filename="${calendarFileName(initiative)}"`,
      "cache-control": "private, no-store",
    });
  });
