/**
 * What the SCIM service says of itself (RFC 7643 sections 5 to 7, RFC 7644 section 4): the
 * features it supports, its two resource types, and the attributes of each that it keeps. Okta's
 * and Entra's setup read these; they describe exactly what workers/integrations/scim/ does.
 */
import { USER_SCHEMA } from "./users";
import { GROUP_SCHEMA } from "./groups";

const CORE = "urn:ietf:params:scim:schemas:core:2.0";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

export function serviceProviderConfig(base: string) {
  return {
    schemas: [`${CORE}:ServiceProviderConfig`],
    documentationUri: "https://github.com/commons/commons/blob/main/docs/integrations.md",
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "API key", description: "An API key of the organisation with the scim scope, as a bearer token.", primary: true },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}

const resourceTypes = (base: string) => [
  { schemas: [`${CORE}:ResourceType`], id: "User", name: "User", endpoint: "/Users", description: "A member of the organisation", schema: USER_SCHEMA, meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` } },
  { schemas: [`${CORE}:ResourceType`], id: "Group", name: "Group", endpoint: "/Groups", description: "A site or business unit of the organisation", schema: GROUP_SCHEMA, meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` } },
];

export const resourceTypeList = (base: string) => ({ schemas: [LIST], totalResults: 2, startIndex: 1, itemsPerPage: 2, Resources: resourceTypes(base) });
export const resourceType = (base: string, id: string) => resourceTypes(base).find((type) => type.id === id) ?? null;

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: "string", multiValued: false, required: false, caseExact: false, mutability: "readWrite", returned: "default", uniqueness: "none", ...extra });

const schemas = (base: string) => [
  {
    id: USER_SCHEMA,
    name: "User",
    description: "A member of the organisation. The e-mail is the account's and is not changed by SCIM.",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server" }),
      attribute("externalId", { caseExact: true }),
      attribute("displayName"),
      { ...attribute("name", { type: "complex" }), subAttributes: [attribute("formatted"), attribute("givenName"), attribute("familyName")] },
      { ...attribute("emails", { type: "complex", multiValued: true }), subAttributes: [attribute("value"), attribute("type"), attribute("primary", { type: "boolean" })] },
      attribute("active", { type: "boolean" }),
    ],
    meta: { resourceType: "Schema", location: `${base}/Schemas/${USER_SCHEMA}` },
  },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "A site or business unit: its members' site in the organisation.",
    attributes: [
      attribute("displayName", { required: true, uniqueness: "server" }),
      attribute("externalId", { caseExact: true }),
      { ...attribute("members", { type: "complex", multiValued: true }), subAttributes: [attribute("value", { mutability: "immutable" }), attribute("display", { mutability: "readOnly" })] },
    ],
    meta: { resourceType: "Schema", location: `${base}/Schemas/${GROUP_SCHEMA}` },
  },
];

export const schemaList = (base: string) => ({ schemas: [LIST], totalResults: 2, startIndex: 1, itemsPerPage: 2, Resources: schemas(base) });
export const schemaById = (base: string, id: string) => schemas(base).find((item) => item.id === id) ?? null;
