/**
 * /api/{org}/admin/chat-apps (issue 31, section 5; docs/api/webhooks.md "Chat apps"): the Slack and
 * Teams channels an organisation announces to. Administrators only (a member gets 403, before any
 * input is read); another organisation's channel is 404.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, ref } from "../openapi/answers";
import * as v from "valibot";
import { validate } from "../lib/validation";
import { organizationOrigin } from "../tenant/organizations";
import type { AppEnv } from "../types";
import { addConnection, changeConnection, connectionChangeSchema, connectionSchema, listConnections, removeConnection, testConnection } from "../chat-apps/connections";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";

const idParam = v.object({ org: v.string(), id: v.pipe(v.string(), v.minLength(1), v.maxLength(64, "form_error_invalid")) });

export const chatAppRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("admin/chat-apps", () => ["admin"]))
  .get("/", describeRoute(doc("Integrations", "staff", { answer: namedList("connections", ref("ChatApp")), summary: "Slack and Teams channels connected, and what each announces (administrators)." })), async (c) => c.json(await listConnections(c.env, c.var.org)))
  .post("/", describeRoute(doc("Integrations", "staff", { answer: objectOf({ connection: ref("ChatApp") }), summary: "Connect a Slack or Teams incoming webhook.", status: 201 })), validate("json", connectionSchema), async (c) => c.json(await addConnection(c.env, c.var.org, c.var.auth.memberId, c.req.valid("json")), 201))
  .patch("/:id", describeRoute(doc("Integrations", "staff", { answer: objectOf({ connection: ref("ChatApp") }), summary: "Change a connected channel.", errors: { 404: ["chat_app_not_found"] } })), validate("param", idParam), validate("json", connectionChangeSchema), async (c) =>
    c.json(await changeConnection(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", describeRoute(doc("Integrations", "staff", { summary: "Disconnect a channel.", status: 204, errors: { 404: ["chat_app_not_found"] } })), validate("param", idParam), async (c) => {
    await removeConnection(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .post("/:id/test", describeRoute(doc("Integrations", "staff", { summary: "Send a test message to a channel.", status: 202, empty: true, errors: { 404: ["chat_app_not_found"] } })), validate("param", idParam), async (c) => {
    await testConnection(c.env, c.var.org, c.req.valid("param").id, organizationOrigin(c.env, c.var.org));
    return c.body(null, 202);
  });
