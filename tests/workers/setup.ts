import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from empty storage with the real migrations applied. The files share one
// workerd and its module cache (vitest.workers.config.ts: isolate false, so the app is bundled and
// loaded once, not once per file), and so their D1, KV and R2: what an earlier file left is dropped
// here first, as its fixtures use fixed organisation ids and slugs. Chat's Durable Objects are named
// by organisation and member (random ids), so no two files meet in one.
await emptyD1(env.DB);
await emptyKv(env.ORG_CACHE);
await emptyR2(env.FILES);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

async function emptyD1(db: D1Database) {
  const { results } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ type: "table" | "view"; name: string; sql: string }>();
  if (!results.length) return;
  // The tables each table references, read from its CREATE statement (D1 does not let a Worker
  // read pragma_foreign_key_list).
  const parents = new Map(
    results
      .filter(({ type }) => type === "table")
      .map(({ name, sql }) => [name, new Set([...sql.matchAll(/REFERENCES\s+[`"]?(\w+)/gi)].map((match) => match[1]).filter((parent) => parent !== name))]),
  );
  // A table goes once no table left references it: dropping a table deletes its rows, and deleting
  // rows that reference a table already gone fails.
  const order: string[] = [];
  while (parents.size) {
    const free = [...parents.keys()].filter((table) => ![...parents.values()].some((referenced) => referenced.has(table)));
    for (const table of free.length ? free : [...parents.keys()]) {
      order.push(table);
      parents.delete(table);
    }
  }
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...results.filter(({ type }) => type === "view").map(({ name }) => db.prepare(`DROP VIEW IF EXISTS "${name}"`)),
    ...order.map((name) => db.prepare(`DROP TABLE IF EXISTS "${name}"`)),
  ]);
}

async function emptyKv(kv: KVNamespace) {
  for (let cursor: string | undefined, done = false; !done; ) {
    const page = await kv.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map(({ name }) => kv.delete(name)));
    done = page.list_complete;
    cursor = page.list_complete ? undefined : page.cursor;
  }
}

async function emptyR2(bucket: R2Bucket) {
  for (let cursor: string | undefined, done = false; !done; ) {
    const page = await bucket.list(cursor ? { cursor } : {});
    if (page.objects.length) await bucket.delete(page.objects.map(({ key }) => key));
    done = !page.truncated;
    cursor = page.truncated ? page.cursor : undefined;
  }
}
