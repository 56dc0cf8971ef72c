/**
 * /api/{org}/exports: staff exports as queue jobs (issue 26, point 2; docs/api/exports.md;
 * decision 038). POST /exports/{kind} with the list's filters queues one (202) and answers its
 * state; GET /exports/{id} is that state, polled by the screen; GET /exports/{id}/file the CSV once
 * ready. Members are refused before any body is read (roles-first.ts); each kind's roles are the
 * list's own (members and audit: administrators; contributions: organisers and administrators).
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import * as v from "valibot";
import { EXPORT_KINDS } from "../db/schema";
import { exportFile, exportStatus, startExport } from "../exports/jobs";
import { EXPORTS, type ExportKind } from "../exports/kinds";
import { parseInput, validate } from "../lib/validation";
import { STAFF_ROLES, type StaffActor } from "../manage/scope";
import type { AppEnv, MemberEnv } from "../types";
import { auditQuery, memberExportFilters } from "./admin";
import { contributionQuery } from "./manage";
import { impactPeriodQuery, periodOf } from "./impact";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";

/** Each kind's filters: its list's query, without the page (an export is every row they name). */
const filtersOf: Record<ExportKind, v.GenericSchema<unknown, object>> = {
  members: memberExportFilters,
  contributions: v.omit(contributionQuery, ["limit", "cursor"]),
  audit: v.omit(auditQuery, ["limit", "cursor"]),
  // The impact report's period (days or a named fiscal year), resolved below with the organisation's calendar.
  impact_evidence: impactPeriodQuery,
};

const kindParam = v.object({ org: v.string(), kind: v.picklist(EXPORT_KINDS, "form_error_invalid") });
/** A job's id as startExport makes it (a UUID); anything else is no job. */
const idParam = v.object({ org: v.string(), id: v.pipe(v.string(), v.uuid("form_error_invalid")) });

/** Who may start each kind, checked before the body is read; polling and download check the job's kind in the service. */
const exportRoles = (method: string, path: string) => {
  const kind = EXPORT_KINDS.find((each) => path === `/${each}`);
  return method === "POST" && kind ? EXPORTS[kind].roles : STAFF_ROLES;
};

const actorOf = (c: { var: MemberEnv["Variables"] }): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });

export const exportRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("exports", exportRoles))
  .post("/:kind", describeRoute(doc("Exports", "staff", { answer: ref("ExportJob"), summary: "Start an export of one kind with its filters (202; 200 when the same export already runs).", status: 202, alsoStatus: 200, errors: { 409: ["too_many_exports"], 503: ["export_unavailable"] } })), validate("param", kindParam), validate("json", v.record(v.string(), v.unknown(), "form_error_invalid")), async (c) => {
    const { kind } = c.req.valid("param");
    const parsed = parseInput(filtersOf[kind], c.req.valid("json"));
    // The evidence's period is fixed when it is asked for: "last year" means the same rows on every page.
    const filters = kind === "impact_evidence" ? periodOf(c.var.org, parsed as Parameters<typeof periodOf>[1]).period : parsed;
    const { job, created } = await startExport(c.env, c.var.org, actorOf(c), kind, filters);
    return c.json(job, created ? 202 : 200);
  })
  .get("/:id", describeRoute(doc("Exports", "staff", { answer: ref("ExportJob"), summary: "An export's progress." })), validate("param", idParam), async (c) => c.json(await exportStatus(c.env, c.var.org, actorOf(c), c.req.valid("param").id)))
  .get("/:id/file", describeRoute(doc("Exports", "staff", { summary: "Download a finished export as CSV.", media: "text/csv", answer: { type: "string" } })), validate("param", idParam), async (c) => {
    const file = await exportFile(c.env, c.var.org, actorOf(c), c.req.valid("param").id);
    return new Response(file.body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-length": String(file.size),
        "content-disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]+/g, "-")}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });
