/**
 * SCIM's own error answer (RFC 7644 section 3.12): `urn:ietf:params:scim:api:messages:2.0:Error`
 * with the status as a string and, for a 400 or 409, a `scimType`. Okta and Entra read these, not
 * the API's `{ error, message }`; the SCIM sub-app turns every error into one (workers/api/scim.ts).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError } from "../../lib/domain-errors";
import { errorHeaders, STATUS_OF } from "../../lib/errors";

export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_CONTENT_TYPE = "application/scim+json";

export type ScimType = "invalidFilter" | "tooMany" | "uniqueness" | "mutability" | "invalidSyntax" | "invalidPath" | "noTarget" | "invalidValue" | "invalidVers" | "sensitive";

export class ScimError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export const scimNotFound = (what = "Resource") => new ScimError(404, `${what} not found.`);
export const invalidValue = (message: string) => new ScimError(400, message, "invalidValue");

export function scimErrorResponse(c: Context, error: unknown) {
  let status: ContentfulStatusCode = 500;
  let detail = "Something went wrong, try again in a few minutes.";
  let scimType: ScimType | undefined;
  if (error instanceof ScimError) ({ status, message: detail, scimType } = error);
  else if (error instanceof DomainError) {
    status = STATUS_OF[error.kind];
    detail = error.fields ? `${error.message} ${Object.entries(error.fields).map(([field, key]) => `${field}: ${key}`).join(", ")}` : error.message;
    if (status === 400) scimType = "invalidValue";
    if (status === 409) scimType = error.code === "last_admin" ? "mutability" : "uniqueness";
    for (const [name, value] of Object.entries(errorHeaders(error))) c.header(name, value);
  } else {
    const httpStatus = (error as { status?: number }).status;
    if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) [status, detail] = [httpStatus as ContentfulStatusCode, (error as Error).message || "Bad request."];
    else console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), error: String((error as Error)?.stack ?? error) }));
  }
  c.header("content-type", SCIM_CONTENT_TYPE);
  return c.body(JSON.stringify({ schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail }), status);
}
