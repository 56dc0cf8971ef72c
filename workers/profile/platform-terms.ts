/**
 * The platform's terms: the version a member accepts (at sign-up, and when a newer one asks them
 * again). Here, below the Auth service and the profile that both read it.
 */
import { desc } from "drizzle-orm";
import { getDb, schema } from "../db/client";

export async function latestPlatformTermsVersion(env: Env): Promise<number> {
  const row = await getDb(env)
    .select({ version: schema.platformTerms.version })
    .from(schema.platformTerms)
    .orderBy(desc(schema.platformTerms.version))
    .get();
  return row?.version ?? 0;
}
