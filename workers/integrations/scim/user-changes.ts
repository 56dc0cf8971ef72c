/**
 * What a SCIM request asks of a user, read from the shapes Okta and Entra send (RFC 7644 sections
 * 3.3, 3.5.1 and 3.5.2), into one change the users service applies:
 * - a whole resource (POST, PUT);
 * - PATCH operations with a path (`active`, `name.givenName`, `emails[type eq "work"].value`, ...)
 *   or without one (a value object, Okta's `{"active": false}`); `op` in any case (Entra's "Replace");
 * - `active` as a boolean or as the string "True"/"False" (Entra).
 * Attributes Commons does not keep (title, addresses, phone numbers, the enterprise extension) are
 * accepted and ignored, as section 3.3 allows, so a provider's full profile never fails a request.
 */
import { invalidValue, ScimError } from "./errors";

export interface UserChange {
  active?: boolean;
  userName?: string;
  externalId?: string | null;
  displayName?: string;
  givenName?: string;
  familyName?: string;
  formatted?: string;
  email?: string;
}

export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown, attribute: string, max = 320): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > max) throw invalidValue(`${attribute} must be a non-empty string of at most ${max} characters.`);
  return value.trim();
}

/**
 * A given or family name, which may be empty: a one-word name reads back with an empty family name,
 * and the identity providers PUT back the resource as they read it.
 */
function namePart(value: unknown, attribute: string): string {
  if (typeof value !== "string" || value.length > 100) throw invalidValue(`${attribute} must be a string of at most 100 characters.`);
  return value.trim();
}

function activeOf(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw invalidValue("active must be true or false.");
}

/** The work address of an `emails` list: type work, else the primary one, else the first. */
function emailOf(value: unknown): string | undefined {
  if (!Array.isArray(value)) throw invalidValue("emails must be a list.");
  const emails = value.filter(isRecord);
  const chosen = emails.find((email) => email.type === "work") ?? emails.find((email) => email.primary === true || email.primary === "True") ?? emails[0];
  return chosen ? text(chosen.value, "emails.value") : undefined;
}

/** Sets `attribute` (any case, dotted sub-attributes and the work e-mail's filter path) on `change`; unknown ones are ignored. */
function apply(change: UserChange, attribute: string, value: unknown, removing = false) {
  const key = attribute.replace(/\s+/g, " ").trim().toLowerCase();
  if (key === "active") change.active = removing ? change.active : activeOf(value);
  else if (key === "username") change.userName = text(value, "userName");
  else if (key === "externalid") change.externalId = removing || value === null ? null : text(value, "externalId", 200);
  else if (key === "displayname") change.displayName = text(value, "displayName", 200);
  else if (key === "name" && isRecord(value)) for (const [sub, subValue] of Object.entries(value)) apply(change, `name.${sub}`, subValue, removing);
  else if (key === "name.givenname") change.givenName = namePart(value, "name.givenName");
  else if (key === "name.familyname") change.familyName = namePart(value, "name.familyName");
  else if (key === "name.formatted") change.formatted = text(value, "name.formatted", 200);
  else if (key === "emails" && !removing) change.email = emailOf(value) ?? change.email;
  else if (/^emails\[type eq "work"\]\.value$/.test(key) || key === "emails.value") change.email = text(value, "emails.value");
}

/** A whole User resource (POST and PUT): userName is required. */
export function userFromResource(body: unknown): UserChange & { userName: string } {
  if (!isRecord(body)) throw new ScimError(400, "The body must be a SCIM User resource.", "invalidSyntax");
  const change: UserChange = {};
  for (const [attribute, value] of Object.entries(body)) if (value !== undefined && value !== null) apply(change, attribute, value);
  if (!change.userName) throw invalidValue("userName is required.");
  return { ...change, userName: change.userName };
}

/** The operations of a PATCH (RFC 7644 section 3.5.2) as one change. */
export function userFromPatch(body: unknown): UserChange {
  const operations = isRecord(body) ? (body.Operations ?? body.operations) : undefined;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, "A PATCH needs a list of Operations.", "invalidSyntax");
  const change: UserChange = {};
  for (const operation of operations) {
    if (!isRecord(operation) || typeof operation.op !== "string" || !/^(add|replace|remove)$/i.test(operation.op)) throw new ScimError(400, "Each operation needs an op: add, replace or remove.", "invalidSyntax");
    const removing = operation.op.toLowerCase() === "remove";
    if (typeof operation.path === "string" && operation.path.trim()) apply(change, operation.path, operation.value, removing);
    else if (isRecord(operation.value)) for (const [attribute, value] of Object.entries(operation.value)) apply(change, attribute, value, removing);
    else throw new ScimError(400, "An operation without a path needs a value object.", "invalidSyntax");
  }
  return change;
}

/** The given and family parts of a stored name: its first word, and the rest. */
export function nameParts(name: string) {
  const space = name.indexOf(" ");
  return space > 0 ? { givenName: name.slice(0, space), familyName: name.slice(space + 1) } : { givenName: name, familyName: "" };
}

/**
 * The profile name a change asks for: displayName, else name.formatted, else given and family
 * names, a part not sent kept from `current` (a PATCH of name.familyName alone).
 */
export function nameOf(change: UserChange, current = ""): string | undefined {
  if (change.displayName ?? change.formatted) return change.displayName ?? change.formatted;
  if (change.givenName === undefined && change.familyName === undefined) return undefined;
  const kept = nameParts(current);
  return [change.givenName ?? kept.givenName, change.familyName ?? kept.familyName].filter(Boolean).join(" ") || undefined;
}
