/** GET /dev/push: what the local fake push service received (workers/push/fake.ts), newest first (?endpoint= filters). */
import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { getDb, schema } from "../db/client";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";

const PushQuery = v.object({
  endpoint: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), "50"),
});

export const devPushRoutes = new Hono<AppEnv>().get("/", validate("query", PushQuery), async (c) => {
  const { endpoint, limit } = c.req.valid("query");
  const rows = await getDb(c.env)
    .select()
    .from(schema.pushOutbox)
    .where(endpoint ? eq(schema.pushOutbox.endpoint, endpoint) : undefined)
    .orderBy(desc(schema.pushOutbox.createdAt), desc(sql`rowid`))
    .limit(Number(limit))
    .all();
  return c.json(rows.map((row) => ({ endpoint: row.endpoint, ...(JSON.parse(row.payload) as object), created_at: new Date(row.createdAt).toISOString() })));
});
