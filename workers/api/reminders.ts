/**
 * Reminders (issue 29, section 2; docs/api/reminders.md):
 * - GET and PUT /api/{org}/reminders/settings: the member's switches, per topic and channel;
 * - GET and POST /api/reminders/cant-come/{token}: the reminder's signed "can't come" link, without a
 *   token, on the organisation's own host (another's answers 404): GET shows what it frees and
 *   changes nothing, POST frees the place (its Origin, when sent, must be this host's).
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { objectOf, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { cantCome, cantComeView, CANT_COME_TOKEN } from "../reminders/cant-come";
import { changeNotification, notificationChangeSchema, notificationSettings } from "../reminders/preferences";
import { isOwnOrigin, crossOriginRefused } from "../lib/request-origin";
import { validate } from "../lib/validation";
import { sendNotices } from "../manage/notify";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

const TokenParam = v.object({ token: v.pipe(v.string(), v.regex(CANT_COME_TOKEN, "form_error_invalid")) });

export const reminderSettingsRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/settings", describeRoute(doc("Notifications", "member", { answer: ref("NotificationSettings"), summary: "The member's notification and reminder settings." })), async (c) => c.json(await notificationSettings(c.env, c.var.auth.memberId, c.var.membership.role)))
  .put("/settings", describeRoute(doc("Notifications", "member", { answer: ref("NotificationSettings"), summary: "Change the notification and reminder settings." })), validate("json", notificationChangeSchema), async (c) => {
    await changeNotification(c.env, c.var.auth.memberId, c.req.valid("json"));
    return c.json(await notificationSettings(c.env, c.var.auth.memberId, c.var.membership.role));
  });

export const cantComeRoutes = new Hono<AppEnv>()
  .get("/:token", describeRoute(doc("Notifications", "public", { answer: ref("CantCome"), summary: "What a reminder's 'can't come' link is about (the link is its own authority).", errors: { 404: ["cant_come_link_not_found"] } })), validate("param", TokenParam), async (c) => c.json(await cantComeView(c.env, c.var.tenant, c.req.valid("param").token)))
  .post("/:token", describeRoute(doc("Notifications", "public", { answer: objectOf({ state: scalars.oneOf("left") }), summary: "Say 'can't come' through a reminder's link: the place goes to the waitlist.", errors: { 404: ["cant_come_link_not_found"] } })), validate("param", TokenParam), async (c) => {
    // The link is its own authority, so no other site may post it for the member, cookies or not.
    const origin = c.req.header("origin");
    if (origin !== undefined && !isOwnOrigin(origin, c.req.raw)) throw crossOriginRefused();
    const offers = await cantCome(c.env, c.var.tenant, c.req.valid("param").token, Date.now());
    // The place freed went to the first of the waitlist: their offer is e-mailed after the answer.
    if (offers.length) c.executionCtx.waitUntil(sendNotices(c.env, c.var.tenant, offers));
    return c.json({ state: "left" as const });
  });
