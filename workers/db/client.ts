import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof getDb>;

/** What a batch of these statements answers, statement by statement. */
export type BatchResults<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };

/** One drizzle handle per request; cheap, it only wraps the binding. */
export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export { schema };
