/**
 * The named answer schemas of the API beyond the few in ./answers.ts, written from the types the
 * handlers answer (the interfaces named beside each) and checked against real answers by
 * tests/workers/openapi-answers.test.ts. A field is required only when the code always writes it;
 * `null` is allowed where the type allows it. Objects stay open: a field may be added without
 * breaking a client.
 */
const str = { type: "string" } as const;
const int = { type: "integer" } as const;
const num = { type: "number" } as const;
const bool = { type: "boolean" } as const;
const anyObject = { type: "object" } as const;
/** ISO 8601 (the API's time format, issue 31). */
const time = { type: "string", description: "ISO 8601." } as const;

type Schema = Record<string, unknown>;

/** `schema` or null: a type list where the schema has one type, else a `oneOf`. */
export const orNull = (schema: Schema): Schema =>
  typeof schema.type === "string" && !schema.enum ? { ...schema, type: [schema.type, "null"] } : { anyOf: [schema, { type: "null" }] };
export const arrayOf = (items: Schema): Schema => ({ type: "array", items });
/** An object whose properties are all required but those named in `optional`. */
export const objectOf = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: "object",
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});
const oneOf = (...values: string[]) => ({ enum: values });
export const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** `{ <name>: [items] }`, with `next_cursor` when the list is keyset-paged (docs/api/pagination.md). */
export const namedList = (name: string, items: Schema, paged = false): Schema =>
  objectOf({ [name]: arrayOf(items), ...(paged ? { next_cursor: orNull({ ...str, description: "The `cursor` of the next page (also in the `Link` header); null on the last page." }) } : {}) });
/** A decision on many items at once: the items as they are now, which it changed (applied) and which someone else had decided first (lost). */
export const bulkAnswer = (name: string, items: Schema): Schema => objectOf({ [name]: arrayOf(items), applied: arrayOf(str), lost: arrayOf(str) });
/** A keyset page of the integration API: `{ data: [items], next_cursor }`. */
export const pageOf = (items: Schema): Schema => namedList("data", items, true);

const NAMED_ID = objectOf({ id: str, name: str });
const INITIATIVE_REFERENCE = objectOf({ id: str, slug: str, title: str });
const PERSON = objectOf({ member_id: str, name: str, avatar: orNull(str) });
const ROLE = oneOf("member", "organiser", "manager", "admin", "reporting", "system");
const INITIATIVE_TYPE = oneOf("volunteering", "training", "donation", "collection", "informative");
const INITIATIVE_STATUS = oneOf("open", "suspended", "canceled");
/** What every row of an initiative list names first. */
const INITIATIVE_HEAD = { id: str, slug: str, title: str, type: INITIATIVE_TYPE, status: INITIATIVE_STATUS, start_time: orNull(time), end_time: orNull(time) };
/** RECORD_STATUSES (workers/db/schema.ts). */
const RECORD_STATUS = oneOf("pending", "validated", "rejected", "granted");
const ORGANIZATION_LINK = objectOf({ slug: str, name: str, url: str });
const TXT_RECORD = objectOf({ type: str, name: str, value: str });

/** A participation record as its reporter sees it (workers/initiatives/serialize.ts toRecord). */
const RECORD = objectOf({
  id: str,
  type: oneOf("hours", "indicator"),
  hours: orNull(num),
  value: orNull(num),
  unit: orNull(str),
  indicator_id: orNull(str),
  status: RECORD_STATUS,
  reject_reason: orNull(str),
  created_at: time,
});

/** ManagedRecord (workers/manage/records.ts): a record in the staff review queue. */
const MANAGED_RECORD = objectOf({
  id: str,
  type: oneOf("hours", "indicator"),
  hours: orNull(num),
  value: orNull(num),
  unit: orNull(str),
  indicator: orNull(objectOf({ id: str, name: str })),
  status: RECORD_STATUS,
  reject_reason: orNull(str),
  created_at: time,
  reviewed_at: orNull(time),
  participant: objectOf({ uuid: str, member_id: str, name: str, avatar: orNull(str) }),
  initiative: INITIATIVE_REFERENCE,
});

/** ManagedContribution (workers/manage/contributions.ts). */
const MANAGED_CONTRIBUTION = objectOf({
  id: str,
  value: num,
  currency: str,
  source: str,
  status: oneOf("pending", "confirmed", "rejected"),
  confirmation_code: orNull(str),
  anonymous: bool,
  comment: orNull(str),
  reject_reason: orNull(str),
  created_at: time,
  reviewed_at: orNull(time),
  donor: PERSON,
  initiative: INITIATIVE_REFERENCE,
});

/** ManagedUpload (workers/manage/uploads.ts). */
const MANAGED_UPLOAD = objectOf({
  id: str,
  kind: oneOf("document", "image"),
  filename: str,
  mimetype: str,
  size: int,
  status: oneOf("pending", "published", "rejected"),
  reject_reason: orNull(str),
  download: str,
  created_at: time,
  reviewed_at: orNull(time),
  uploader: PERSON,
  initiative: INITIATIVE_REFERENCE,
});

/** Attachment (app/domain/initiatives/types.ts). */
const ATTACHMENT = objectOf({
  id: str,
  filename: str,
  mimetype: str,
  size: int,
  download: str,
  url: str,
  status: oneOf("pending", "published", "rejected"),
  reject_reason: orNull(str),
  member_id: orNull(str),
  created_at: time,
});

/** ModeratedProposal (workers/manage/proposals.ts): a proposal as its moderator sees it. */
const MANAGED_PROPOSAL = objectOf({
  id: str,
  type: str,
  title: str,
  description: str,
  start_time: orNull(time),
  end_time: orNull(time),
  is_in_person: bool,
  address: orNull(str),
  latitude: orNull(num),
  longitude: orNull(num),
  location_precision: orNull(str),
  is_remote: bool,
  remote_url: orNull(str),
  sdgs: arrayOf(str),
  competences: arrayOf(str),
  help_organize: bool,
  max_participants: { ...orNull(int), description: "null: unlimited." },
  status: oneOf("proposed", "open", "rejected"),
  reject_reason: orNull(str),
  created_at: time,
  reviewed_at: orNull(time),
  initiative_id: orNull(str),
  proposer: objectOf({ id: str, name: str, email: str, avatar: orNull(str) }),
});

/** Contribution (workers/contributions/service.ts toContribution): a member's pledge or donation. */
const CONTRIBUTION = objectOf({
  id: str,
  value: num,
  currency: str,
  source: str,
  anonymous: bool,
  comment: orNull(str),
  status: oneOf("pending", "confirmed", "rejected"),
  confirmation_code: orNull(str),
  reject_reason: orNull(str),
  created_at: time,
});

/** A check-in at the desk (workers/manage/checkin.ts checkIn). */
const CHECKIN = objectOf({ participant: objectOf({ uuid: str, name: str }), record_id: str, hours: num, day: str, at: time });

/** ProposalSummary (app/domain/proposals.ts): a member's proposal. */
const PROPOSAL_SUMMARY = objectOf({
  id: str,
  title: str,
  type: INITIATIVE_TYPE,
  status: oneOf("proposed", "open", "rejected"),
  created_at: time,
  reject_reason: orNull(str),
  initiative_slug: orNull(str),
});

/** ManagedParticipant and WaitlistEntry (workers/manage/initiatives.ts, waitlist.ts) under their initiative. */
const WAITLIST_ENTRY = objectOf({ id: str, member_id: str, name: str, email: str, status: oneOf("waiting", "offered"), offer_expires_at: orNull(time), joined_at: time });
const PARTICIPANT_LIST = objectOf({
  initiative: objectOf({ id: str, slug: str, title: str, type: INITIATIVE_TYPE, status: INITIATIVE_STATUS, pinned: bool, can_pin: bool }),
  waitlist: arrayOf(WAITLIST_ENTRY),
  participants: arrayOf(
    objectOf({
      uuid: str,
      member_id: str,
      name: str,
      email: str,
      avatar: orNull(str),
      phone: orNull(str),
      status: oneOf("pending", "accepted", "rejected", "not_going"),
      manager_approval_status: oneOf("pending", "approved", "rejected", "not_needed"),
      joined_at: time,
      hours: objectOf({ validated: num, pending: num }),
      indicators: arrayOf(objectOf({ id: str, name: str, unit: str, validated: num, pending: num })),
    }),
  ),
});

/** The editor's initiative (workers/manage/initiative-editor.ts editableInitiative). */
const EDITABLE_INITIATIVE = {
  type: "object",
  required: ["id", "slug", "status", "type", "title", "description", "start_time", "end_time", "categories", "sdgs", "indicators"],
  properties: {
    id: str,
    slug: str,
    status: INITIATIVE_STATUS,
    pinned: bool,
    type: INITIATIVE_TYPE,
    title: str,
    description: str,
    image: orNull(str),
    start_time: orNull(time),
    end_time: orNull(time),
    registration_end_time: orNull(time),
    categories: arrayOf(str),
    competences: arrayOf(str),
    sdgs: arrayOf(str),
    max_participants: orNull(int),
    indicators: arrayOf(objectOf({ id: str, name: str, unit: str, has_reports: bool })),
  },
};

/** A member as the administration lists it (workers/admin/members.ts). */
const ADMIN_MEMBER = objectOf({
  id: str,
  name: str,
  email: str,
  avatar: orNull(str),
  role: ROLE,
  manager: orNull(NAMED_ID),
  disabled: bool,
  joined_at: time,
  other_organizations: int,
  deletion_due_at: orNull(time),
  impact: objectOf({ country: orNull(str), site: orNull(str), grade: orNull(str) }),
});

/** An entry of the audit log (workers/audit). */
const AUDIT_ENTRY = objectOf(
  {
    id: str,
    action: str,
    actor: orNull(NAMED_ID),
    target_type: orNull(str),
    target_id: orNull(str),
    target_name: orNull(str),
    detail: orNull(anyObject),
    created_at: time,
  },
  ["target_name"],
);

/** The organisation's settings as administrators read and change them (workers/admin/settings.ts). */
const ORGANIZATION_SETTINGS = objectOf({
  name: str,
  slug: str,
  region: str,
  contact_email: orNull(str),
  logo: orNull(str),
  logo_small: orNull(str),
  hostnames: arrayOf(str),
  community: anyObject,
});

/** HostnameView and EmailDomainView (workers/hostnames/claims.ts, workers/admin/email-domains.ts). */
const HOSTNAME = objectOf({
  hostname: str,
  status: oneOf("pending", "verified"),
  record: orNull(TXT_RECORD),
  tls: str,
  last_error: orNull(str),
  checked_at: orNull(time),
  verified_at: orNull(time),
  expires_at: orNull(time),
});
const EMAIL_DOMAIN = objectOf({ domain: str, status: oneOf("pending", "verified"), record: TXT_RECORD, last_error: orNull(str), checked_at: orNull(time), verified_at: orNull(time) });

/** An SSO provider as administrators see it, its secret never (workers/admin/sso-providers.ts). */
const SSO_PROVIDER = objectOf(
  {
    id: str,
    provider: str,
    issuer: str,
    client_id: str,
    has_secret: bool,
    scopes: str,
    enforced: bool,
    created_at: time,
    discovered: objectOf({ authorization_endpoint: orNull(str), token_endpoint: orNull(str), userinfo_endpoint: orNull(str) }),
  },
  ["discovered"],
);
const SSO_TEST = objectOf({ id: str, provider: str, status: oneOf("started", "succeeded", "failed"), code: orNull(str), detail: anyObject, created_at: time, finished_at: orNull(time) });

/** The impact totals of a period or snapshot (workers/impact). */
const IMPACT_TOTALS = objectOf({
  hours: objectOf({ paid: num, own: num, management: num, unvalued: num }),
  time_value: arrayOf(anyObject),
  cash: arrayOf(anyObject),
  in_kind: arrayOf(anyObject),
  beneficiaries: num,
});
const SNAPSHOT = objectOf({
  id: str,
  from: time,
  to: time,
  first_day: str,
  last_day: str,
  created_at: time,
  created_by: str,
  rows_hash: str,
  row_count: int,
  signature: str,
  verified: bool,
  totals: component("ImpactTotals"),
  participants: int,
  initiatives: int,
});
const RATE = objectOf({ id: str, key_type: oneOf("country", "site", "grade", "default"), key_value: str, amount: num, currency: str, name: orNull(str), source: str, from_year: int, to_year: orNull(int) });
const MANAGEMENT_HOURS = objectOf({ id: str, initiative: str, member_id: orNull(str), hours: num, day: str, note: orNull(str), created_by: str });

/** An API key, never its secret but once (workers/integrations/keys.ts). */
const API_KEY = objectOf({
  id: str,
  name: str,
  prefix: str,
  scopes: arrayOf(oneOf("members:read", "participations:read", "initiatives:read", "initiatives:write", "donations:read", "webhooks", "scim")),
  created_at: time,
  expires_at: orNull(time),
  last_used_at: orNull(time),
  revoked_at: orNull(time),
  status: oneOf("active", "expired", "revoked"),
});

/** A webhook endpoint and a delivery of one (workers/webhooks/endpoints.ts). */
const WEBHOOK_ENDPOINT = objectOf({
  id: str,
  url: str,
  description: str,
  events: arrayOf(str),
  enabled: bool,
  disabled_reason: orNull(str),
  failing_since: orNull(time),
  previous_secret_until: orNull(time),
  created_at: time,
});
const WEBHOOK_DELIVERY = objectOf(
  {
    id: str,
    event_id: str,
    event_type: str,
    status: oneOf("pending", "waiting", "delivered", "failed"),
    attempts: int,
    response_status: orNull(int),
    response_ms: orNull(int),
    error: orNull(str),
    next_attempt_at: orNull(time),
    created_at: time,
    delivered_at: orNull(time),
    body: { ...str, description: "The body sent (one delivery's answer only)." },
  },
  ["body"],
);
const CHAT_APP = objectOf({ id: str, kind: oneOf("slack", "teams"), channel: str, topics: arrayOf(str), enabled: bool, created_at: time });

/** A conversation and a message of the chat (app/domain/chat.ts; created_at in ms is kept for live clients, docs/api/chat.md). */
const CHAT_USER = objectOf({ id: str, name: str, avatar: orNull(str) });
const CONVERSATION = objectOf(
  {
    id: str,
    type: str,
    participants: arrayOf(CHAT_USER),
    occupant_ids: arrayOf(str),
    unread_count: int,
    last_read_message_id: int,
    last_message: orNull(str),
    last_message_user_id: orNull(str),
    last_message_timestamp: orNull(num),
    created_at: { ...num, description: "Milliseconds since the epoch (kept for the live clients)." },
    last_message_at: orNull(time),
    started_at: time,
  },
  ["last_message_timestamp", "last_message_at"],
);
const CHAT_MESSAGE = objectOf({
  id: int,
  conversation_id: str,
  sender_id: str,
  content: str,
  created_at: { ...num, description: "Milliseconds since the epoch (kept for the live clients)." },
  sent_at: time,
  client_id: orNull(str),
});

/** A verifiable credential's check (workers/credentials/verify.ts Verification). */
const VERIFICATION = objectOf({
  state: str,
  reason: orNull(str),
  revoked_at: orNull(time),
  credential: orNull(
    objectOf({
      id: str,
      name: str,
      issuer: objectOf({ id: str, name: str }),
      achievement: objectOf({ name: str, description: str }),
      hours: orNull(num),
      valid_from: orNull(time),
      valid_until: orNull(time),
    }),
  ),
});

/** The rows of the integration API (workers/integrations/read-api.ts). */
const INTEGRATION_MEMBER = objectOf({
  id: str,
  email: str,
  name: str,
  role: ROLE,
  site: orNull(str),
  country: orNull(str),
  grade: orNull(str),
  manager_member_id: orNull(str),
  active: bool,
  external_id: orNull(str),
  joined_at: orNull(time),
});
const INTEGRATION_PARTICIPATION = objectOf({
  id: str,
  initiative: INITIATIVE_REFERENCE,
  member_id: str,
  status: oneOf("pending", "accepted", "rejected", "not_going"),
  manager_approval_status: oneOf("pending", "approved", "rejected", "not_needed"),
  validated_hours: num,
  validated_value: arrayOf(anyObject),
  unvalued_hours: num,
  values: arrayOf(anyObject),
  joined_at: orNull(time),
  updated_at: orNull(time),
});
const INTEGRATION_INITIATIVE = objectOf({
  ...INITIATIVE_HEAD,
  is_in_person: bool,
  is_remote: bool,
  address: orNull(str),
  country: orNull(str),
  motivation: oneOf("charitable_gift", "community_investment", "commercial_initiative"),
  max_participants: { ...int, description: "Negative means unlimited." },
  participant_count: int,
  is_working_hours: bool,
  created_at: orNull(time),
  updated_at: orNull(time),
});
const INTEGRATION_DONATION = objectOf({
  id: str,
  initiative: INITIATIVE_REFERENCE,
  member_id: { ...orNull(str), description: "null for an anonymous donation." },
  amount: { ...int, description: "In minor units of the currency." },
  currency: str,
  source: oneOf("transfer", "inhand", "external", "paypal"),
  confirmed_at: orNull(time),
  created_at: orNull(time),
});

/** SCIM resources (RFC 7643) as workers/integrations/scim answers them. */
const SCIM_META = objectOf({ resourceType: str, created: time, lastModified: time, location: str }, ["created", "lastModified"]);
const SCIM_USER = objectOf(
  {
    schemas: arrayOf(str),
    id: str,
    externalId: str,
    userName: str,
    name: objectOf({ formatted: str, givenName: str, familyName: str }, ["formatted", "givenName", "familyName"]),
    displayName: str,
    emails: arrayOf(objectOf({ value: str, type: str, primary: bool }, ["type", "primary"])),
    active: bool,
    meta: SCIM_META,
  },
  ["externalId", "name", "displayName", "emails"],
);
const SCIM_GROUP = objectOf(
  { schemas: arrayOf(str), id: str, externalId: str, displayName: str, members: arrayOf(objectOf({ value: str, display: str }, ["display"])), meta: SCIM_META },
  ["externalId", "members"],
);
/** A SCIM ListResponse of `items`. */
export const scimListOf = (items: Schema): Schema =>
  objectOf({ schemas: arrayOf({ const: "urn:ietf:params:scim:api:messages:2.0:ListResponse" }), totalResults: int, startIndex: int, itemsPerPage: int, Resources: arrayOf(items) });
const SCIM_RESOURCE_TYPE = objectOf({ schemas: arrayOf(str), id: str, name: str, endpoint: str, description: str, schema: str, meta: SCIM_META }, ["description"]);
const SCIM_SCHEMA = objectOf({ id: str, name: str, description: str, attributes: arrayOf(anyObject) }, ["description"]);
const SCIM_SERVICE_PROVIDER_CONFIG = objectOf(
  { schemas: arrayOf(str), documentationUri: str, patch: anyObject, bulk: anyObject, filter: anyObject, changePassword: anyObject, sort: anyObject, etag: anyObject, authenticationSchemes: arrayOf(anyObject), meta: SCIM_META },
  ["documentationUri", "meta"],
);

/** The member's data as one document (workers/account/export: decision 034). */
const MEMBER_DATA = objectOf({ schema: { const: "commons.member-data" }, schema_version: int, generated_at: time, account: anyObject, profile: anyObject, organizations: arrayOf(anyObject) });

/** The member's own profile in an organisation (workers/profile). */
const OWN_PROFILE = {
  type: "object",
  required: ["email", "name", "avatar", "slug", "role", "phone", "language", "social", "details", "categories"],
  properties: {
    email: str,
    name: str,
    avatar: orNull(str),
    slug: str,
    role: ROLE,
    phone: orNull(str),
    language: str,
    commercial_comms_accepted: bool,
    participation_emails: bool,
    social: anyObject,
    details: anyObject,
    public_user_groups: arrayOf(anyObject),
    categories: arrayOf(objectOf({ slug: str, name: str, member: bool })),
  },
};

/** Export jobs (workers/exports/jobs.ts). */
const EXPORT_JOB = objectOf({
  id: str,
  kind: oneOf("members", "contributions", "audit", "impact_evidence"),
  status: oneOf("queued", "running", "ready", "failed"),
  rows_done: int,
  rows_total: orNull(int),
  created_at: time,
  expires_at: time,
});


/** POST /auth/lookup: how an address signs in, and its organisations. */
const LOOKUP = objectOf({ email: str, nextStage: str, organizations: arrayOf(anyObject), url: orNull(str) }, ["url"]);
/** PUT /auth/identity: the access token (a new pair when renewed from the refresh cookie) and the user. */
const IDENTITY = objectOf({ access_token: str, refresh_token: str, expires_in: int, user: anyObject }, ["refresh_token"]);
/** What an invitation link is for, and what accepting one answers (workers/auth/invitation-answers.ts). */
const INVITATION_LINK = objectOf({ id: str, email: str, role: ROLE, organization: ORGANIZATION_LINK, needs_password: bool });
const ACCEPTED_INVITATION = objectOf({ organization: ORGANIZATION_LINK, role: ROLE });
/** DeletionState (workers/account/deletion.ts). */
const DELETION_STATE = objectOf({ requested_at: time, deletion_due_at: time });
/** A social CV certificate's public check (workers/social-cv/certificates.ts verifyCertificate). */
const CERTIFICATE_CHECK = objectOf({
  id: str,
  credential_verify_url: orNull(str),
  valid: bool,
  authentic: bool,
  revoked_at: orNull(time),
  code: orNull(str),
  statement: orNull(
    objectOf({
      period: objectOf({ from: orNull(str), to: orNull(str) }),
      issued_at: time,
      name: str,
      organization: str,
      hours: num,
      initiatives: int,
      sdgs: arrayOf(objectOf({ id: int, hours: num })),
    }),
  ),
});
/** NotificationSettings (workers/reminders/preferences.ts): channel switches per topic. */
const NOTIFICATION_SETTINGS = objectOf({ reminder: anyObject, staff_digest: orNull(anyObject) });
/** CantComeView (workers/reminders/cant-come.ts). */
const CANT_COME = objectOf({ initiative: objectOf({ title: str, slug: str, start_time: orNull(time) }), state: oneOf("going", "left") });
/** A member's verifiable credential (workers/credentials/holder.ts). */
const CREDENTIAL = objectOf({
  id: str,
  kind: oneOf("participation", "social_cv"),
  name: str,
  hours: num,
  issued_at: time,
  revoked_at: orNull(time),
  revoked_reason: { enum: ["member", "superseded", "staff", null] },
  verify_url: str,
  json_url: str,
  linkedin_url: str,
});
/** The member's calendar feed (workers/calendar). */
const CALENDAR_FEED = objectOf({ enabled: bool, url: orNull(str), include_interests: bool });
/** The check-in sheet of a day (workers/manage/checkin.ts). */
const CHECKIN_SHEET = objectOf({
  initiative: objectOf({ id: str, slug: str, title: str, hours_per_day: num, participation_method: oneOf("qr", "report_hours"), start_time: orNull(time), end_time: orNull(time) }),
  key: str,
  today: str,
  zone: str,
  participants: arrayOf(objectOf({ uuid: str, name: str, avatar: orNull(str), approval: oneOf("pending", "approved", "rejected", "not_needed"), checked_in_today: bool })),
});
/** The editor's choices (workers/manage/initiative-editor.ts editorOptions). */
const EDITOR_OPTIONS = objectOf({
  categories: arrayOf(str),
  competences: arrayOf(str),
  target_audiences: arrayOf(str),
  sdgs: arrayOf(str),
  collaborators: arrayOf(objectOf({ slug: str, name: str })),
  max_number_of_sdgs: int,
  region: str,
  currency: str,
  features: objectOf({ points: bool, program: bool }),
  can_pin: bool,
  center: objectOf({ latitude: num, longitude: num }),
});
/** StaffSummary (workers/manage/summary.ts): null where the role does not review that queue. */
const STAFF_SUMMARY = objectOf({ records: orNull(int), uploads: orNull(int), contributions: orNull(int), approvals: int, proposals: orNull(int) });
/** PendingApproval (workers/manage/approvals.ts). */
const PENDING_APPROVAL = objectOf({
  participant_uuid: str,
  created_at: time,
  member: objectOf({ id: str, name: str, avatar: orNull(str) }),
  initiative: objectOf({ id: str, slug: str, title: str, start_time: orNull(time), is_working_hours: bool }),
});
/** An initiative of the staff list (workers/manage/initiatives.ts). */
const MANAGED_INITIATIVE_ROW = objectOf({
  ...INITIATIVE_HEAD,
  participant_count: int,
  max_participants: int,
  pending_count: int,
  mine: bool,
});
/** The organisation's metrics for a period (workers/admin/metrics.ts). */
const METRICS = objectOf(
  {
    from: time,
    to: time,
    group: orNull(objectOf({ slug: str, name: str })),
    members: objectOf({ total: int, active: int, joined: int }),
    participations: int,
    participants: int,
    hours: num,
    pending: objectOf({ records: int, uploads: int, contributions: int, approvals: int, proposals: int }),
    donations: arrayOf(objectOf({ currency: str, total: num, count: int })),
    sdgs: arrayOf(objectOf({ id: int, hours: num, participants: int })),
    impact: arrayOf(objectOf({ unit: str, value: num })),
    months: arrayOf(objectOf({ month: str, hours: num })),
    groups: arrayOf(anyObject),
  },
);
/** The impact report of a period (workers/impact/report.ts). */
const IMPACT_REPORT = {
  type: "object",
  required: ["from", "to", "totals", "participants", "initiatives", "groups", "first_day", "last_day"],
  properties: {
    from: time,
    to: time,
    previous: objectOf({ from: time, to: time, totals: component("ImpactTotals") }),
    totals: component("ImpactTotals"),
    participants: int,
    initiatives: int,
    group_by: orNull(str),
    groups: arrayOf(anyObject),
    first_day: str,
    last_day: str,
  },
};
/** ResponsibleProfile (workers/social-cv/report.ts): the member's social CV. */
const RESPONSIBLE_PROFILE = objectOf(
  {
    member_id: str,
    name: str,
    avatar: orNull(str),
    social: anyObject,
    created_at: time,
    participation_summary: anyObject,
    initiatives_joined: int,
    hour_count: num,
    point_count: num,
    sdg_report: arrayOf(objectOf({ id: int, value: num })),
    competence_report: arrayOf(objectOf({ id: str, value: num })),
    impact_report: arrayOf(objectOf({ unit: str, value: num })),
    initiative_report: arrayOf(anyObject),
  },
  ["point_count"],
);
/** InvitationResult (workers/admin/invitations.ts): one row of an invitation batch. */
const INVITATION_RESULT = objectOf({ row: int, email: str, status: str, fields: anyObject }, ["fields"]);
/** What the sign-up answers (workers/api/signup.ts): what is missing, and the session once there is one. */
const SIGNUP_ANSWER = {
  type: "object",
  required: ["user", "missing", "defaults"],
  properties: {
    corporate: orNull(anyObject),
    user: anyObject,
    auth: orNull(anyObject),
    missing: { ...oneOf("organization", "password", "email_confirmation", "sso_confirmation"), description: "What the sign-up still needs; email_confirmation once the account is made (201)." },
    password_policy: anyObject,
    public_organizations: arrayOf(objectOf({ slug: str, name: str, logo: orNull(str), logo_small: orNull(str), region: orNull(str) })),
    url: orNull(str),
    defaults: objectOf({ language: str, organization_slug: orNull(str) }),
  },
};

export const ANSWER_COMPONENTS = {
  Lookup: LOOKUP,
  Identity: IDENTITY,
  InvitationLink: INVITATION_LINK,
  AcceptedInvitation: ACCEPTED_INVITATION,
  DeletionState: DELETION_STATE,
  CertificateCheck: CERTIFICATE_CHECK,
  NotificationSettings: NOTIFICATION_SETTINGS,
  CantCome: CANT_COME,
  Credential: CREDENTIAL,
  CalendarFeed: CALENDAR_FEED,
  CheckinSheet: CHECKIN_SHEET,
  EditorOptions: EDITOR_OPTIONS,
  StaffSummary: STAFF_SUMMARY,
  PendingApproval: PENDING_APPROVAL,
  ManagedInitiativeRow: MANAGED_INITIATIVE_ROW,
  Metrics: METRICS,
  ImpactReport: IMPACT_REPORT,
  ResponsibleProfile: RESPONSIBLE_PROFILE,
  InvitationResult: INVITATION_RESULT,
  SignupAnswer: SIGNUP_ANSWER,
  Record: RECORD,
  ManagedRecord: MANAGED_RECORD,
  ManagedContribution: MANAGED_CONTRIBUTION,
  ManagedUpload: MANAGED_UPLOAD,
  ManagedProposal: MANAGED_PROPOSAL,
  Contribution: CONTRIBUTION,
  Checkin: CHECKIN,
  ProposalSummary: PROPOSAL_SUMMARY,
  Attachment: ATTACHMENT,
  ParticipantList: PARTICIPANT_LIST,
  WaitlistEntry: WAITLIST_ENTRY,
  EditableInitiative: EDITABLE_INITIATIVE,
  AdminMember: ADMIN_MEMBER,
  AuditEntry: AUDIT_ENTRY,
  OrganizationSettings: ORGANIZATION_SETTINGS,
  Hostname: HOSTNAME,
  EmailDomain: EMAIL_DOMAIN,
  SsoProvider: SSO_PROVIDER,
  SsoTest: SSO_TEST,
  ImpactTotals: IMPACT_TOTALS,
  Snapshot: SNAPSHOT,
  Rate: RATE,
  ManagementHours: MANAGEMENT_HOURS,
  ApiKey: API_KEY,
  WebhookEndpoint: WEBHOOK_ENDPOINT,
  WebhookDelivery: WEBHOOK_DELIVERY,
  ChatApp: CHAT_APP,
  ChatUser: CHAT_USER,
  Conversation: CONVERSATION,
  ChatMessage: CHAT_MESSAGE,
  Verification: VERIFICATION,
  IntegrationMember: INTEGRATION_MEMBER,
  IntegrationParticipation: INTEGRATION_PARTICIPATION,
  IntegrationInitiative: INTEGRATION_INITIATIVE,
  IntegrationDonation: INTEGRATION_DONATION,
  ScimUser: SCIM_USER,
  ScimGroup: SCIM_GROUP,
  ScimResourceType: SCIM_RESOURCE_TYPE,
  ScimSchema: SCIM_SCHEMA,
  ScimServiceProviderConfig: SCIM_SERVICE_PROVIDER_CONFIG,
  MemberData: MEMBER_DATA,
  OwnProfile: OWN_PROFILE,
  ExportJob: EXPORT_JOB,
};

export const scalars = { str, int, num, bool, time, anyObject, oneOf };
