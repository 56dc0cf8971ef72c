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
  /** D1 round trips so far: a batch is one, every statement run on its own is one. */
  roundTrips(): number;
  reset(): void;
}

export function watchedEnv(base: Env = testEnv): Watched {
  const sql: string[] = [];
  const kvReads: string[] = [];
  let roundTrips = 0;
  // batch() needs the binding's own statements: remember what each wrapper stands for.
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = new Proxy(real, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            roundTrips++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    unwrapped.set(wrapper, real);
    return wrapper;
  };
  // A browser request reads through a D1 session (workers/lib/request-database.ts): watch those too.
  const watch = <D extends D1Database | D1DatabaseSession>(database: D): D =>
    new Proxy(database, {
      get(target, prop) {
        if (prop === "prepare") {
          return (query: string) => {
            sql.push(query);
            return statement(target.prepare(query));
          };
        }
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) => {
            roundTrips++;
            return target.batch(statements.map((each) => unwrapped.get(each) ?? each));
          };
        }
        if (prop === "withSession") return (constraint?: string) => watch((target as D1Database).withSession(constraint));
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const db = watch(base.DB);
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
    roundTrips: () => roundTrips,
    reads: (table) => sql.filter((query) => new RegExp(`\\b(from|join) "${table}"`, "i").test(query)).length,
    reset() {
      sql.length = 0;
      kvReads.length = 0;
      roundTrips = 0;
    },
  };
}
