/**
 * Our JSON schema of what Open Badges 3.0 requires of an OpenBadgeCredential
 * (open-badge-credential.schema.json, written from the specification's data model), compiled with
 * ajv: the list of what a credential misses or gets wrong, empty when it holds.
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import schema from "./open-badge-credential.schema.json";

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const check = ajv.compile(schema);

export function validateOpenBadge(credential: unknown): string[] {
  return check(credential) ? [] : (check.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
}
