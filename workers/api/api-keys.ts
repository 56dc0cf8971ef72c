/**
 * /api/{org}/admin/api-keys (issue 31, section 2; docs/api/integrations.md): an administrator
 * creates, lists and revokes the organisation's API keys. Administrators only, checked before any
 * input is read (a member gets 403); another organisation answers 404 (org-scope.ts). Mounted in
 * workers/api/index.ts before the generic /:org/admin sub-app.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { apiKeyCreationSchema } from "../../app/domain/integrations";
import { createApiKey, listApiKeys, revokeApiKey } from "../integrations/keys";
import { validate } from "../lib/validation";
import type { StaffActor } from "../manage/scope";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";

const actorOf = (c: Context<MemberEnv>): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });
const idParam = v.object({ org: v.string(), id: v.pipe(v.string(), v.minLength(1), v.maxLength(64, "form_error_invalid")) });

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("admin/api-keys", () => ["admin"]))
  .get("/", describeRoute(doc("Integrations", "staff", { answer: namedList("keys", ref("ApiKey")), summary: "The organisation's API keys with their last use (administrators)." })), async (c) => c.json(await listApiKeys(c.env, c.var.org, actorOf(c))))
  // The only answer that ever holds the secret: the screen shows it once.
  .post("/", describeRoute(doc("Integrations", "staff", { answer: { allOf: [ref("ApiKey"), objectOf({ secret: { ...scalars.str, description: "The whole key, shown this once." } })] }, summary: "Create an API key: the only answer that ever holds its secret.", status: 201, errors: { 409: ["api_keys_limit"] } })), validate("json", apiKeyCreationSchema), async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await createApiKey(c.env, c.var.org, actorOf(c), c.req.valid("json")), 201);
  })
  .delete("/:id", describeRoute(doc("Integrations", "staff", { answer: ref("ApiKey"), summary: "Revoke an API key, at once.", errors: { 404: ["api_key_not_found"] } })), validate("param", idParam), async (c) => c.json(await revokeApiKey(c.env, c.var.org, actorOf(c), c.req.valid("param").id)));
