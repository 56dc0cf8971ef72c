/**
 * The bench's harness (scripts/bench.mjs), never deployed: the real app, with env.DB, env.ORG_CACHE
 * and the pages' in-process API client wrapped to count what one browser request costs. The counts
 * come back in the `x-bench-counts` response header. `wrangler dev scripts/bench/counting-worker.ts`
 * runs it with the project's wrangler.toml bindings.
 */
import { createApp } from "../../workers/app";
import { renderRemixPage } from "../../workers/edge";

export { ChatMember } from "../../durable-objects/chat-member";

interface Counts {
  apiCalls: number;
  d1RoundTrips: number;
  d1Statements: number;
  kvReads: number;
}

/** With `x-bench-trace: 1` on the request, each round trip's SQL comes back in `x-bench-trips` (to see which trip to fold). */
type Trips = string[];
const tripsOf = new WeakMap<Counts, Trips>();
const brief = (sql: string) => sql.replace(/\s+/g, " ").slice(0, 160);
function trip(counts: Counts, sqls: string[]) {
  tripsOf.get(counts)?.push(sqls.map(brief).join(" ;; "));
}

const ROUND_TRIPS = new Set(["first", "all", "run", "raw"]);

/** Calls `target`'s own method with `this` bound (bindings keep private state). */
const method = (target: object, prop: PropertyKey) => {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
};

function countingD1(db: D1Database | D1DatabaseSession, counts: Counts): D1Database {
  // batch() needs the binding's own statements, not the wrappers.
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const statement = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapper = new Proxy(real, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values), sql);
        if (typeof prop === "string" && ROUND_TRIPS.has(prop)) {
          return (...args: unknown[]) => {
            trip(counts, [sql]);
            counts.d1RoundTrips++;
            counts.d1Statements++;
            return (method(target, prop) as (...a: unknown[]) => unknown)(...args);
          };
        }
        return method(target, prop);
      },
    });
    unwrapped.set(wrapper, real);
    sqlOf.set(wrapper, sql);
    return wrapper;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trip(counts, statements.map((s) => sqlOf.get(s) ?? "?"));
          counts.d1RoundTrips++;
          counts.d1Statements += statements.length;
          return target.batch(statements.map((s) => unwrapped.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          trip(counts, [sql]);
          counts.d1RoundTrips++;
          counts.d1Statements += sql.split(";").filter((part) => part.trim()).length;
          return (target as D1Database).exec(sql);
        };
      }
      if (prop === "withSession") return (bookmark?: string) => countingD1((target as D1Database).withSession(bookmark), counts);
      return method(target, prop);
    },
  }) as D1Database;
}

function countingKv(kv: KVNamespace, counts: Counts): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "get" || prop === "getWithMetadata") {
        return (...args: unknown[]) => {
          counts.kvReads++;
          return (method(target, prop) as (...a: unknown[]) => unknown)(...args);
        };
      }
      return method(target, prop);
    },
  });
}

/** Keyed by the counted KV binding: the page's env is a copy (its DB a D1 session, workers/lib/request-database.ts). */
const countsOf = new WeakMap<KVNamespace, Counts>();

const app = createApp({
  renderPage(request, env, ctx, page) {
    const counts = countsOf.get(env.ORG_CACHE);
    const api = counts
      ? (apiRequest: Request) => {
          counts.apiCalls++;
          return page.api(apiRequest);
        }
      : page.api;
    return renderRemixPage(request, env, ctx, { ...page, api });
  },
});

export default {
  async fetch(request, env, ctx) {
    const counts: Counts = { apiCalls: 0, d1RoundTrips: 0, d1Statements: 0, kvReads: 0 };
    const counted = { ...env, DB: countingD1(env.DB, counts), ORG_CACHE: countingKv(env.ORG_CACHE, counts) } as Env;
    countsOf.set(counted.ORG_CACHE, counts);
    if (request.headers.get("x-bench-trace") === "1") tripsOf.set(counts, []);
    const response = await app.fetch(request, counted, ctx);
    if (response.status === 101 || response.webSocket) return response;
    const answered = new Response(response.body, response);
    answered.headers.set("x-bench-counts", JSON.stringify(counts));
    const trips = tripsOf.get(counts);
    if (trips) answered.headers.set("x-bench-trips", JSON.stringify(trips));
    return answered;
  },
} satisfies ExportedHandler<Env>;
