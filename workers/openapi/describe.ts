/**
 * The words of the OpenAPI document that the validators cannot give: what a route does, under
 * which tag, who may call it, and what it answers, errors included (docs/api/openapi.md). Each route
 * says it with one `describeRoute(doc(...))` line beside its handler.
 */
import type { DescribeRouteOptions } from "hono-openapi";

/** The API's one error shape, `{ error, message, fields? }` (workers/lib/domain-errors.ts, SPEC.md section 8). */
export const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "message"],
  properties: {
    error: { type: "string", description: "The stable code a client keys its messages on.", examples: ["not_found"] },
    message: { type: "string", description: "English text for people reading logs; never shown as is." },
    fields: {
      type: "object",
      description: "Field name → message key (e.g. form_error_required); `_` for the input as a whole.",
      additionalProperties: { type: "string" },
    },
    current: { description: "The item as stored, when a guarded write found it changed by someone else first." },
  },
} as const;

/** SCIM's error object (RFC 7644 section 3.12), which every SCIM answer uses instead. */
export const SCIM_ERROR_SCHEMA = {
  type: "object",
  required: ["schemas", "status"],
  properties: {
    schemas: { type: "array", items: { const: "urn:ietf:params:scim:api:messages:2.0:Error" } },
    status: { type: "string" },
    scimType: { type: "string" },
    detail: { type: "string" },
  },
} as const;

/** The codes each status carries across the API; a route names its own in `errors`. */
const STATUS_TEXT: Record<number, string> = {
  400: "The input breaks a rule: `fields` maps each field to its message key.",
  401: "No valid credentials: the token, the API key or the link is missing, expired or revoked.",
  402: "The account is no longer active: the client signs out (SPEC.md section 8).",
  403: "Signed in, but this role or scope may not do this.",
  404: "Not found, or another organisation's (tenants never see each other's data).",
  405: "The path exists with other methods (see `Allow`).",
  409: "Clashes with what is stored: taken, already done or full.",
  412: "A step that must come first has not happened, or the version named is not the one stored.",
  413: "The body is larger than the route accepts.",
  415: "The file or body type is not one the route accepts.",
  426: "Only a WebSocket upgrade is answered here.",
  429: "Too many attempts: `Retry-After` says when to try again.",
  502: "A provider outside (PayPal, an identity provider, the upstream API) failed.",
  503: "A feature this needs is not configured on this deployment.",
};

/**
 * Who may call: a member (bearer token), staff of the organisation (a member whose role and scope
 * the server checks first: a member gets 403), an organisation's API key, or anyone.
 */
export type Caller = "member" | "staff" | "apiKey" | "staffOrApiKey" | "scim" | "public";

const SECURITY: Record<Caller, DescribeRouteOptions["security"]> = {
  member: [{ bearerToken: [] }],
  staff: [{ bearerToken: [] }],
  apiKey: [{ apiKey: [] }],
  staffOrApiKey: [{ bearerToken: [] }, { apiKey: [] }],
  scim: [{ apiKey: [] }],
  public: [],
};

/** The errors every caller of a kind can meet before the route itself runs. */
const CALLER_ERRORS: Record<Caller, number[]> = {
  member: [401, 402, 404],
  staff: [401, 402, 403, 404],
  apiKey: [401, 403, 404, 429],
  staffOrApiKey: [401, 402, 403, 404, 429],
  scim: [401, 403, 404, 429],
  public: [],
};

export interface RouteDoc {
  summary: string;
  description?: string;
  /** The answer's JSON Schema when it is worth writing down, else a description of the answer. */
  answer?: object;
  /** The success status when not 200 (201 created, 204 no content, 202 accepted, 101 switching protocols). */
  status?: 200 | 201 | 202 | 204 | 101 | 302;
  /** The same answer under another status too (200 when nothing new was made, e.g. a repeated request). */
  alsoStatus?: 200 | 201;
  /** Media type of the answer when not JSON (a CSV, a PDF, a calendar). */
  media?: string;
  /** The success answer has no body (a 202 that only says the work was queued). */
  empty?: true;
  /** Error statuses → their codes, beyond those of the caller (e.g. `{ 409: ["email_taken"] }`). */
  errors?: Record<number, string[]>;
  /** A body not read by `validate` (read by hand, multipart): its schema, or a description. */
  body?: { media?: string; schema?: object; description?: string; optional?: boolean };
  /** Query parameters not read by `validate`: name → description. */
  query?: Record<string, string>;
}

/** An upload: multipart/form-data with the file in the field `file` (workers/api/attachments.ts readUpload). */
export const fileBody = (description: string) => ({
  media: "multipart/form-data",
  schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary", description } } },
  description: `multipart/form-data with the file in \`file\`: ${description}`,
});

/** The 400 codes of an upload read by readUpload: no multipart body, or no file in it. */
export const FILE_ERRORS = ["invalid_multipart", "validation_error"];

export function errorAnswer(status: number, codes: string[] = [], scim = false) {
  const text = STATUS_TEXT[status] ?? "An error.";
  return {
    description: codes.length ? `${text} Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.` : text,
    ...(codes.length ? { "x-error-codes": codes } : {}),
    content: scim
      ? { "application/scim+json": { schema: { $ref: "#/components/schemas/ScimError" } } }
      : { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

const NO_CONTENT = new Set([101, 204, 302]);
const SUCCESS_TEXT: Record<number, string> = {
  101: "The WebSocket is open.",
  200: "The answer.",
  201: "Created: the new item.",
  202: "Accepted: the work goes on after the answer.",
  204: "Done; no body.",
  302: "A redirect (`Location`).",
};

/** One route's description for `describeRoute`. */
export function doc(tag: string, caller: Caller, route: RouteDoc): DescribeRouteOptions {
  const status = route.status ?? 200;
  const media = route.media ?? "application/json";
  const success = NO_CONTENT.has(status) || route.empty ? { description: SUCCESS_TEXT[status] } : { description: SUCCESS_TEXT[status], content: { [media]: { schema: route.answer ?? {} } } };
  const errors: Record<string, object> = {};
  const scim = caller === "scim";
  for (const code of CALLER_ERRORS[caller]) errors[code] = errorAnswer(code, [], scim);
  for (const [code, codes] of Object.entries(route.errors ?? {})) errors[code] = errorAnswer(Number(code), codes, scim);
  const query = Object.entries(route.query ?? {}).map(([name, description]) => ({ in: "query" as const, name, description, schema: { type: "string" as const } }));
  return {
    tags: [tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY[caller],
    ...(query.length ? { parameters: query } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.optional,
            ...(route.body.description ? { description: route.body.description } : {}),
            content: { [route.body.media ?? "application/json"]: { schema: route.body.schema ?? {} } },
          },
        }
      : {}),
    responses: { [status]: success, ...(route.alsoStatus ? { [route.alsoStatus]: { ...success, description: SUCCESS_TEXT[route.alsoStatus] } } : {}), ...errors },
  };
}
