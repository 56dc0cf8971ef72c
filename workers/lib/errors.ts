/**
 * The one JSON error shape of the API: `{ error, message, fields? }` (DESIGN.md conventions).
 * `error` is a stable code a client keys its messages on (SPEC.md section 8), `message` is English
 * text for people reading logs, `fields` maps a form field to its message key.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: string;
  message: string;
  fields?: FieldErrors;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fields
      ? { error: this.code, message: this.message, fields: this.fields }
      : { error: this.code, message: this.message };
  }
}

export const badRequest = (code: string, message: string, fields?: FieldErrors) =>
  new ApiError(400, code, message, fields);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code = "not_found", message = "The resource cannot be found.") =>
  new ApiError(404, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);

export function errorJson(c: Context, err: ApiError) {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json(err.toBody(), err.status);
}

/** Hono onError: known errors keep their status; anything else is logged and answered 500 without details. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) return errorJson(c, err);
  // Hono's own HTTPException (e.g. body limit) carries a status too.
  const status = (err as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = status === 413 ? "payload_too_large" : "bad_request";
    return errorJson(c, new ApiError(status as ContentfulStatusCode, code, err.message || code));
  }
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), error: String(err.stack ?? err) }));
  return c.json({ error: "internal_error", message: "Something went wrong, try again in a few minutes." }, 500);
}

export function handleNotFound(c: Context) {
  return c.json({ error: "not_found", message: "The resource cannot be found." }, 404);
}
