/** GET /dev/mailbox: the development outbox as JSON, newest first (?to= filters). */
import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { getDb, schema } from "../db/client";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";

const MailboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(320))),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), "50"),
});

export const devRoutes = new Hono<AppEnv>().get("/mailbox", validate("query", MailboxQuery), async (c) => {
  const { to, limit } = c.req.valid("query");
  const rows = await getDb(c.env)
    .select()
    .from(schema.emailOutbox)
    .where(to ? eq(schema.emailOutbox.to, to) : undefined)
    // rowid breaks ties between messages of the same millisecond.
    .orderBy(desc(schema.emailOutbox.createdAt), desc(sql`rowid`))
    .limit(Number(limit))
    .all();
  return c.json(
    rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      links: JSON.parse(row.links) as string[],
      // Bytes (an inline image) in base64 with `encoding: "base64"`; text as it is.
      attachments: JSON.parse(row.attachments) as { filename: string; content_type: string; content: string; encoding?: "base64"; content_id?: string; disposition?: "inline" }[],
      status: row.status,
      created_at: new Date(row.createdAt).toISOString(),
    })),
  );
});
