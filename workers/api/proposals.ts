/**
 * /api/{org}/proposal (SPEC.md section 7; docs/api/proposals.md): a member sends a proposal and
 * lists theirs. Feature `proposals` off: 404. At most PROPOSALS_PER_DAY sent in 24 hours per member (429).
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, ref, scalars } from "../openapi/answers";
import { PROPOSAL_BODY, PROPOSAL_BODY_RULES } from "../openapi/proposal-body";
import { jsonBody } from "../lib/json-body";
import { createProposal, myProposals, requireProposals, wizardRules } from "../proposals/service";
import type { AppEnv } from "../types";
import * as v from "valibot";
import { validate } from "../lib/validation";
import { deleteDraft, readDraft, saveDraft } from "../proposals/drafts";

const draftBody = v.strictObject({ data: v.record(v.string(), v.unknown(), "form_error_invalid") }, "form_error_unknown_field");
import { orgScope } from "./org-scope";

export const proposalRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(async (c, next) => {
    requireProposals(c.var.org);
    await next();
  })
  .get("/", describeRoute(doc("Proposals", "member", { summary: "The member's proposals.", answer: namedList("proposals", ref("ProposalSummary")), errors: { 404: ["not_found"] } })), async (c) => c.json({ proposals: await myProposals(c.env, c.var.org, c.var.auth.memberId) }))
  // The wizard's draft: what the member answered so far.
  .get("/draft", describeRoute(doc("Proposals", "member", { answer: objectOf({ data: scalars.anyObject, rules: scalars.anyObject }), summary: "The proposal wizard's draft and its rules." })), async (c) => {
    const [data, rules] = await Promise.all([readDraft(c.env, c.var.org, c.var.auth.memberId), wizardRules(c.env, c.var.org, c.var.auth.memberId, Date.now())]);
    return c.json({ data, rules });
  })
  .put("/draft", describeRoute(doc("Proposals", "member", { summary: "Save the wizard's draft.", status: 204 })), validate("json", draftBody), async (c) => {
    await saveDraft(c.env, c.var.org, c.var.auth.memberId, c.req.valid("json").data, Date.now());
    return c.body(null, 204);
  })
  .delete("/draft", describeRoute(doc("Proposals", "member", { summary: "Drop the wizard's draft.", status: 204 })), async (c) => {
    await deleteDraft(c.env, c.var.org, c.var.auth.memberId);
    return c.body(null, 204);
  })
  .post("/", describeRoute(doc("Proposals", "member", { answer: ref("ProposalSummary"), summary: "Send a proposal.", status: 201, body: { schema: PROPOSAL_BODY, description: PROPOSAL_BODY_RULES }, errors: { 400: ["validation_error"], 429: ["too_many_requests"] } })), async (c) => {
    const body = await jsonBody(c);
    return c.json(await createProposal(c.env, c.var.org, c.var.auth.memberId, body, Date.now()), 201);
  });
