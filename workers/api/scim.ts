/**
 * SCIM 2.0 at /scim/v2/{org} (issue 31, section 4; RFC 7644; docs/integrations.md): the
 * organisation's identity provider (Okta, Microsoft Entra) provisions its members with an API key
 * that holds the `scim` scope, sent as a bearer token. Answers are `application/scim+json`, and
 * every error, the key's included, is SCIM's error object (workers/integrations/scim/errors.ts).
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref, scimListOf } from "../openapi/answers";
import { requireApiKey } from "../integrations/require-api-key";
import { SCIM_CONTENT_TYPE, scimErrorResponse, scimNotFound } from "../integrations/scim/errors";
import { parseFilter, scimPage } from "../integrations/scim/filter";
import { createGroup, deleteGroup, getGroup, GROUP_FILTERS, listGroups, patchGroup, replaceGroup } from "../integrations/scim/groups";
import { resourceType, resourceTypeList, schemaById, schemaList, serviceProviderConfig } from "../integrations/scim/discovery";
import { userFromPatch, userFromResource } from "../integrations/scim/user-changes";
import { applyChange, createUser, deleteUser, getUser, listUsers, USER_FILTERS, type ScimContext } from "../integrations/scim/users";
import { jsonBody } from "../lib/json-body";
import type { ApiKeyEnv, AppEnv } from "../types";

const base = (c: Context<ApiKeyEnv>) => `${new URL(c.req.url).origin}/scim/v2/${c.var.org.slug}`;
const scim = (c: Context<ApiKeyEnv>): ScimContext => ({ env: c.env, org: c.var.org, keyId: c.var.apiKey.id, base: base(c), later: (work) => c.executionCtx.waitUntil(work) });
const answer = (c: Context<ApiKeyEnv>, body: unknown, status: 200 | 201 = 200) => {
  c.header("content-type", SCIM_CONTENT_TYPE);
  return c.body(JSON.stringify(body), status);
};
/** The request's JSON, whichever content type the provider names (application/scim+json or application/json). */
const bodyOf = async (c: Context<ApiKeyEnv>) => jsonBody(c);
/*
 * SCIM's input is read by hand, not by validate(): every refusal must be SCIM's error object
 * (RFC 7644 section 3.12, scimErrorResponse), not the API's validation_error; a resource's shape is
 * checked by the services that map it (user-changes.ts, groups.ts); and startIndex/count are
 * lenient as the RFC wants (scimPage clamps them rather than refusing).
 */
const page = (c: Context<ApiKeyEnv>) => scimPage(c.req.query("startIndex"), c.req.query("count"));
/** `excludedAttributes=members`: Entra's way of asking for groups without their members. */
const withMembers = (c: Context<ApiKeyEnv>) => !/(^|,)\s*members\s*(,|$)/i.test(c.req.query("excludedAttributes") ?? "");

export const scimRoutes = new Hono<AppEnv>()
  .use(requireApiKey("scim"))
  .get("/ServiceProviderConfig", describeRoute(doc("SCIM", "scim", { answer: ref("ScimServiceProviderConfig"), summary: "What this SCIM service supports (RFC 7643 section 5).", media: "application/scim+json" })), (c) => answer(c, serviceProviderConfig(base(c))))
  .get("/ResourceTypes", describeRoute(doc("SCIM", "scim", { answer: scimListOf(ref("ScimResourceType")), summary: "The resource types: User and Group.", media: "application/scim+json" })), (c) => answer(c, resourceTypeList(base(c))))
  .get("/ResourceTypes/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimResourceType"), summary: "One resource type.", media: "application/scim+json" })), (c) => {
    const found = resourceType(base(c), c.req.param("id"));
    if (!found) throw scimNotFound("ResourceType");
    return answer(c, found);
  })
  .get("/Schemas", describeRoute(doc("SCIM", "scim", { answer: scimListOf(ref("ScimSchema")), summary: "The schemas of the resources.", media: "application/scim+json" })), (c) => answer(c, schemaList(base(c))))
  .get("/Schemas/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimSchema"), summary: "One schema.", media: "application/scim+json" })), (c) => {
    const found = schemaById(base(c), c.req.param("id"));
    if (!found) throw scimNotFound("Schema");
    return answer(c, found);
  })
  .get("/Users", describeRoute(doc("SCIM", "scim", { answer: scimListOf(ref("ScimUser")), summary: "Members as SCIM users, filtered and paged.", media: "application/scim+json", query: { filter: "A SCIM filter: userName eq, externalId eq, emails[type eq \"work\"].value (Users); displayName eq, externalId eq (Groups).", startIndex: "1-based index of the first result.", count: "Results per page." } })), async (c) => answer(c, await listUsers(scim(c), parseFilter(c.req.query("filter"), USER_FILTERS), page(c))))
  .post("/Users", describeRoute(doc("SCIM", "scim", { answer: ref("ScimUser"), summary: "Provision a member (invited, or active without a password where the organisation signs in by SSO).", media: "application/scim+json", status: 201, body: { media: "application/scim+json", description: "A SCIM User (application/json is accepted too).", schema: { type: "object" } }, errors: { 409: ["uniqueness"] } })), async (c) => answer(c, await createUser(scim(c), userFromResource(await bodyOf(c))), 201))
  .get("/Users/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimUser"), summary: "One member as a SCIM user.", media: "application/scim+json" })), async (c) => answer(c, await getUser(scim(c), c.req.param("id"))))
  .put("/Users/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimUser"), summary: "Replace a member's SCIM user; `active: false` removes them from the organisation.", media: "application/scim+json", body: { media: "application/scim+json", schema: { type: "object" } } })), async (c) => answer(c, await applyChange(scim(c), c.req.param("id"), userFromResource(await bodyOf(c)))))
  .patch("/Users/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimUser"), summary: "Change a member by PATCH operations (Okta's and Entra's shapes); `active: false` removes them from the organisation.", media: "application/scim+json", body: { media: "application/scim+json", schema: { type: "object" } } })), async (c) => answer(c, await applyChange(scim(c), c.req.param("id"), userFromPatch(await bodyOf(c)))))
  .delete("/Users/:id", describeRoute(doc("SCIM", "scim", { summary: "Remove the member from the organisation (the account and its other organisations stay).", status: 204 })), async (c) => {
    await deleteUser(scim(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/Groups", describeRoute(doc("SCIM", "scim", { answer: scimListOf(ref("ScimGroup")), summary: "Groups (sites, units or roles as the administrator chose), filtered and paged; `excludedAttributes=members` leaves members out.", media: "application/scim+json", query: { filter: "A SCIM filter: userName eq, externalId eq, emails[type eq \"work\"].value (Users); displayName eq, externalId eq (Groups).", startIndex: "1-based index of the first result.", count: "Results per page." } })), async (c) => answer(c, await listGroups(scim(c), parseFilter(c.req.query("filter"), GROUP_FILTERS), page(c), withMembers(c))))
  .post("/Groups", describeRoute(doc("SCIM", "scim", { answer: ref("ScimGroup"), summary: "Create a group.", media: "application/scim+json", status: 201, body: { media: "application/scim+json", schema: { type: "object" } } })), async (c) => answer(c, await createGroup(scim(c), await bodyOf(c)), 201))
  .get("/Groups/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimGroup"), summary: "One group.", media: "application/scim+json" })), async (c) => answer(c, await getGroup(scim(c), c.req.param("id"), withMembers(c))))
  .put("/Groups/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimGroup"), summary: "Replace a group and its members.", media: "application/scim+json", body: { media: "application/scim+json", schema: { type: "object" } } })), async (c) => answer(c, await replaceGroup(scim(c), c.req.param("id"), await bodyOf(c))))
  .patch("/Groups/:id", describeRoute(doc("SCIM", "scim", { answer: ref("ScimGroup"), summary: "Change a group by PATCH operations (add or remove members, rename).", media: "application/scim+json", body: { media: "application/scim+json", schema: { type: "object" } } })), async (c) => answer(c, await patchGroup(scim(c), c.req.param("id"), await bodyOf(c))))
  .delete("/Groups/:id", describeRoute(doc("SCIM", "scim", { summary: "Delete a group.", status: 204 })), async (c) => {
    await deleteGroup(scim(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .all("*", () => {
    throw scimNotFound("Endpoint");
  })
  .onError((error, c) => scimErrorResponse(c, error));
