/**
 * Web push under /api/{org}/push (docs/api/push.md, decision 046): the VAPID public key a browser
 * subscribes with, the member's subscriptions (one per browser endpoint) and which notifications
 * they want by push. Every call needs membership of {org} (orgScope): another organisation's
 * member gets 404.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { objectOf, orNull, scalars } from "../openapi/answers";
import * as v from "valibot";
import { BASE64URL_LETTER } from "../../app/domain/tokens";
import { unavailable } from "../lib/domain-errors";
import { outboundUrlProblem } from "../lib/guarded-fetch";
import { validate } from "../lib/validation";
import { vapidKeys } from "../push/service";
import { deleteSubscription, hasSubscription, PUSH_KINDS, readPreferences, saveSubscription, updatePreferences } from "../push/subscriptions";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

/** RFC 8030: a push resource is an https URL; one of a public host (decision 026), of a sane length. */
const EndpointSchema = v.pipe(
  v.string("form_error_required"),
  v.maxLength(2048, "push_endpoint_invalid"),
  v.check((value) => URL.canParse(value) && outboundUrlProblem(value, { allowLoopback: false }) === null, "push_endpoint_invalid"),
);

const base64url = (bytes: number) => new RegExp(`^${BASE64URL_LETTER}{${Math.ceil((bytes * 4) / 3)}}={0,2}$`);

/** PushSubscription.toJSON(): the endpoint and the RFC 8291 keys (a P-256 point of 65 bytes, an auth secret of 16). */
const SubscriptionSchema = v.object({
  endpoint: EndpointSchema,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object(
    {
      p256dh: v.pipe(v.string("form_error_required"), v.regex(base64url(65), "push_key_invalid"), v.startsWith("B", "push_key_invalid")),
      auth: v.pipe(v.string("form_error_required"), v.regex(base64url(16), "push_key_invalid")),
    },
    "form_error_required",
  ),
});

const PreferencesSchema = v.pipe(
  v.partial(v.strictObject(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, v.boolean("form_error_invalid")])) as Record<(typeof PUSH_KINDS)[number], v.BooleanSchema<"form_error_invalid">>, "form_error_unknown_field")),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);

const pushOff = () => unavailable("push_unavailable", "Push notifications are not configured on this server.");

export const pushRoutes = new Hono<AppEnv>()
  .use(orgScope)
  // ?endpoint= asks whether this browser's subscription is the member's here (the settings screen).
  .get("/", describeRoute(doc("Notifications", "member", { answer: objectOf({ available: scalars.bool, public_key: orNull(scalars.str), subscribed: scalars.bool, preferences: scalars.anyObject }), summary: "Web push: whether push is available, and whether this browser's subscription is the member's here." })), validate("query", v.object({ endpoint: v.optional(v.pipe(v.string(), v.maxLength(2048))) })), async (c) => {
    const { endpoint } = c.req.valid("query");
    const keys = vapidKeys(c.env);
    const [preferences, subscribed] = await Promise.all([
      readPreferences(c.env, c.var.org.id, c.var.auth.memberId),
      endpoint ? hasSubscription(c.env, c.var.org.id, c.var.auth.memberId, endpoint) : Promise.resolve(false),
    ]);
    return c.json({ available: keys !== null, public_key: keys?.publicKey ?? null, subscribed, preferences });
  })

  .put("/subscription", describeRoute(doc("Notifications", "member", { answer: objectOf({ subscribed: scalars.bool }), summary: "Subscribe this browser to web push (200 when it already was).", status: 201, alsoStatus: 200 })), validate("json", SubscriptionSchema), async (c) => {
    if (!vapidKeys(c.env)) throw pushOff();
    const { endpoint, keys } = c.req.valid("json");
    const created = await saveSubscription(c.env, { orgId: c.var.org.id, memberId: c.var.auth.memberId, sessionId: c.var.auth.sessionId }, { endpoint, keys });
    return c.json({ subscribed: true }, created ? 201 : 200);
  })

  .delete("/subscription", describeRoute(doc("Notifications", "member", { answer: objectOf({ subscribed: scalars.bool }), summary: "Unsubscribe a browser from web push." })), validate("json", v.object({ endpoint: v.pipe(v.string("form_error_required"), v.maxLength(2048, "push_endpoint_invalid")) })), async (c) => {
    await deleteSubscription(c.env, c.var.org.id, c.var.auth.memberId, c.req.valid("json").endpoint);
    return c.json({ subscribed: false });
  })

  .put("/preferences", describeRoute(doc("Notifications", "member", { answer: objectOf({ preferences: scalars.anyObject }), summary: "What the member wants by push." })), validate("json", PreferencesSchema), async (c) => c.json({ preferences: await updatePreferences(c.env, c.var.org.id, c.var.auth.memberId, c.req.valid("json")) }));
