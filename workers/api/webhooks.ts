/**
 * /api/{org}/admin/webhooks (issue 31, section 3; docs/api/webhooks.md): the organisation's webhook
 * endpoints, their delivery log, redelivery and the test event. Administrators only, checked
 * before any input is read (a member gets 403); another organisation's endpoint is 404. Mounted in
 * workers/api/index.ts before the generic /:org/admin sub-app. The same routes answer an
 * organisation's API key with the `webhooks` scope at /api/{org}/integration/v1/webhooks.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { linkNext } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import type { AppEnv, OrgEnv } from "../types";
import {
  addEndpoint,
  changeEndpoint,
  deliveryPageSchema,
  endpointChangeSchema,
  endpointSchema,
  getDelivery,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  removeEndpoint,
  rotateSecret,
  sendTestEvent,
} from "../webhooks/endpoints";
import { keyActor } from "../integrations/keys";
import { requireApiKey } from "../integrations/require-api-key";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64, "form_error_invalid"));
const endpointParam = v.object({ org: v.string(), id });
const deliveryParam = v.object({ org: v.string(), id, delivery: id });

/** Who changes an endpoint, for its audit row: the key that calls (integration routes), else the administrator. */
const actorOf = (c: Context<OrgEnv>) => (c.var.apiKey ? keyActor(c.var.apiKey.id) : c.var.auth.memberId);

/** The endpoints' routes, behind whichever guard mounts them (below). */
const endpointRoutes = new Hono<OrgEnv>()
  .get("/", describeRoute(doc("Integrations", "staffOrApiKey", { answer: namedList("endpoints", ref("WebhookEndpoint")), summary: "Webhook endpoints (administrators, or an API key with the webhooks scope)." })), async (c) => c.json(await listEndpoints(c.env, c.var.org)))
  .post("/", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ endpoint: ref("WebhookEndpoint"), secret: scalars.str }), summary: "Add a webhook endpoint and the events it receives: the answer holds its signing secret.", status: 201 })), validate("json", endpointSchema), async (c) => c.json(await addEndpoint(c.env, c.var.org, actorOf(c), c.req.valid("json")), 201))
  .get("/:id", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ endpoint: ref("WebhookEndpoint") }), summary: "One webhook endpoint.", errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), async (c) => c.json(await getEndpoint(c.env, c.var.org, c.req.valid("param").id)))
  .patch("/:id", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ endpoint: ref("WebhookEndpoint") }), summary: "Change an endpoint: URL, events, enabled.", errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), validate("json", endpointChangeSchema), async (c) =>
    c.json(await changeEndpoint(c.env, c.var.org, actorOf(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", describeRoute(doc("Integrations", "staffOrApiKey", { summary: "Delete an endpoint.", status: 204, errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), async (c) => {
    await removeEndpoint(c.env, c.var.org, actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .post("/:id/rotate", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ endpoint: ref("WebhookEndpoint"), secret: scalars.str }), summary: "Rotate the endpoint's signing secret (the old one still signs for a while).", errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), async (c) => c.json(await rotateSecret(c.env, c.var.org, actorOf(c), c.req.valid("param").id)))
  .post("/:id/test", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ delivery: ref("WebhookDelivery") }), summary: "Send a test event to the endpoint.", status: 202, errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), async (c) => c.json(await sendTestEvent(c.env, c.var.org, c.req.valid("param").id), 202))
  .get("/:id/deliveries", describeRoute(doc("Integrations", "staffOrApiKey", { answer: namedList("deliveries", ref("WebhookDelivery"), true), summary: "The endpoint's delivery log, a page at a time.", errors: { 404: ["webhook_not_found"] } })), validate("param", endpointParam), validate("query", deliveryPageSchema), async (c) => {
    const page = await listDeliveries(c.env, c.var.org, c.req.valid("param").id, c.req.valid("query"));
    linkNext(c, page.next_cursor);
    return c.json(page);
  })
  .get("/:id/deliveries/:delivery", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ delivery: ref("WebhookDelivery") }), summary: "One delivery: status, answer time, attempts, the body sent.", errors: { 404: ["webhook_not_found", "delivery_not_found"] } })), validate("param", deliveryParam), async (c) => {
    const { id: endpointId, delivery } = c.req.valid("param");
    return c.json(await getDelivery(c.env, c.var.org, endpointId, delivery));
  })
  .post("/:id/deliveries/:delivery/redeliver", describeRoute(doc("Integrations", "staffOrApiKey", { answer: objectOf({ delivery: ref("WebhookDelivery") }), summary: "Deliver an event again (same webhook-id).", status: 202, errors: { 404: ["webhook_not_found", "delivery_not_found"] } })), validate("param", deliveryParam), async (c) => {
    const { id: endpointId, delivery } = c.req.valid("param");
    return c.json(await redeliver(c.env, c.var.org, endpointId, delivery), 202);
  });

/** An administrator's session: /api/{org}/admin/webhooks. */
export const webhookRoutes = new Hono<AppEnv>().use(orgScope).use(rolesFirst("admin/webhooks", () => ["admin"])).route("/", endpointRoutes);

/** An integration's API key with the `webhooks` scope: /api/{org}/integration/v1/webhooks (decision 050). */
export const webhookKeyRoutes = new Hono<AppEnv>().use(requireApiKey("webhooks")).route("/", endpointRoutes);
