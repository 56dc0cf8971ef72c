/**
 * How long the webhooks' delivery keeps trying (docs/decisions/051-webhooks-outbox.md): nine
 * attempts, the first at once and then after 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h and 12 h,
 * about 23 hours in all. 12 hours is also the longest delay a Cloudflare Queue message may take.
 */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The delay before the attempt after `attempts` failed ones; null once every attempt is spent. */
export const retryDelaySeconds = (attempts: number): number | null => (attempts >= 1 && attempts < MAX_ATTEMPTS ? RETRY_DELAYS_SECONDS[attempts - 1] : null);

/** An attempt answers within this long, or it failed (timeout). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the log keeps of the body sent (the body itself is the event's, kept whole until pruned). */
export const STORED_BODY_MAX_CHARS = 16 * 1024;
/** Deliveries and events older than this are deleted by the scheduled handler. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;
/** A delivery whose queue message was lost (pending, its moment passed long ago) is queued again by the scheduled handler. */
export const LOST_AFTER_MS = 15 * 60_000;
/** After a rotation, the old secret also signs for this long. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/**
 * An endpoint is disabled when a delivery spends its last attempt and the endpoint has answered no
 * success since at least this long ago: the schedule's 23 hours of one delivery are within it, so
 * one delivery's full run of failures against an otherwise silent endpoint is enough.
 */
export const DISABLE_AFTER_FAILING_MS = 20 * 3_600_000;
