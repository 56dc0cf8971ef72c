/**
 * How much one member may upload: UPLOAD_QUOTA files and bytes per hour, counted in D1 like the
 * other rate limits (workers/lib/rate-limit.ts: fixed windows, one atomic UPSERT per counter).
 * Every accepted upload counts, whatever happens to the file afterwards, so deleting and
 * uploading again does not reset it.
 */
import { RateLimitedError } from "../lib/domain-errors";
import { hit } from "../lib/rate-limit";

export const UPLOAD_QUOTA = {
  files: 30,
  bytes: 100 * 1024 * 1024,
  windowSeconds: 3600,
};

/** Counts this upload against the member's quota; 429 upload_quota_exceeded with Retry-After when over it. */
export async function countUpload(db: D1Database, memberId: string, bytes: number, now = Date.now()) {
  const { files, bytes: maxBytes, windowSeconds } = UPLOAD_QUOTA;
  const waits = await Promise.all([
    hit(db, `upload:files:${memberId}`, { max: files, windowSeconds }, now),
    hit(db, `upload:bytes:${memberId}`, { max: maxBytes, windowSeconds }, now, bytes),
  ]);
  const retryAfter = Math.max(...waits.map((wait) => wait.retryAfter));
  if (retryAfter > 0) {
    throw new RateLimitedError(
      "upload_quota_exceeded",
      `A member may upload ${files} files and ${maxBytes / (1024 * 1024)} MB per hour.`,
      retryAfter,
      { file: "attachments_error_quota" },
    );
  }
}
