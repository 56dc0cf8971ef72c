/**
 * The test bindings with D1 and KV watched: every SQL statement prepared and every KV key read is
 * recorded, so a test can say how often a request (or one step of it) read a table.
 */
import { testEnv } from "./support";

export interface Watched {
  env: Env;
  sql: string[];
  kvReads: string[];
  /** Statements so far that read `table` (FROM or JOIN). */
  reads(table: string): number;
  reset(): void;
}

export function watchedEnv(base: Env = testEnv): Watched {
  const sql: string[] = [];
  const kvReads: string[] = [];
  const db = new Proxy(base.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          sql.push(query);
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const kv = new Proxy(base.ORG_CACHE, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "get") {
        return (key: string, ...rest: unknown[]) => {
          kvReads.push(key);
          return (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    env: { ...base, DB: db, ORG_CACHE: kv },
    sql,
    kvReads,
    reads: (table) => sql.filter((query) => new RegExp(`\\b(from|join) "${table}"`, "i").test(query)).length,
    reset() {
      sql.length = 0;
      kvReads.length = 0;
    },
  };
}
