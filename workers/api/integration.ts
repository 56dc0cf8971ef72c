/**
 * /api/{org}/integration/v1 (issue 31, section 2; docs/api/integrations.md): what an HR system,
 * a CRM or a data warehouse reads with the organisation's API key, one scope per resource, and
 * initiatives written with `initiatives:write`. Every list pages by keyset (`cursor`, `limit`,
 * `Link: rel="next"`; docs/api/pagination.md); times are ISO 8601. A member's token is not a key:
 * it gets 401 here.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { pageOf, ref } from "../openapi/answers";
import * as v from "valibot";
import { createInitiativeByKey, updateInitiativeByKey } from "../integrations/initiatives";
import { listDonations, listInitiatives, listMembers, listParticipations, readInitiative } from "../integrations/read-api";
import { requireApiKey } from "../integrations/require-api-key";
import { pageAnswer } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import { advanceWaitlist } from "../initiatives/waitlist";
import { sendAfterAnswer } from "./notices";
import { pageQuerySchema } from "../manage/paging";
import type { AppEnv } from "../types";

const id = v.pipe(v.string(), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid"));
const pageQuery = v.strictObject(pageQuerySchema, "form_error_unknown_field");
const participationQuery = v.strictObject({ ...pageQuerySchema, initiative_id: v.optional(id), member_id: v.optional(id) }, "form_error_unknown_field");
const idParam = v.object({ org: v.string(), id });
/** Any JSON object: the editor's schema checks it in the service (as the staff editor's PUT does). */
const anyObject = v.record(v.string(), v.unknown(), "form_error_invalid");

export const integrationRoutes = new Hono<AppEnv>()
  .get("/members", describeRoute(doc("Integrations", "apiKey", { summary: "Members with their site and unit attributes, a page at a time (scope members:read).", description: "A page of rows, keyset-paged (docs/api/pagination.md).", answer: pageOf(ref("IntegrationMember")) })), requireApiKey("members:read"), validate("query", pageQuery), async (c) => {
    const { data, next } = await listMembers(c.env, c.var.org.id, c.req.valid("query"));
    return c.json(pageAnswer(c, data, next));
  })
  .get("/participations", describeRoute(doc("Integrations", "apiKey", { summary: "Participations with validated hours and values, a page at a time (scope participations:read).", description: "A page of rows, keyset-paged (docs/api/pagination.md).", answer: pageOf(ref("IntegrationParticipation")) })), requireApiKey("participations:read"), validate("query", participationQuery), async (c) => {
    const { data, next } = await listParticipations(c.env, c.var.org, c.req.valid("query"));
    return c.json(pageAnswer(c, data, next));
  })
  .get("/initiatives", describeRoute(doc("Integrations", "apiKey", { summary: "Initiatives, a page at a time (scope initiatives:read).", description: "A page of rows, keyset-paged (docs/api/pagination.md).", answer: pageOf(ref("IntegrationInitiative")) })), requireApiKey("initiatives:read"), validate("query", pageQuery), async (c) => {
    const { data, next } = await listInitiatives(c.env, c.var.org.id, c.req.valid("query"));
    return c.json(pageAnswer(c, data, next));
  })
  .get("/initiatives/:id", describeRoute(doc("Integrations", "apiKey", { answer: ref("IntegrationInitiative"), summary: "One initiative (scope initiatives:read).", errors: { 404: ["initiative_not_found"] } })), requireApiKey("initiatives:read"), validate("param", idParam), async (c) => c.json(await readInitiative(c.env, c.var.org.id, c.req.valid("param").id)))
  .post("/initiatives", describeRoute(doc("Integrations", "apiKey", { answer: ref("IntegrationInitiative"), summary: "Create an initiative, as the staff editor does (scope initiatives:write).", status: 201 })), requireApiKey("initiatives:write"), validate("json", anyObject), async (c) => {
    const made = await createInitiativeByKey(c.env, c.var.org, c.var.apiKey.id, c.req.valid("json"));
    return c.json(await readInitiative(c.env, c.var.org.id, made.id), 201);
  })
  .put("/initiatives/:id", describeRoute(doc("Integrations", "apiKey", { answer: ref("IntegrationInitiative"), summary: "Change an initiative, as the staff editor does (scope initiatives:write).", errors: { 404: ["initiative_not_found"] } })), requireApiKey("initiatives:write"), validate("param", idParam), validate("json", anyObject), async (c) => {
    const saved = await updateInitiativeByKey(c.env, c.var.org, c.var.apiKey.id, c.req.valid("param").id, c.req.valid("json"));
    // As the staff editor's save: a raised cap (or a reopened initiative) frees places for the waitlist.
    sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, saved.id, Date.now()));
    return c.json(await readInitiative(c.env, c.var.org.id, saved.id));
  })
  .get("/donations", describeRoute(doc("Integrations", "apiKey", { summary: "Confirmed donations, a page at a time (scope donations:read).", description: "A page of rows, keyset-paged (docs/api/pagination.md).", answer: pageOf(ref("IntegrationDonation")) })), requireApiKey("donations:read"), validate("query", pageQuery), async (c) => {
    const { data, next } = await listDonations(c.env, c.var.org.id, c.req.valid("query"));
    return c.json(pageAnswer(c, data, next));
  });
