/**
 * The HTTP side of errors (docs/decisions/014-domain-errors.md): the one place where a domain error
 * becomes a status and headers, in the one JSON shape of the API, `{ error, message, fields? }`
 * (DESIGN.md conventions).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type DomainErrorKind, internalError, notFound, RateLimitedError, StaleVersionError } from "./domain-errors";

export const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unsupported_type: 415,
  upgrade_required: 426,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 502,
  upstream_timeout: 504,
  unavailable: 503,
};

/** The headers that carry an error's details: when to retry, which version is stored. */
export function errorHeaders(err: DomainError): Record<string, string> {
  if (err instanceof RateLimitedError) return { "Retry-After": String(err.retryAfterSeconds) };
  if (err instanceof StaleVersionError) return { etag: err.currentEtag };
  return {};
}

export function errorJson(c: Context, err: DomainError) {
  for (const [name, value] of Object.entries(errorHeaders(err))) c.header(name, value);
  return c.json(err.toBody(), STATUS_OF[err.kind]);
}

/** Hono's own HTTPException (e.g. body limit) carries a status rather than a kind. */
function httpExceptionJson(c: Context, status: number, message: string) {
  const code = status === 413 ? "payload_too_large" : "bad_request";
  return c.json({ error: code, message: message || code }, status as ContentfulStatusCode);
}

/** Hono onError: domain errors keep their status; anything else is logged and answered 500 without details. */
export function handleError(err: Error, c: Context) {
  if (err instanceof DomainError) return errorJson(c, err);
  const status = (err as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) return httpExceptionJson(c, status, err.message);
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), error: String(err.stack ?? err) }));
  return errorJson(c, internalError());
}

export function handleNotFound(c: Context) {
  return errorJson(c, notFound());
}
