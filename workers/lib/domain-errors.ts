/**
 * What can go wrong, said in the terms of the domain (docs/decisions/014-domain-errors.md).
 * Services and rules throw these; they know nothing of HTTP. Only the HTTP layer
 * (workers/lib/errors.ts) turns a kind into a status and a detail such as the retry time into a
 * header, and the chat Durable Object reads the same details into its socket frames.
 *
 * `code` is the stable code a client keys its messages on (SPEC.md section 8), `message` is English
 * text for people reading logs, `fields` maps a form field to its message key.
 */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: string;
  message: string;
  fields?: FieldErrors;
  /** The item as stored, when a guarded write found it decided or changed by someone else (ChangedMeanwhileError). */
  current?: unknown;
}

export type DomainErrorKind =
  /** The input breaks a rule (fields say which). */
  | "invalid"
  /** Nobody is signed in, or the credentials or the link no longer hold. */
  | "unauthenticated"
  /** The account or the payment is refused for good (SPEC.md section 8: a client signs out). */
  | "declined"
  /** Signed in, but not allowed to do this. */
  | "forbidden"
  | "not_found"
  /** The request clashes with what is stored (taken, already done, full). */
  | "conflict"
  /** A step that must come first has not happened, or the stored version is not the one named. */
  | "precondition_failed"
  | "too_large"
  | "unsupported_type"
  /** Only a WebSocket upgrade is answered here. */
  | "upgrade_required"
  /** Too many attempts; see RateLimitedError for when to try again. */
  | "rate_limited"
  /** A provider outside (PayPal, an identity provider, the upstream API) cannot be reached or answered badly. */
  | "upstream_unavailable"
  /** The upstream API did not answer in time. */
  | "upstream_timeout"
  /** A feature this needs is not configured on this deployment. */
  | "unavailable"
  | "internal";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fields
      ? { error: this.code, message: this.message, fields: this.fields }
      : { error: this.code, message: this.message };
  }
}

/** Over a limit: `retryAfterSeconds` says when the next attempt may succeed. */
export class RateLimitedError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
    fields?: FieldErrors,
  ) {
    super("rate_limited", code, message, fields);
  }
}

/** A conditional write named another version of a stored object: `currentEtag` is the one stored. */
export class StaleVersionError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly currentEtag: string,
  ) {
    super("precondition_failed", code, message);
  }
}

/**
 * A guarded write found its precondition gone: the item was decided or changed by someone else
 * first (docs/decisions/025-decisions-are-guarded-writes.md). `current` is the item as stored now,
 * so the loser sees what holds without another call.
 */
export class ChangedMeanwhileError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly current: unknown,
  ) {
    super("conflict", code, message);
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), current: this.current };
  }
}

export const badRequest = (code: string, message: string, fields?: FieldErrors) => new DomainError("invalid", code, message, fields);
export const unauthorized = (code: string, message: string) => new DomainError("unauthenticated", code, message);
export const declined = (code: string, message: string) => new DomainError("declined", code, message);
/** A disabled account's tokens stop working at once, everywhere (SPEC.md section 8: 402 logs out). */
export const accountDisabled = () => declined("account_disabled", "This account is no longer active.");
export const forbidden = (code: string, message: string) => new DomainError("forbidden", code, message);
export const notFound = (code = "not_found", message = "The resource cannot be found.") => new DomainError("not_found", code, message);
export const conflict = (code: string, message: string, fields?: FieldErrors) => new DomainError("conflict", code, message, fields);
export const preconditionFailed = (code: string, message: string) => new DomainError("precondition_failed", code, message);
export const tooLarge = (code: string, message: string, fields?: FieldErrors) => new DomainError("too_large", code, message, fields);
export const unsupportedType = (code: string, message: string, fields?: FieldErrors) =>
  new DomainError("unsupported_type", code, message, fields);
export const upgradeRequired = (code: string, message: string) => new DomainError("upgrade_required", code, message);
export const upstreamUnavailable = (code: string, message: string) => new DomainError("upstream_unavailable", code, message);
export const upstreamTimeout = (code: string, message: string) => new DomainError("upstream_timeout", code, message);
export const unavailable = (code: string, message: string) => new DomainError("unavailable", code, message);
export const internalError = () => new DomainError("internal", "internal_error", "Something went wrong, try again in a few minutes.");
