/**
 * /api/{org}/proposal (SPEC.md section 7; docs/api/proposals.md): a member sends a proposal and
 * lists theirs. Feature `proposals` off: 404. At most PROPOSALS_PER_DAY sent in 24 hours per member (429).
 */
import { Hono } from "hono";
import { jsonBody } from "../lib/json-body";
import { createProposal, myProposals, requireProposals } from "../proposals/service";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

export const proposalRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(async (c, next) => {
    requireProposals(c.var.org);
    await next();
  })
  .get("/", async (c) => c.json({ proposals: await myProposals(c.env, c.var.org, c.var.auth.memberId) }))
  .post("/", async (c) => {
    const body = await jsonBody(c);
    return c.json(await createProposal(c.env, c.var.org, c.var.auth.memberId, body, Date.now()), 201);
  });
