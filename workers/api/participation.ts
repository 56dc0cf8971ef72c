/**
 * Reporting what a participant did (SPEC.md sections 4 and 5), mounted at
 * /api/{org}/initiative/{slug}:
 * - POST /participation {hours}: hours worked, for method report_hours.
 * - POST /indicator/{id}/participation {value}: an impact indicator of the initiative.
 * The rules live in workers/participation/reporting.ts.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import type { Initiative } from "../../app/domain/initiatives";
import { findInitiative } from "../initiatives/queries";
import { notFound } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import { readMemo } from "../lib/page-request";
import { reportHours, reportIndicator } from "../participation/reporting";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";

/** The initiative of the path's slug for the signed-in member, or 404 (unknown, or another organisation's). */
export async function initiativeFromPath(c: Context<MemberEnv>): Promise<Initiative> {
  const initiative = await findInitiative(c.env, c.var.org, c.var.auth.memberId, { slug: c.req.param("slug") ?? "" }, readMemo(c));
  if (!initiative) throw notFound("initiative_not_found", "The initiative cannot be found.");
  return initiative;
}

export const participationRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .post("/participation", describeRoute(doc("Participation", "member", { answer: ref("Record"), summary: "Report the hours given to the initiative.", status: 201, body: { schema: { type: "object", required: ["hours"], properties: { hours: { type: "number" } } } }, errors: { 400: ["validation_error"], 403: ["not_participant"], 404: ["initiative_not_found"], 409: ["participation_not_applicable", "participation_method_qr", "participation_not_started"] } })), async (c) => {
    const initiative = await initiativeFromPath(c);
    return c.json(await reportHours(c.env, c.var.org, c.var.auth.memberId, initiative, await jsonBody(c)), 201);
  })
  .post("/indicator/:id/participation", describeRoute(doc("Participation", "member", { answer: ref("Record"), summary: "Report a value of one of the initiative's indicators.", status: 201, body: { schema: { type: "object", required: ["value"], properties: { value: { type: "number" } } } }, errors: { 400: ["validation_error"], 403: ["not_participant"], 404: ["initiative_not_found", "indicator_not_found"], 409: ["participation_not_applicable"] } })), async (c) => {
    const initiative = await initiativeFromPath(c);
    return c.json(await reportIndicator(c.env, c.var.auth.memberId, initiative, c.req.param("id"), await jsonBody(c)), 201);
  });
