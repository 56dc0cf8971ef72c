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
  /** The sum of D1's `meta.rows_read` over every statement answered (batches included). */
  d1RowsRead: number;
  /** The sum of D1's `meta.duration` (ms the database spent on the statements). */
  d1Ms: number;
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
          return async (...args: unknown[]) => {
            trip(counts, [sql]);
            counts.d1RoundTrips++;
            counts.d1Statements++;
            const result = await (method(target, prop) as (...a: unknown[]) => Promise<unknown>)(...args);
            if (prop === "all" || prop === "run") addMeta(counts, [(result as D1Result).meta as Meta]);
            else await meterRead(counts, target, sql);
            return result;
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
          return target.batch(statements.map((s) => unwrapped.get(s) ?? s)).then((results) => {
            addMeta(counts, results.map((result) => result.meta as Meta));
            return results;
          });
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          trip(counts, [sql]);
          counts.d1RoundTrips++;
          counts.d1Statements += sql.split(";").filter((part) => part.trim()).length;
          return (target as D1Database).exec(sql).then((result) => {
            counts.d1Ms += result.duration;
            return result;
          });
        };
      }
      if (prop === "withSession") return (bookmark?: string) => countingD1((target as D1Database).withSession(bookmark), counts);
      return method(target, prop);
    },
  }) as D1Database;
}

type Meta = { rows_read?: number; duration?: number } | undefined;
function addMeta(counts: Counts, metas: Meta[]) {
  for (const meta of metas) {
    counts.d1RowsRead += meta?.rows_read ?? 0;
    counts.d1Ms += meta?.duration ?? 0;
  }
}

const READ = /^\s*(select|with)\b/i;

/**
 * `first()` and `raw()` (drizzle's selects) drop D1's `meta`, and the binding keeps its transport
 * out of reach: the same read is run once more through `all()`, whose result keeps it, and that
 * meta is counted (not as a round trip). Reads only: a write is never run twice. Requests timed for
 * server time send `x-bench-meter: 0`, so the second run does not slow them.
 */
async function meterRead(counts: Counts, statement: D1PreparedStatement, sql: string) {
  if (!metering.has(counts) || !READ.test(sql)) return;
  const result = await statement.all();
  addMeta(counts, [result.meta as Meta]);
}
const metering = new WeakSet<Counts>();

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
    const counts: Counts = { apiCalls: 0, d1RoundTrips: 0, d1Statements: 0, d1RowsRead: 0, d1Ms: 0, kvReads: 0 };
    const counted = { ...env, DB: countingD1(env.DB, counts), ORG_CACHE: countingKv(env.ORG_CACHE, counts) } as Env;
    countsOf.set(counted.ORG_CACHE, counts);
    if (request.headers.get("x-bench-meter") !== "0") metering.add(counts);
    if (request.headers.get("x-bench-trace") === "1") tripsOf.set(counts, []);
    const response = await app.fetch(request, counted, ctx);
    if (response.status === 101 || response.webSocket) return response;
    const answered = new Response(response.body, response);
    // The page has been rendered (and its D1 answered) by now; waitUntil work is not the page's.
    answered.headers.set("x-bench-counts", JSON.stringify({ ...counts, d1Ms: Math.round(counts.d1Ms * 100) / 100 }));
    const trips = tripsOf.get(counts);
    if (trips) answered.headers.set("x-bench-trips", JSON.stringify(trips));
    return answered;
  },
} satisfies ExportedHandler<Env>;
