/**
 * /api/{org}/manage: the organiser's and the manager's calls (issue 11, docs/api/manage.md): the
 * validation queue of records, members' uploads and money, and the approvals that wait. Role and
 * scope are checked by the services (workers/manage/scope.ts): a member gets 403, an organiser
 * 403 for an initiative that is not theirs; org-scope.ts answers 404 for another organisation.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ATTACHMENT_KINDS } from "../../app/domain/attachments";
import { DONATION_SOURCES } from "../../app/domain/initiatives";
import { bulkDecisionSchema, CONTRIBUTION_DECISIONS, decisionSchema, RECORD_DECISIONS, UPLOAD_DECISIONS } from "../../app/domain/manage";
import { schema } from "../db/client";
import { listApprovals } from "../manage/approvals";
import { listContributions, reviewContribution } from "../manage/contributions";
import { pageQuerySchema } from "../manage/paging";
import { listRecords, reviewRecords } from "../manage/records";
import type { StaffActor } from "../manage/scope";
import { listUploads, reviewUpload } from "../manage/uploads";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { sendAfterAnswer } from "./notices";
import { orgScope } from "./org-scope";

const actorOf = (c: Context<AppEnv>): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });

const id = v.pipe(v.string(), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid"));

const listQuery = <S extends readonly [string, ...string[]]>(statuses: S, extra: v.ObjectEntries = {}) =>
  v.strictObject(
    { status: v.optional(v.picklist(statuses, "form_error_invalid"), "pending"), initiative_id: v.optional(id), ...pageQuerySchema, ...extra },
    "form_error_unknown_field",
  );

const recordQuery = listQuery(schema.RECORD_STATUSES, { type: v.optional(v.picklist(schema.RECORD_TYPES, "form_error_invalid")) });
const contributionQuery = listQuery(schema.CONTRIBUTION_STATUSES, {
  source: v.optional(v.picklist(DONATION_SOURCES, "form_error_invalid")),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, "form_error_max_length"))),
});
const uploadQuery = listQuery(schema.ATTACHMENT_STATUSES, { kind: v.optional(v.picklist(ATTACHMENT_KINDS, "form_error_invalid")) });

export const manageRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/records", validate("query", recordQuery), async (c) => c.json(await listRecords(c.env, c.var.org, actorOf(c), c.req.valid("query"))))
  // The same decision on many records at once (all or nothing).
  .put("/records", validate("json", bulkDecisionSchema(RECORD_DECISIONS, { reasonRequired: true })), async (c) => {
    const { ids, ...decision } = c.req.valid("json");
    const { records, notices } = await reviewRecords(c.env, c.var.org, actorOf(c), ids, decision, Date.now());
    sendAfterAnswer(c, notices);
    return c.json({ records });
  })
  .put("/records/:id", validate("json", decisionSchema(RECORD_DECISIONS, { reasonRequired: true })), async (c) => {
    const { records, notices } = await reviewRecords(c.env, c.var.org, actorOf(c), [c.req.param("id")], c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(records[0]);
  })
  .get("/contributions", validate("query", contributionQuery), async (c) =>
    c.json(await listContributions(c.env, c.var.org, actorOf(c), c.req.valid("query"))),
  )
  .put("/contributions/:id", validate("json", decisionSchema(CONTRIBUTION_DECISIONS, { reasonRequired: false })), async (c) => {
    const { contribution, notices } = await reviewContribution(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(contribution);
  })
  .get("/attachments", validate("query", uploadQuery), async (c) => c.json(await listUploads(c.env, c.var.org, actorOf(c), c.req.valid("query"))))
  .put("/attachments/:id", validate("json", decisionSchema(UPLOAD_DECISIONS, { reasonRequired: true })), async (c) => {
    const { upload, notices } = await reviewUpload(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(upload);
  })
  .get("/approvals", async (c) => c.json(await listApprovals(c.env, c.var.org, actorOf(c))));
