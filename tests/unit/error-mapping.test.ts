/**
 * Only the HTTP layer turns a domain error into a status and headers (docs/decisions/014-domain-errors.md):
 * every kind keeps the status the API has always answered, and details (the retry time, the stored
 * version) become headers here and nowhere else.
 */
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import {
  DomainError,
  type DomainErrorKind,
  type ErrorBody,
  RateLimitedError,
  StaleVersionError,
  badRequest,
  conflict,
  declined,
  forbidden,
  internalError,
  notFound,
  preconditionFailed,
  tooLarge,
  unauthorized,
  unavailable,
  unsupportedType,
  upgradeRequired,
  upstreamTimeout,
  upstreamUnavailable,
} from "../../workers/lib/domain-errors";
import { STATUS_OF, handleError } from "../../workers/lib/errors";

/** What the API answers when a handler throws `error`. */
async function answer(error: Error) {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError(handleError);
  const response = await app.request("/");
  return { status: response.status, headers: response.headers, body: (await response.json()) as ErrorBody };
}

const EXPECTED: [DomainError, number][] = [
  [badRequest("validation_error", "Invalid.", { name: "form_error_required" }), 400],
  [unauthorized("unauthenticated", "Sign in."), 401],
  [declined("account_disabled", "Gone."), 402],
  [forbidden("forbidden", "No."), 403],
  [notFound(), 404],
  [conflict("account_exists", "Taken."), 409],
  [preconditionFailed("email_not_confirmed", "Confirm first."), 412],
  [tooLarge("file_too_large", "Too big."), 413],
  [unsupportedType("unsupported_file_type", "Not an image."), 415],
  [upgradeRequired("upgrade_required", "WebSocket only."), 426],
  [new RateLimitedError("too_many_requests", "Slow down.", 42), 429],
  [internalError(), 500],
  [upstreamUnavailable("sso_provider_unavailable", "Unreachable."), 502],
  [upstreamTimeout("upstream_timeout", "Too slow."), 504],
  [unavailable("payment_provider_unavailable", "Not configured."), 503],
];

describe("the HTTP mapping of domain errors", () => {
  it("covers every kind once", () => {
    const kinds = EXPECTED.map(([error]) => error.kind).sort();
    expect(kinds).toEqual((Object.keys(STATUS_OF) as DomainErrorKind[]).sort());
  });

  it.each(EXPECTED.map(([error, status]) => [error.kind, status, error] as const))("answers %s with %i in the one JSON shape", async (_kind, status, error) => {
    const answered = await answer(error);
    expect(answered.status).toBe(status);
    expect(answered.body).toEqual(error.toBody());
    expect(Object.keys(answered.body).sort()).toEqual(error.fields ? ["error", "fields", "message"] : ["error", "message"]);
  });

  it("says when to retry in Retry-After, and only for a rate limit", async () => {
    const limited = await answer(new RateLimitedError("upload_quota_exceeded", "Quota.", 17, { file: "attachments_error_quota" }));
    expect(limited.headers.get("retry-after")).toBe("17");
    expect(limited.body.fields).toEqual({ file: "attachments_error_quota" });
    expect((await answer(conflict("client_id_in_use", "Taken."))).headers.get("retry-after")).toBeNull();
  });

  it("names the stored version in ETag when a conditional request names another", async () => {
    const stale = await answer(new StaleVersionError("precondition_failed", "Other version.", '"abc"'));
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe('"abc"');
  });

  it("answers anything else 500 without its details", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const answered = await answer(new Error("secret detail")).finally(() => quiet.mockRestore());
    expect(answered.status).toBe(500);
    expect(answered.body).toEqual({ error: "internal_error", message: "Something went wrong, try again in a few minutes." });
  });
});
