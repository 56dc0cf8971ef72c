/**
 * Rate limits for the abuse-prone auth calls, counted in D1 (consistent, unlike KV) with one atomic
 * UPSERT per counter: fixed windows, per client IP and per account.
 */
import type { Context } from "hono";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** One place for every limit: per IP and per account (the e-mail address). */
export const RATE_LIMITS = {
  lookup: { ip: { max: 60, windowSeconds: 60 }, account: { max: 20, windowSeconds: 600 } },
  login: { ip: { max: 30, windowSeconds: 60 }, account: { max: 10, windowSeconds: 900 } },
  signup: { ip: { max: 30, windowSeconds: 600 }, account: { max: 10, windowSeconds: 600 } },
  recover_password: { ip: { max: 20, windowSeconds: 600 }, account: { max: 5, windowSeconds: 900 } },
  confirm_email: { ip: { max: 20, windowSeconds: 600 }, account: { max: 5, windowSeconds: 900 } },
} satisfies Record<string, { ip: Limit; account: Limit }>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

/**
 * Counts one hit (or `amount` units, e.g. bytes); answers how many seconds to wait when the limit
 * is exceeded, else 0.
 */
export async function hit(db: D1Database, key: string, limit: Limit, now = Date.now(), amount = 1): Promise<number> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start < ?2 THEN ?3 ELSE count + ?3 END,
         window_start = CASE WHEN window_start < ?2 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    )
    .bind(key, windowStart, amount)
    .first<{ count: number; window_start: number }>();
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, Math.ceil((row.window_start + windowMs - now) / 1000));
}

export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "unknown";
}

/** Throws 429 with Retry-After when the IP or the account has gone over the limit for this action. */
export async function enforceRateLimit(c: Context<AppEnv>, action: RateLimitedAction, account?: string) {
  const limits = RATE_LIMITS[action];
  const waits = await Promise.all([
    hit(c.env.DB, `${action}:ip:${clientIp(c)}`, limits.ip),
    account ? hit(c.env.DB, `${action}:account:${account}`, limits.account) : Promise.resolve(0),
  ]);
  const retryAfter = Math.max(...waits);
  if (retryAfter > 0) {
    throw new ApiError(429, "too_many_requests", "Too many attempts; try again later.", undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}
