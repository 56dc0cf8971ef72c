/**
 * No storage object outlives its row (issue 25, point 5). A picture is written to R2 before the row
 * that names it (a row must never name a missing file), and deleted again when that write fails;
 * but a Worker stopped between the two (the upload killed midway, the CPU limit) leaves an object
 * nothing names. This sweep, run by the scheduled handler, finds such objects under the avatar and
 * logo prefixes and deletes them:
 *
 * - an avatar (media/avatars/{file}) is named by `profiles.avatar_key`;
 * - a logo or cover (media/logos/{file}) by `organizations.logo`, `logo_small` or the community
 *   configuration's `cover_url`, as `/media/logos/{file}`.
 *
 * Only objects older than ORPHAN_GRACE_MS are candidates: an upload in flight has written its object
 * and is about to write its row. Each run looks at one page of at most ORPHAN_SWEEP_PAGE objects per
 * prefix, and keeps where it stopped in KV (progress only, not a source of truth: a lost cursor
 * starts over), so a large bucket is swept over several runs at a bounded cost each.
 */
import { inArray } from "drizzle-orm";
import { getDb, schema } from "../db/client";

export const ORPHAN_SWEEP_PAGE = 100;
export const ORPHAN_GRACE_MS = 60 * 60_000;

const CURSOR_KEY = (prefix: string) => `sweep:cursor:${prefix}`;

/** The prefixes swept, and which of a page's files some row still names. */
const SWEPT: { prefix: string; named: (env: Env, files: string[]) => Promise<Set<string>> }[] = [
  {
    prefix: "media/avatars/",
    async named(env, files) {
      const rows = await getDb(env).select({ file: schema.profiles.avatarKey }).from(schema.profiles).where(inArray(schema.profiles.avatarKey, files)).all();
      return new Set(rows.map((row) => row.file ?? ""));
    },
  },
  {
    prefix: "media/logos/",
    async named(env, files) {
      // One statement per file, in one batch (a page is at most 100 files); instr(), not LIKE,
      // since D1 refuses LIKE patterns over 50 bytes.
      const statement = env.DB.prepare("SELECT 1 AS yes FROM organizations WHERE logo = ?1 OR logo_small = ?1 OR instr(community_config, ?1) > 0 LIMIT 1");
      const results = await env.DB.batch(files.map((file) => statement.bind(`/media/logos/${file}`)));
      return new Set(files.filter((_, i) => results[i].results.length > 0));
    },
  },
];

/** One run of the sweep: deletes the unnamed objects of one page per prefix; answers how many. */
export async function sweepOrphanFiles(env: Env, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const { prefix, named } of SWEPT) {
    const cursor = (await env.ORG_CACHE.get(CURSOR_KEY(prefix))) ?? undefined;
    const page = await env.FILES.list({ prefix, cursor, limit: ORPHAN_SWEEP_PAGE });
    const old = page.objects.filter((object) => object.uploaded.getTime() <= now - ORPHAN_GRACE_MS);
    const files = old.map((object) => object.key.slice(prefix.length));
    if (files.length) {
      const kept = await named(env, files);
      const orphans = old.filter((_, i) => !kept.has(files[i])).map((object) => object.key);
      if (orphans.length) await env.FILES.delete(orphans);
      deleted += orphans.length;
    }
    if (page.truncated) await env.ORG_CACHE.put(CURSOR_KEY(prefix), page.cursor);
    else await env.ORG_CACHE.delete(CURSOR_KEY(prefix));
  }
  return deleted;
}
