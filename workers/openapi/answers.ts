/**
 * JSON Schemas of answers that have no valibot schema of their own, written from the types they
 * are built from (app/domain/initiatives/types.ts, workers/tenant/profile.ts). Only what those types
 * promise: the fields named here are always present; others may be added without breaking a client.
 * tests/workers/openapi.test.ts checks real answers against them.
 */
import { ANSWER_COMPONENTS } from "./answer-components";

export { arrayOf, bulkAnswer, namedList, objectOf, orNull, pageOf, scalars, scimListOf } from "./answer-components";

const nullable = (type: string, extra: object = {}) => ({ type: [type, "null"], ...extra });
const strings = { type: "array", items: { type: "string" } } as const;

export const ORGANIZATION_PROFILE = {
  type: "object",
  required: ["uuid", "organization_name", "organization_slug", "is_default_org", "is_public", "signup_token", "email_domains", "url", "sso_providers", "product_config"],
  properties: {
    uuid: { type: "string" },
    organization_name: { type: "string" },
    organization_slug: { type: "string" },
    organization_logo: nullable("string"),
    organization_logo_small: nullable("string"),
    region: nullable("string"),
    is_default_org: { type: "boolean" },
    is_mini_profile: { type: "boolean" },
    is_public: { type: "boolean" },
    signup_token: { ...nullable("string"), description: "Shown for public organisations, or to whoever already holds it." },
    email_domains: strings,
    url: nullable("string"),
    sso_providers: strings,
    org_terms_version: { type: "integer" },
    org_terms_url: nullable("string"),
    product_config: { type: "object", properties: { community: { type: "object" }, general: { type: "object" } } },
  },
} as const;

const dateTime = nullable("string", { description: "ISO 8601." });

const INITIATIVE_PROPERTIES = {
  id: { type: "string" },
  slug: { type: "string" },
  title: { type: "string" },
  description: { type: "string" },
  address: nullable("string"),
  latitude: nullable("number"),
  longitude: nullable("number"),
  image: nullable("string"),
  type: { type: "string" },
  status: { enum: ["open", "suspended", "canceled"] },
  start_time: dateTime,
  end_time: dateTime,
  registration_end_time: dateTime,
  categories: strings,
  sdgs: { type: "array", items: { type: "integer", minimum: 1, maximum: 17 } },
  is_in_person: { type: "boolean" },
  is_remote: { type: "boolean" },
  max_participants: { type: "integer", description: "Negative means unlimited." },
  participant_count: { type: "integer" },
  participant_status: { enum: ["pending", "accepted", "rejected", "not_going", null], description: "The caller's participation; null before joining." },
  own_interested: { type: "boolean" },
  checkin_code: nullable("string"),
  waitlist: {
    type: ["object", "null"],
    required: ["status", "position"],
    properties: { status: { enum: ["waiting", "offered"] }, position: { type: "integer" }, offer_expires_at: dateTime },
  },
} as const;

/** What a card of a list holds (InitiativeCard): the initiative's fields a list shows. */
const CARD_FIELDS = ["id", "slug", "title", "type", "status", "start_time", "end_time", "categories", "sdgs", "max_participants", "participant_count", "participant_status", "own_interested"] as const;

export const INITIATIVE = {
  type: "object",
  required: [...CARD_FIELDS, "description", "waitlist"],
  properties: INITIATIVE_PROPERTIES,
} as const;

export const INITIATIVE_CARD = {
  type: "object",
  required: CARD_FIELDS,
  properties: Object.fromEntries(Object.entries(INITIATIVE_PROPERTIES).filter(([name]) => !["description", "waitlist", "checkin_code", "latitude", "longitude"].includes(name))),
};

export const INITIATIVE_LIST = { type: "object", required: ["initiatives"], properties: { initiatives: { type: "array", items: { $ref: "#/components/schemas/InitiativeCard" } } } } as const;

/** A signed-in session (workers/auth/session-response.ts): the tokens, and the user as /auth/identity describes it. */
export const SESSION = {
  type: "object",
  required: ["access_token", "refresh_token", "expires_in", "user"],
  properties: { access_token: { type: "string" }, refresh_token: { type: "string" }, expires_in: { type: "integer" }, user: { type: "object" } },
} as const;

/** A keyset page (docs/api/pagination.md, workers/lib/keyset-links.ts): its rows and where the next page starts. */
export const PAGE = {
  type: "object",
  required: ["data", "next_cursor"],
  properties: {
    data: { type: "array", items: { type: "object" } },
    next_cursor: { ...nullable("string"), description: "The `cursor` of the next page (also in the `Link` header); null on the last page." },
  },
} as const;

/** `{ <name>: [...] }`: a list under its name, items left open. */
export const listOf = (name: string, items: object = { type: "object" }) => ({ type: "object", required: [name], properties: { [name]: { type: "array", items } } });

export const ANSWER_SCHEMAS = { Initiative: INITIATIVE, InitiativeCard: INITIATIVE_CARD, InitiativeList: INITIATIVE_LIST, OrganizationProfile: ORGANIZATION_PROFILE, Page: PAGE, Session: SESSION, ...ANSWER_COMPONENTS };
export const ref = (name: keyof typeof ANSWER_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });
