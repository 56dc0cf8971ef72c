/** GET /api/{org}/ranking?period=year|all (SPEC.md section 7; issue 14; docs/api/ranking.md). */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { arrayOf, objectOf, orNull, scalars } from "../openapi/answers";
import * as v from "valibot";
import { organizationRanking, RANKING_PERIODS } from "../rankings/service";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

const rankingQuery = v.strictObject({ period: v.optional(v.picklist(RANKING_PERIODS, "form_error_invalid"), "all") }, "form_error_unknown_field");

export const rankingRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ period: scalars.oneOf("all", "year"), organization_ranking: arrayOf(scalars.anyObject), me: orNull(objectOf({ rank: scalars.int, hours: scalars.num })) }), summary: "The organisation's ranking for a period, with the member's place." })), validate("query", rankingQuery), async (c) => c.json(await organizationRanking(c.env, c.var.org, c.var.auth.memberId, c.req.valid("query").period, Date.now())));
