/**
 * SCIM 2.0 at /scim/v2/{org} (issue 31, section 4; RFC 7644; docs/integrations.md): the
 * organisation's identity provider (Okta, Microsoft Entra) provisions its members with an API key
 * that holds the `scim` scope, sent as a bearer token. Answers are `application/scim+json`, and
 * every error, the key's included, is SCIM's error object (workers/integrations/scim/errors.ts).
 */
import { Hono, type Context } from "hono";
import { requireApiKey } from "../integrations/require-api-key";
import { SCIM_CONTENT_TYPE, scimErrorResponse, scimNotFound } from "../integrations/scim/errors";
import { parseFilter, scimPage } from "../integrations/scim/filter";
import { createGroup, deleteGroup, getGroup, GROUP_FILTERS, listGroups, patchGroup, replaceGroup } from "../integrations/scim/groups";
import { resourceType, resourceTypeList, schemaById, schemaList, serviceProviderConfig } from "../integrations/scim/discovery";
import { userFromPatch, userFromResource } from "../integrations/scim/user-changes";
import { applyChange, createUser, deleteUser, getUser, listUsers, USER_FILTERS, type ScimContext } from "../integrations/scim/users";
import { jsonBody } from "../lib/json-body";
import type { AppEnv } from "../types";

const base = (c: Context<AppEnv>) => `${new URL(c.req.url).origin}/scim/v2/${c.var.org.slug}`;
const scim = (c: Context<AppEnv>): ScimContext => ({ env: c.env, org: c.var.org, keyId: c.var.apiKey.id, base: base(c), later: (work) => c.executionCtx.waitUntil(work) });
const answer = (c: Context<AppEnv>, body: unknown, status: 200 | 201 = 200) => {
  c.header("content-type", SCIM_CONTENT_TYPE);
  return c.body(JSON.stringify(body), status);
};
/** The request's JSON, whichever content type the provider names (application/scim+json or application/json). */
const bodyOf = async (c: Context<AppEnv>) => jsonBody(c);
const page = (c: Context<AppEnv>) => scimPage(c.req.query("startIndex"), c.req.query("count"));
/** `excludedAttributes=members`: Entra's way of asking for groups without their members. */
const withMembers = (c: Context<AppEnv>) => !/(^|,)\s*members\s*(,|$)/i.test(c.req.query("excludedAttributes") ?? "");

export const scimRoutes = new Hono<AppEnv>()
  .use(requireApiKey("scim"))
  .get("/ServiceProviderConfig", (c) => answer(c, serviceProviderConfig(base(c))))
  .get("/ResourceTypes", (c) => answer(c, resourceTypeList(base(c))))
  .get("/ResourceTypes/:id", (c) => {
    const found = resourceType(base(c), c.req.param("id"));
    if (!found) throw scimNotFound("ResourceType");
    return answer(c, found);
  })
  .get("/Schemas", (c) => answer(c, schemaList(base(c))))
  .get("/Schemas/:id", (c) => {
    const found = schemaById(base(c), c.req.param("id"));
    if (!found) throw scimNotFound("Schema");
    return answer(c, found);
  })
  .get("/Users", async (c) => answer(c, await listUsers(scim(c), parseFilter(c.req.query("filter"), USER_FILTERS), page(c))))
  .post("/Users", async (c) => answer(c, await createUser(scim(c), userFromResource(await bodyOf(c))), 201))
  .get("/Users/:id", async (c) => answer(c, await getUser(scim(c), c.req.param("id"))))
  .put("/Users/:id", async (c) => answer(c, await applyChange(scim(c), c.req.param("id"), userFromResource(await bodyOf(c)))))
  .patch("/Users/:id", async (c) => answer(c, await applyChange(scim(c), c.req.param("id"), userFromPatch(await bodyOf(c)))))
  .delete("/Users/:id", async (c) => {
    await deleteUser(scim(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/Groups", async (c) => answer(c, await listGroups(scim(c), parseFilter(c.req.query("filter"), GROUP_FILTERS), page(c), withMembers(c))))
  .post("/Groups", async (c) => answer(c, await createGroup(scim(c), await bodyOf(c)), 201))
  .get("/Groups/:id", async (c) => answer(c, await getGroup(scim(c), c.req.param("id"), withMembers(c))))
  .put("/Groups/:id", async (c) => answer(c, await replaceGroup(scim(c), c.req.param("id"), await bodyOf(c))))
  .patch("/Groups/:id", async (c) => answer(c, await patchGroup(scim(c), c.req.param("id"), await bodyOf(c))))
  .delete("/Groups/:id", async (c) => {
    await deleteGroup(scim(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .all("*", () => {
    throw scimNotFound("Endpoint");
  })
  .onError((error, c) => scimErrorResponse(c, error));
