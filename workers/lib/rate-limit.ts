/**
 * Rate limits for the abuse-prone auth calls, counted in D1 (consistent, unlike KV) with one atomic
 * UPSERT per counter: fixed windows, per client IP, per account, and per (account, IP).
 *
 * Sign-in counts failures only (docs/decisions/007-sign-in-lockout.md): every attempt takes a hit
 * before the password is checked (so parallel guesses cannot slip past the limit), and a right
 * password gives its hits back. Nobody can lock the owner out with guesses from one address, and an
 * office signing in from one address is never throttled by its members' successes.
 */
import type { Context } from "hono";
import type { AppEnv } from "../types";
import { RateLimitedError } from "./domain-errors";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Who a counter counts: the client address, the account (e-mail), or the account from that address. */
type Scope = "ip" | "account" | "account_ip";

/** One place for every limit. */
export const RATE_LIMITS = {
  // Misses only (unknown addresses): bounds how fast one address can probe which accounts exist.
  lookup: { ip: { max: 60, windowSeconds: 600 } },
  // Failures only. From one address, ten wrong passwords lock that address out of the account; the
  // owner elsewhere keeps signing in until fifty failures come from everywhere. The address-wide
  // bound stops spraying one guess over many accounts, high enough for a whole office's typos.
  login: {
    account_ip: { max: 10, windowSeconds: 900 },
    account: { max: 50, windowSeconds: 900 },
    ip: { max: 200, windowSeconds: 900 },
  },
  signup: { ip: { max: 30, windowSeconds: 600 }, account: { max: 10, windowSeconds: 600 } },
  recover_password: { ip: { max: 20, windowSeconds: 600 }, account: { max: 5, windowSeconds: 900 } },
  confirm_email: { ip: { max: 20, windowSeconds: 600 }, account: { max: 5, windowSeconds: 900 } },
  // Address search, per member: typing an address takes a few searches, not hundreds (the open geocoder's fair use).
  geocode: { account: { max: 60, windowSeconds: 600 } },
  // Calendar feeds (issue 29): unknown tokens per address (probing), given back for a known one, so
  // that a calendar service fetching many members' feeds from one address is never throttled; and
  // each feed's own fetches, far above any calendar app's polling.
  calendar_feed_miss: { ip: { max: 30, windowSeconds: 600 } },
  calendar_feed: { account: { max: 120, windowSeconds: 3600 } },
  // Chat messages per member and organisation, over REST and the socket alike (SPEC.md section 9;
  // counted inside the send's own batch, workers/chat/messages.ts).
  chat_message: { account: { max: 20, windowSeconds: 10 } },
  // An organisation's API key (issue 31): its own budget, counted per key ("account" is the key's
  // id), far above a nightly sync's pace and low enough that a runaway script cannot crowd D1.
  api_key: { account: { max: 600, windowSeconds: 60 } },
} satisfies Record<string, Partial<Record<Scope, Limit>>>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** When the fixed window holding `now` started (ms). */
export const windowStartOf = (now: number, limit: Limit) => now - (now % (limit.windowSeconds * 1000));

/** Seconds until the window that started at `windowStart` is over: what a 429's Retry-After says (at least 1). */
export const secondsLeftInWindow = (windowStart: number, limit: Limit, now: number) => Math.max(1, Math.ceil((windowStart + limit.windowSeconds * 1000 - now) / 1000));

/**
 * The one counting statement of every fixed window: `source` yields the (key, window_start, count)
 * row to add; `start` and `amount` are the SQL (parameters) of the window's start and of the units
 * counted. A counter from an older window starts again. Answers the counter's count and window.
 * Raw SQL: drizzle's upsert cannot compare with the excluded row inside CASE as this needs.
 */
export const countInWindowSql = (source: string, start: string, amount: string) =>
  `INSERT INTO rate_limits (key, window_start, count) ${source}
   ON CONFLICT (key) DO UPDATE SET
     count = CASE WHEN window_start < ${start} THEN ${amount} ELSE count + ${amount} END,
     window_start = CASE WHEN window_start < ${start} THEN ${start} ELSE window_start END
   RETURNING count, window_start`;

/**
 * Counts one hit (or `amount` units, e.g. bytes); answers how many seconds to wait when the limit
 * is exceeded (else 0) and the window the count belongs to.
 */
export async function hit(db: D1Database, key: string, limit: Limit, now = Date.now(), amount = 1) {
  const windowStart = windowStartOf(now, limit);
  const row = await db
    .prepare(countInWindowSql("VALUES (?1, ?2, ?3)", "?2", "?3"))
    .bind(key, windowStart, amount)
    .first<{ count: number; window_start: number }>();
  const window = row?.window_start ?? windowStart;
  const retryAfter = !row || row.count <= limit.max ? 0 : secondsLeftInWindow(row.window_start, limit, now);
  return { retryAfter, windowStart: window };
}

/**
 * The client address as Cloudflare's edge saw it. Only `cf-connecting-ip` is trusted: the edge
 * sets it and clients cannot forge it, unlike x-real-ip or x-forwarded-for. Without it (some local
 * tools) every request counts as one client, "unknown".
 */
export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "unknown";
}

export interface CountedAttempt {
  /** Gives this attempt's hits back: a successful attempt of a failures-only action never counts. */
  succeeded(): Promise<void>;
}

function keyOf(action: RateLimitedAction, scope: Scope, ip: string, account: string | undefined) {
  if (scope === "ip") return `${action}:ip:${ip}`;
  if (account === undefined) return null;
  return scope === "account" ? `${action}:account:${account}` : `${action}:account_ip:${account}:${ip}`;
}

/** Counts the attempt; throws 429 with Retry-After when any of its counters has gone over the limit. */
export async function enforceRateLimit<E extends AppEnv>(c: Context<E>, action: RateLimitedAction, account?: string): Promise<CountedAttempt> {
  const ip = clientIp(c);
  const counters = Object.entries(RATE_LIMITS[action] as Partial<Record<Scope, Limit>>).flatMap(([scope, limit]) => {
    const key = keyOf(action, scope as Scope, ip, account);
    return key && limit ? [{ key, limit }] : [];
  });
  const hits = await Promise.all(counters.map(({ key, limit }) => hit(c.env.DB, key, limit)));
  const retryAfter = Math.max(0, ...hits.map((h) => h.retryAfter));
  if (retryAfter > 0) {
    throw new RateLimitedError("too_many_requests", "Too many attempts; try again later.", retryAfter);
  }
  return {
    async succeeded() {
      // Only within the same window: a counter that has moved on to a new window keeps its count.
      const refund = c.env.DB.prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0");
      await c.env.DB.batch(counters.map(({ key }, i) => refund.bind(key, hits[i].windowStart)));
    },
  };
}
