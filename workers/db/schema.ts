/**
 * The whole data model of Commons, in one module (DESIGN.md "Data").
 *
 * Conventions:
 * - ids are text (uuid or readable demo ids), timestamps are integer milliseconds since the epoch;
 * - every tenant-owned row carries `org_id`, and every query filters by it;
 * - money is integer minor units plus an ISO currency code;
 * - small variable-shape values (configs, social handles, tags) are JSON text, validated by valibot
 *   when read (see workers/tenant/config.ts), never trusted raw.
 */
import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ATTACHMENT_KINDS } from "../../app/domain/attachments";
import { ORGANISATION_ROLES, TIME_BASES } from "../../app/domain/manage";
import { PRECISIONS } from "../../app/domain/location-precision";
import { CERTIFICATE_STATUSES } from "../../app/domain/certificate-status";
import { CHAT_APP_KINDS } from "../../app/domain/webhooks";
import { EXPORT_KINDS, EXPORT_STATUSES } from "../../app/domain/exports";
import { IMPACT_MOTIVATIONS, RATE_KEY_TYPES } from "../../app/domain/impact";
import { CREDENTIAL_REVOCATION_REASONS } from "../../app/domain/credentials";

const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

// ---------------------------------------------------------------------------------------------
// Organisations (tenants)

export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    logo: text("logo"),
    logoSmall: text("logo_small"),
    region: text("region").notNull().default("ES"),
    /** Shared secret that puts a sign-up into this organisation (SPEC 3: "signup_token (from a uuid)"). */
    signupToken: text("signup_token").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    isMiniProfile: integer("is_mini_profile", { mode: "boolean" }).notNull().default(false),
    /** Public organisations are offered on the organisation-choice step of sign-up. */
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    /** product_config.community: features, cover, onboarding, donation currency... (JSON) */
    communityConfig: text("community_config").notNull().default("{}"),
    /** product_config.general: contact_email, password_policy... (JSON) */
    generalConfig: text("general_config").notNull().default("{}"),
    /** Version of the organisation's volunteering policy; members accept it once per version. */
    orgTermsVersion: integer("org_terms_version").notNull().default(0),
    orgTermsUrl: text("org_terms_url"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("organizations_slug_uq").on(t.slug),
    uniqueIndex("organizations_signup_token_uq").on(t.signupToken),
  ],
);

/** Custom hostnames (acme.localhost, volunteering.acme.com) that resolve to one organisation. */
export const organizationHostnames = sqliteTable("organization_hostnames", {
  hostname: text("hostname").primaryKey(),
  orgId: text("org_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
});

/**
 * E-mail domains whose owners belong to an organisation (sign-up puts them there). A domain the
 * organisation has proven by a DNS TXT record (verified_at, as hostnames are proven) is also a
 * verified claim for its SSO provider: only then may the provider link an existing account on it
 * (decision 029).
 */
export const organizationEmailDomains = sqliteTable(
  "organization_email_domains",
  {
    domain: text("domain").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The value the TXT record must hold; given when the row is made (trigger of migrations/0026). */
    token: text("token"),
    /** Why the last check did not prove it (email_domain_check_{code}). */
    lastError: text("last_error"),
    checkedAt: integer("checked_at"),
    verifiedAt: integer("verified_at"),
  },
  (t) => [index("organization_email_domains_org_idx").on(t.orgId)],
);

/** An OpenID Connect provider that members of an organisation sign in with. */
export const ssoProviders = sqliteTable(
  "sso_providers",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Path segment of /auth/sso/{provider}/...; unique per organisation. */
    provider: text("provider").notNull(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    /** Confidential clients only; public clients rely on PKCE alone. */
    clientSecret: text("client_secret"),
    scopes: text("scopes").notNull().default("openid email profile"),
    /** When set, members of this organisation must sign in through this provider (lookup answers sso_popup). */
    enforced: integer("enforced", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sso_providers_org_provider_uq").on(t.orgId, t.provider)],
);

/**
 * A custom hostname an organisation's administrators add (issue 15, point 4): pending until a DNS
 * TXT record proves they control it, then served (organization_hostnames gets it) and, where a
 * hostname service is configured, given a TLS certificate there (workers/hostnames/).
 */
export const HOSTNAME_STATUSES = ["pending", "verified"] as const;
export const hostnameClaims = sqliteTable(
  "hostname_claims",
  {
    hostname: text("hostname").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The value the TXT record must hold. */
    token: text("token").notNull(),
    status: text("status", { enum: HOSTNAME_STATUSES }).notNull().default("pending"),
    /** The hostname service's id for it (Cloudflare for SaaS), and its certificate's state there. */
    externalId: text("external_id"),
    tlsStatus: text("tls_status"),
    /** Why the last check did not prove it, in a code the screen words (hostname_check_{code}). */
    lastError: text("last_error"),
    checkedAt: integer("checked_at"),
    verifiedAt: integer("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("hostname_claims_org_idx").on(t.orgId)],
);

/**
 * An administrator's "test sign-in" through an SSO provider (issue 15, point 4): started with the
 * round trip's state, finished by the callback, which records what happened instead of signing
 * anyone in.
 */
export const SSO_TEST_STATUSES = ["started", "succeeded", "failed"] as const;
export const ssoTests = sqliteTable(
  "sso_tests",
  {
    id: text("id").primaryKey(),
    state: text("state").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => ssoProviders.id, { onDelete: "cascade" }),
    actorMemberId: text("actor_member_id").notNull(),
    status: text("status", { enum: SSO_TEST_STATUSES }).notNull().default("started"),
    /** Why it failed (sso_test_{code} on the screen). */
    code: text("code"),
    /** What the provider said: the claims received, or the error's technical text. JSON. */
    detail: text("detail").notNull().default("{}"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at"),
  },
  (t) => [uniqueIndex("sso_tests_state_uq").on(t.state)],
);

/** Platform (product) terms; the newest version is the one members must accept. */
export const platformTerms = sqliteTable("platform_terms", {
  version: integer("version").primaryKey(),
  url: text("url").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Members, memberships, profiles

export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    /** Always stored lowercased and trimmed. */
    email: text("email").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until the member chooses one. */
    passwordHash: text("password_hash"),
    emailConfirmedAt: integer("email_confirmed_at"),
    language: text("language").notNull().default("en-US"),
    /** Platform terms version last accepted (0 = never). */
    lastTermsAcceptedVersion: integer("last_terms_accepted_version").notNull().default(0),
    /** Password of the member's chat account; null until the chat account exists (SPEC 4 "Chat"). */
    chatPassword: text("chat_password"),
    disabledAt: integer("disabled_at"),
    /**
     * Deletion of the account (issue 28, point 6; docs/decisions/030): asked for at this instant, by
     * the member or an administrator (deletion_requested_by), and erased by the scheduled sweep
     * once the grace period is over unless the member signs in before. An erased account keeps
     * its row (erased_at) so that its validated hours still count, without a name or an e-mail.
     */
    deletionRequestedAt: integer("deletion_requested_at"),
    deletionRequestedBy: text("deletion_requested_by"),
    erasedAt: integer("erased_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_email_uq").on(t.email), index("members_deletion_idx").on(t.deletionRequestedAt)],
);

/** The organisation's roles, and "system" for the platform's own actor. */
export const MEMBER_ROLES = [...ORGANISATION_ROLES, "system"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A member belongs to one or more organisations; the role is per organisation. */
export const memberships = sqliteTable(
  "memberships",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    /** Organisation policy version last accepted (0 = never). */
    orgTermsAcceptedVersion: integer("org_terms_accepted_version").notNull().default(0),
    /** Onboarding version completed (SPEC 4: version 5). */
    onboardingCompletedVersion: integer("onboarding_completed_version").notNull().default(0),
    /** The member's manager (approves attendance when the organisation requires it). */
    managerMemberId: text("manager_member_id"),
    /**
     * Where the member works, for the impact ledger (issue 30; docs/impact-reporting.md): country (ISO 3166-1
     * alpha-2), site or business unit, and grade, set by an administrator. They choose the rate an
     * hour of the member's time is valued at (impact_rates) and the report's breakdowns.
     */
    country: text("country"),
    site: text("site"),
    grade: text("grade"),
    /**
     * Where the member sorts in the staff list (decision 043): lower(profile name), or lower(e-mail)
     * without a profile. Never written by the app: the triggers of migrations/0022 keep it in step
     * with every insert and change of the membership, the profile's name and the e-mail, inside the
     * statement that makes the change.
     */
    sortKey: text("sort_key").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.memberId] }),
    index("memberships_member_idx").on(t.memberId),
    // The members list by name, keyset on (sort_key, member_id); by role, and the line managers (decision 043).
    index("memberships_org_sort_idx").on(t.orgId, t.sortKey, t.memberId),
    index("memberships_org_role_sort_idx").on(t.orgId, t.role, t.sortKey, t.memberId),
  ],
);

/**
 * How many members an organisation has in each role (decision 043): the members list's total,
 * read from a few rows instead of counting the organisation. Kept by the triggers of
 * migrations/0022 on every insert, removal and role change of a membership; never written by the app.
 */
export const membershipCounts = sqliteTable(
  "membership_counts",
  {
    orgId: text("org_id").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    members: integer("members").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.role] })],
);

export const profiles = sqliteTable(
  "profiles",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Public slug of the member (responsible profile links). */
    slug: text("slug").notNull(),
    /** R2 key of the avatar image. */
    avatarKey: text("avatar_key"),
    /** E.164 ("+34612345678") or null; unique within each organisation of the member (memberPhones). */
    phone: text("phone"),
    /** JSON map network -> handle, e.g. {"linkedin":"ana-garcia"} */
    social: text("social").notNull().default("{}"),
    commercialCommsAccepted: integer("commercial_comms_accepted", { mode: "boolean" })
      .notNull()
      .default(false),
    /** E-mails about the member's own participation (validations, pledges, approvals): on unless switched off. */
    participationEmails: integer("participation_emails", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("profiles_slug_uq").on(t.slug)],
);

/**
 * profiles.phone once per organisation of the member, so that a unique index can refuse a second
 * member of one organisation with the same number (docs/decisions/008). Written only by the triggers
 * of migrations/0005_member_phones.sql, on every insert or phone change of a profile and every new
 * membership; never by the application.
 */
export const memberPhones = sqliteTable(
  "member_phones",
  {
    orgId: text("org_id").notNull(),
    memberId: text("member_id").notNull(),
    phone: text("phone").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.memberId] }),
    foreignKey({ columns: [t.orgId, t.memberId], foreignColumns: [memberships.orgId, memberships.memberId] }).onDelete("cascade"),
    uniqueIndex("member_phones_org_phone_uq").on(t.orgId, t.phone),
    index("member_phones_member_idx").on(t.memberId),
  ],
);

/** Onboarding answers; per organisation because fields such as machine_number are employer-specific. */
export const profileDetails = sqliteTable(
  "profile_details",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    address: text("address"),
    professionalExperience: text("professional_experience"),
    volunteeringExperience: text("volunteering_experience"),
    socialWorkMotivations: text("social_work_motivations"),
    talentsAndSkills: text("talents_and_skills"),
    education: text("education"),
    technicalSkills: text("technical_skills"),
    leadershipSkills: text("leadership_skills"),
    alias: text("alias"),
    machineNumber: text("machine_number"),
    relationWithOrg: text("relation_with_org"),
    tshirtSize: text("tshirt_size"),
    specificTrainingCapCcp: integer("specific_training_cap_ccp", { mode: "boolean" }),
    specificTrainingFirstAid: integer("specific_training_first_aid", { mode: "boolean" }),
    specificTrainingReceivedVolunteeringTraining: integer(
      "specific_training_received_volunteering_training",
      { mode: "boolean" },
    ),
    specificTrainingReceivedVolunteeringTrainingWhere: text(
      "specific_training_received_volunteering_training_where",
    ),
    /** JSON string arrays */
    availabilityPreferredLocation: text("availability_preferred_location").notNull().default("[]"),
    availabilityDays: text("availability_days").notNull().default("[]"),
    /** HH:mm */
    availabilityHoursStart: text("availability_hours_start"),
    availabilityHoursEnd: text("availability_hours_end"),
    availabilityAndMobility: text("availability_and_mobility"),
    volunteeringMotivationReason: text("volunteering_motivation_reason").notNull().default("[]"),
    motivationsAndExpectations: text("motivations_and_expectations"),
    /** YYYY-MM-DD */
    dateOfBirth: text("date_of_birth"),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId] })],
);

// ---------------------------------------------------------------------------------------------
// Lookups. Names are translated by the app (i18n keys from the slug); only slugs live here.

export const sdgs = sqliteTable("sdgs", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
});

export const categories = sqliteTable("categories", {
  slug: text("slug").primaryKey(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const competences = sqliteTable("competences", {
  slug: text("slug").primaryKey(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const targetAudiences = sqliteTable("target_audiences", {
  slug: text("slug").primaryKey(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Groups are the organisation's own (teams, offices), so they carry a name. */
export const publicUserGroups = sqliteTable(
  "public_user_groups",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("public_user_groups_org_slug_uq").on(t.orgId, t.slug)],
);

export const memberUserGroups = sqliteTable(
  "member_user_groups",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => publicUserGroups.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] })],
);

/** Member choices of categories and target audiences, per organisation (onboarding steps 3 and 4). */
export const memberCategories = sqliteTable(
  "member_categories",
  {
    orgId: text("org_id").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId, t.categorySlug] })],
);

export const memberTargetAudiences = sqliteTable(
  "member_target_audiences",
  {
    orgId: text("org_id").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    targetAudienceSlug: text("target_audience_slug")
      .notNull()
      .references(() => targetAudiences.slug),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId, t.targetAudienceSlug] })],
);

/** Competences a member has (proposal skills choices come from these). */
export const memberCompetences = sqliteTable(
  "member_competences",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    competenceSlug: text("competence_slug")
      .notNull()
      .references(() => competences.slug),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.competenceSlug] })],
);

// ---------------------------------------------------------------------------------------------
// Initiatives

export const INITIATIVE_TYPES = [
  "volunteering",
  "training",
  "donation",
  "collection",
  "informative",
] as const;
export const INITIATIVE_STATUSES = ["open", "suspended", "canceled"] as const;
export const PARTICIPATION_METHODS = ["qr", "report_hours"] as const;

/**
 * The wall reads initiatives that started within this span before now by their start time, and
 * older ones still running through initiatives_wall_long_idx, whose rows last longer (issue 26).
 * Written into the index's condition: changing it needs a migration.
 */
export const WALL_RECENT_SPAN_MS = 31 * 86_400_000;
/** Lasts longer than WALL_RECENT_SPAN_MS, or has no start or no end: the condition of initiatives_wall_long_idx. */
export const LONG_INITIATIVE = sql.raw(`(start_time is null or end_time is null or end_time - start_time > ${WALL_RECENT_SPAN_MS})`);

/** The B4SI motivation classes (issue 30; docs/impact-reporting.md). */
export const MOTIVATIONS = IMPACT_MOTIVATIONS;
export { TIME_BASES };

export const initiatives = sqliteTable(
  "initiatives",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    address: text("address"),
    addressDetail: text("address_detail"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** How close the pin is to the address, as the geocoder found it (issue 28); null: unknown or set before it was kept. */
    locationPrecision: text("location_precision", { enum: PRECISIONS }),
    image: text("image"),
    type: text("type", { enum: INITIATIVE_TYPES }).notNull(),
    subtype: text("subtype"),
    status: text("status", { enum: INITIATIVE_STATUSES }).notNull().default("open"),
    startTime: integer("start_time"),
    endTime: integer("end_time"),
    registrationEndTime: integer("registration_end_time"),
    /** JSON string array of free tags */
    tags: text("tags").notNull().default("[]"),
    isInPerson: integer("is_in_person", { mode: "boolean" }).notNull().default(false),
    isRemote: integer("is_remote", { mode: "boolean" }).notNull().default(false),
    remoteUrl: text("remote_url"),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    points: integer("points").notNull().default(0),
    program: text("program"),
    /** Negative means unlimited (SPEC 3). */
    maxParticipants: integer("max_participants").notNull().default(-1),
    /** Kept in step with accepted participations, so the wall never counts rows. */
    participantCount: integer("participant_count").notNull().default(0),
    isWorkingHours: integer("is_working_hours", { mode: "boolean" }).notNull().default(false),
    /**
     * Why the company runs it (issue 30, B4SI "why"): a charitable gift, a community investment or a
     * commercial initiative in the community. Where it happens: a country (ISO 3166-1 alpha-2), or
     * null when it has none (remote), and then each participant's hours count in their own country.
     */
    motivation: text("motivation", { enum: MOTIVATIONS }).notNull().default("community_investment"),
    country: text("country"),
    minorsAllowed: integer("minors_allowed", { mode: "boolean" }).notNull().default(false),
    feedbackUrl: text("feedback_url"),
    contactPerson: text("contact_person"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    submitterMemberId: text("submitter_member_id").references(() => members.id, {
      onDelete: "set null",
    }),
    participationMethod: text("participation_method", { enum: PARTICIPATION_METHODS })
      .notNull()
      .default("report_hours"),
    /** 0 = no daily cap on reported hours. */
    hoursPerDay: integer("hours_per_day").notNull().default(0),
    /**
     * The iCalendar SEQUENCE of the initiative's events (issue 29): raised, with updated_at, by the
     * trigger initiatives_calendar_sequence (migrations/0022) whenever a field a calendar shows
     * changes, whichever code path wrote it.
     */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("initiatives_org_slug_uq").on(t.orgId, t.slug),
    // The wall: one organisation's open initiatives, pinned first, by start time and id (the wall's
    // whole order, so no other index in start order looks cheaper to the planner).
    index("initiatives_wall_idx").on(t.orgId, t.status, t.pinned, t.startTime, t.id),
    index("initiatives_org_end_idx").on(t.orgId, t.endTime),
    // The initiatives an organiser submitted: where their queues start (managedInitiativeIds, decision 043).
    index("initiatives_org_submitter_idx").on(t.orgId, t.submitterMemberId),
    // The reminders' planner: every organisation's open initiatives starting soon (issue 29).
    index("initiatives_status_start_idx").on(t.status, t.startTime),
    // The wall's running initiatives that started more than WALL_RECENT_SPAN_MS ago (or have no
    // start or no end), by end: the few still running among every one that ever ended (issue 26,
    // workers/initiatives/lists.ts). The condition is LONG_INITIATIVE, which the wall repeats.
    index("initiatives_wall_long_idx").on(t.orgId, t.status, t.pinned, t.endTime).where(LONG_INITIATIVE),
    // The staff list of initiatives, newest start first, in keyset pages (workers/manage/initiatives.ts).
    index("initiatives_org_start_idx").on(t.orgId, t.startTime, t.id),
    // An organiser's initiatives in that list: those they submitted (and those naming them, initiative_organisers).
    index("initiatives_submitter_idx").on(t.submitterMemberId),
    // Also initiatives_org_closes_idx on (org_id, coalesce(registration_end_time, end_time)) for the
    // wall's past section: an expression index, hand-written in migrations/0004_initiatives.sql.
  ],
);

export const initiativeSdgs = sqliteTable(
  "initiative_sdgs",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    sdgId: integer("sdg_id")
      .notNull()
      .references(() => sdgs.id),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.sdgId] }), index("initiative_sdgs_sdg_idx").on(t.sdgId)],
);

export const initiativeCategories = sqliteTable(
  "initiative_categories",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.categorySlug] })],
);

export const initiativeCompetences = sqliteTable(
  "initiative_competences",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    competenceSlug: text("competence_slug")
      .notNull()
      .references(() => competences.slug),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.competenceSlug] })],
);

export const initiativeTargetAudiences = sqliteTable(
  "initiative_target_audiences",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    targetAudienceSlug: text("target_audience_slug")
      .notNull()
      .references(() => targetAudiences.slug),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.targetAudienceSlug] })],
);

/** Partner entities shown on an initiative (name, slug, logo); scores are derived from ratings. */
export const collaborators = sqliteTable(
  "collaborators",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    logoSmall: text("logo_small"),
  },
  (t) => [uniqueIndex("collaborators_org_slug_uq").on(t.orgId, t.slug)],
);

export const initiativeCollaborators = sqliteTable(
  "initiative_collaborators",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    collaboratorId: text("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.collaboratorId] })],
);

export const INDICATOR_UNITS = [
  "kilogram",
  "kilometre",
  "litre",
  "number",
  "metre",
  "square-metre",
  "euro",
  "brl",
  // People a participation reached: the impact ledger's "beneficiaries reached" output (issue 30).
  "beneficiary",
] as const;

/**
 * A proposal being written (issue 12): the wizard's answers so far, kept on the server so they
 * survive a reload, going back and another device; one per member and organisation, dropped once sent.
 */
export const proposalDrafts = sqliteTable(
  "proposal_drafts",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** JSON: the wizard's fields, and the errors of the last send by field. */
    data: text("data").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId] })],
);

/**
 * When an organisation's staff were last sent a digest of one kind (issue 12: the proposals that
 * wait, at most every `proposal_digest_hours`), so the scheduled sweep sends each once.
 */
export const organizationDigests = sqliteTable(
  "organization_digests",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);

export const WAITLIST_STATUSES = ["waiting", "offered", "accepted", "expired", "left"] as const;

/**
 * A full initiative's waitlist (issue 11, point 8). `position` orders the queue (staff may reorder
 * it); the first waiting entry is offered a freed place until `offer_expires_at`, then the offer
 * passes to the next. One row per member and initiative: joining again reuses it.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    position: integer("position").notNull(),
    offeredAt: integer("offered_at"),
    offerExpiresAt: integer("offer_expires_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("waitlist_entries_member_uq").on(t.initiativeId, t.memberId),
    index("waitlist_entries_queue_idx").on(t.initiativeId, t.status, t.position),
    // The sweep of offers that ran out (the scheduled handler).
    index("waitlist_entries_expiry_idx").on(t.status, t.offerExpiresAt),
  ],
);

/**
 * The members named organisers of an initiative (issue 11), besides the one who created it
 * (initiatives.submitter_member_id): an organiser manages these initiatives and no others.
 */
export const initiativeOrganisers = sqliteTable(
  "initiative_organisers",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.memberId] }), index("initiative_organisers_member_idx").on(t.orgId, t.memberId)],
);

export const indicators = sqliteTable(
  "indicators",
  {
    id: text("id").primaryKey(),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    unit: text("unit", { enum: INDICATOR_UNITS }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("indicators_initiative_idx").on(t.initiativeId)],
);

export const DONATION_SOURCES = ["transfer", "inhand", "external", "paypal"] as const;

/** donation_params of SPEC 3, one row per donation initiative. */
export const donationParams = sqliteTable("donation_params", {
  initiativeId: text("initiative_id")
    .primaryKey()
    .references(() => initiatives.id, { onDelete: "cascade" }),
  currency: text("currency").notNull(),
  /** Minor units; null = no target. */
  targetAmount: integer("target_amount"),
  showTargetAmount: integer("show_target_amount", { mode: "boolean" }).notNull().default(false),
  /** JSON array of DONATION_SOURCES */
  sources: text("sources").notNull().default("[]"),
  externalUrl: text("external_url"),
  paypalClientId: text("paypal_client_id"),
  inhandInstructions: text("inhand_instructions"),
  transferBankName: text("transfer_bank_name"),
  transferRecipient: text("transfer_recipient"),
  transferIban: text("transfer_iban"),
  transferSwift: text("transfer_swift"),
  transferConcept: text("transfer_concept"),
  /** Brazilian transfer set, used when the organisation's region is BR. */
  brTransferBank: text("br_transfer_bank"),
  brTransferAgency: text("br_transfer_agency"),
  brTransferAccount: text("br_transfer_account"),
  brTransferCpf: text("br_transfer_cpf"),
  brTransferCnpj: text("br_transfer_cnpj"),
  brTransferGuidelines: text("br_transfer_guidelines"),
  taxDeductible: integer("tax_deductible", { mode: "boolean" }).notNull().default(false),
});

// ---------------------------------------------------------------------------------------------
// Taking part

export const PARTICIPANT_STATUSES = ["pending", "accepted", "rejected", "not_going"] as const;
export const MANAGER_APPROVAL_STATUSES = ["not_needed", "pending", "approved", "rejected"] as const;

export const participations = sqliteTable(
  "participations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** participant_uuid of SPEC 3: what the QR code of method qr carries. */
    uuid: text("uuid").notNull(),
    status: text("status", { enum: PARTICIPANT_STATUSES }).notNull(),
    managerApprovalStatus: text("manager_approval_status", { enum: MANAGER_APPROVAL_STATUSES })
      .notNull()
      .default("not_needed"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("participations_initiative_member_uq").on(t.initiativeId, t.memberId),
    uniqueIndex("participations_uuid_uq").on(t.uuid),
    index("participations_member_idx").on(t.orgId, t.memberId, t.status),
    // The staff summary's attendance waiting for approval (workers/manage/summary.ts): what waits only.
    index("participations_org_approval_idx").on(t.orgId, t.managerApprovalStatus, t.status),
  ],
);

/**
 * Who decided on something a member sent (a record, a pledge, an upload), when, and why when it was
 * refused (issue 11): shown to the member and kept for the audit.
 */
const reviewColumns = () => ({
  reviewedBy: text("reviewed_by").references(() => members.id, { onDelete: "set null" }),
  reviewedAt: integer("reviewed_at"),
  rejectReason: text("reject_reason"),
});

export const RECORD_TYPES = ["hours", "indicator"] as const;
export const RECORD_STATUSES = ["pending", "validated", "rejected", "granted"] as const;

export const participationRecords = sqliteTable(
  "participation_records",
  {
    id: text("id").primaryKey(),
    participationId: text("participation_id")
      .notNull()
      .references(() => participations.id, { onDelete: "cascade" }),
    type: text("type", { enum: RECORD_TYPES }).notNull(),
    hours: integer("hours"),
    value: integer("value"),
    unit: text("unit"),
    indicatorId: text("indicator_id").references(() => indicators.id, { onDelete: "set null" }),
    status: text("status", { enum: RECORD_STATUSES }).notNull().default("pending"),
    ...reviewColumns(),
    /**
     * A check-in by QR or typed code (issue 11, point 4): the organisation's calendar day it was made
     * on (YYYY-MM-DD). One per participation and day: a second scan, or an offline check-in synced
     * twice, finds this row instead of writing another.
     */
    checkinDay: text("checkin_day"),
    /**
     * Paid working time or the member's own time (issue 30): null follows the initiative's
     * is_working_hours; an administrator may correct it (impact_time_basis audit entry).
     */
    timeBasis: text("time_basis", { enum: TIME_BASES }),
    createdAt: createdAt(),
  },
  (t) => [
    index("participation_records_participation_idx").on(t.participationId),
    // What waits per participation, on an index of what waits only (the staff list's pending_count,
    // workers/manage/initiatives.ts). Partial: a status column on the index above made the social
    // CV's IN (validated, granted) seek twice per participation.
    index("participation_records_pending_idx").on(t.participationId).where(sql`status = 'pending'`),
    uniqueIndex("participation_records_checkin_uq").on(t.participationId, t.checkinDay).where(sql`checkin_day IS NOT NULL`),
    // The staff validation queue: what waits, oldest first.
    index("participation_records_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Rollups of counted hours (COUNTED_HOURS, workers/reports/counted-hours.ts) for the ranking
 * (issue 26; docs/decisions/037). Never written by the app: SQLite triggers in
 * migrations/0017_hour_rollups.sql keep them in step inside every write to participation_records,
 * participations, members and organizations.region; `npm run rollups:rebuild` rebuilds them from
 * the records (scripts/hour-rollups-sql.mjs).
 *
 * Counted hours per member of an organisation, per period: 0 for all time, else the calendar year
 * in the organisation's zone (the year the record's created_at falls in, read with the zone's
 * offset at New Year: region_year_offsets). A row exists only while its sum is not 0.
 */
export const memberHourTotals = sqliteTable(
  "member_hour_totals",
  {
    memberId: text("member_id").notNull(),
    orgId: text("org_id").notNull(),
    period: integer("period").notNull(),
    hours: integer("hours").notNull(),
    /** 1 while the member's account is not disabled: only listed rows rank (members.disabled_at is null). */
    listed: integer("listed").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.orgId, t.period] }),
    // The top of the ranking: one organisation's period, most hours first.
    index("member_hour_totals_rank_idx").on(t.orgId, t.period, t.listed, t.hours),
  ],
);

/**
 * How many listed members of an organisation have exactly `hours` counted in a period (hours > 0):
 * a member's rank is 1 + the members of the totals above theirs, read from the few distinct totals.
 */
export const hourTotalCounts = sqliteTable(
  "hour_total_counts",
  {
    orgId: text("org_id").notNull(),
    period: integer("period").notNull(),
    hours: integer("hours").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.period, t.hours] })],
);

/**
 * Local time minus UTC (ms) at New Year in each region's zone (app/domain/zoned-time.ts): all five
 * have a fixed offset then, so a record's calendar year is the UTC year of created_at + offset.
 * Regions not listed read as UTC (offset 0), as regionZone does.
 */
export const regionYearOffsets = sqliteTable("region_year_offsets", {
  region: text("region").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
});

/**
 * Rollups of the administrators' dashboard (workers/admin/metrics.ts; issue 26; docs/decisions/041).
 * Never written by the app: SQLite triggers in migrations/0020_dashboard_rollups.sql keep them in
 * step inside every write to the records, participations, contributions, memberships, members,
 * groups, initiative SDGs and indicators; `npm run rollups:rebuild` rebuilds them from those
 * (scripts/dashboard-rollups-sql.mjs). Months are UTC calendar months, numbered year * 12 + month - 1,
 * as the dashboard's periods are UTC days.
 *
 * What the dashboard sums, per organisation, figure, month and item (an SDG, a unit, a currency),
 * for the whole organisation (scope '') and for each of its groups (scope = the group's id):
 * `value` is the sum, `n` how many rows it sums. Month 0 holds the figures that are no period's
 * (members, active members). A row exists only while value or n is not 0.
 */
export const dashboardMonthFigures = sqliteTable(
  "dashboard_month_figures",
  {
    orgId: text("org_id").notNull(),
    figure: text("figure").notNull(),
    month: integer("month").notNull(),
    scope: text("scope").notNull(),
    item: text("item").notNull(),
    value: integer("value").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.figure, t.month, t.scope, t.item] })],
);

/**
 * The months in which a member gave counted hours (dim '': records with hours above 0) or counted
 * hours to an SDG (dim 'sdg:N'), with how many records: what the distinct participants are counted from.
 */
export const dashboardMemberMonths = sqliteTable(
  "dashboard_member_months",
  {
    orgId: text("org_id").notNull(),
    memberId: text("member_id").notNull(),
    dim: text("dim").notNull(),
    month: integer("month").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId, t.dim, t.month] })],
);

/**
 * Distinct participants by month: `members` is how many members were active (dashboard_member_months)
 * in `month` and in no month from `since` up to it. The members active in months [A, B] are then the
 * sum over months A..B of the cells with since = A: at most 37 rows. Kept for since within 36
 * months of month (the longest period the dashboard answers).
 */
export const dashboardParticipantCells = sqliteTable(
  "dashboard_participant_cells",
  {
    orgId: text("org_id").notNull(),
    since: integer("since").notNull(),
    dim: text("dim").notNull(),
    scope: text("scope").notNull(),
    month: integer("month").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.since, t.dim, t.scope, t.month] })],
);

/** 0 to 36: the months back a participant cell is kept for (the triggers read it; no SQL loops in a trigger). */
export const dashboardMonthOffsets = sqliteTable("dashboard_month_offsets", {
  n: integer("n").primaryKey(),
});

export const interests = sqliteTable(
  "interests",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.memberId] }), index("interests_member_idx").on(t.memberId)],
);

/** One rating per member and initiative: stars from 0.5 to 5 in half steps, stored as-is. */
export const scores = sqliteTable(
  "scores",
  {
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    initiativeScore: real("initiative_score"),
    organizationScore: real("organization_score"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.initiativeId, t.memberId] })],
);

export const CONTRIBUTION_STATUSES = ["pending", "confirmed", "rejected"] as const;

export const contributions = sqliteTable(
  "contributions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    source: text("source", { enum: DONATION_SOURCES }).notNull(),
    /** Source-specific data (PayPal order id...), JSON. */
    params: text("params").notNull().default("{}"),
    anonymous: integer("anonymous", { mode: "boolean" }).notNull().default(false),
    comment: text("comment"),
    status: text("status", { enum: CONTRIBUTION_STATUSES }).notNull().default("pending"),
    /** 4 characters from a 32-character alphabet, quoted in the transfer concept. */
    confirmationCode: text("confirmation_code"),
    idempotencyKey: text("idempotency_key"),
    ...reviewColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contributions_initiative_idx").on(t.initiativeId),
    index("contributions_org_status_idx").on(t.orgId, t.status, t.createdAt),
    uniqueIndex("contributions_idempotency_uq").on(t.memberId, t.idempotencyKey),
    // A member's own pledges in an organisation ("my initiatives", workers/initiatives/lists.ts).
    index("contributions_org_member_idx").on(t.orgId, t.memberId),
  ],
);

export const ATTACHMENT_STATUSES = ["pending", "published", "rejected"] as const;

export const attachments = sqliteTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ATTACHMENT_KINDS }).notNull(),
    filename: text("filename").notNull(),
    mimetype: text("mimetype").notNull(),
    size: integer("size").notNull(),
    /** Server-generated R2 key; never derived from the client's filename. */
    r2Key: text("r2_key").notNull(),
    /** Uploads by members wait for the organiser ("pending") before everyone sees them; a refused one stays with its uploader. */
    status: text("status", { enum: ATTACHMENT_STATUSES }).notNull().default("pending"),
    ...reviewColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_initiative_idx").on(t.initiativeId, t.kind, t.status),
    index("attachments_org_status_idx").on(t.orgId, t.status, t.createdAt),
  ],
);

export const PROPOSAL_STATUSES = ["proposed", "open", "rejected"] as const;

export const proposals = sqliteTable(
  "proposals",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: text("type", { enum: INITIATIVE_TYPES }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    startTime: integer("start_time"),
    endTime: integer("end_time"),
    isInPerson: integer("is_in_person", { mode: "boolean" }).notNull().default(false),
    address: text("address"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** As on initiatives: copied to the initiative made from the proposal. */
    locationPrecision: text("location_precision", { enum: PRECISIONS }),
    isRemote: integer("is_remote", { mode: "boolean" }).notNull().default(false),
    remoteUrl: text("remote_url"),
    /** JSON arrays of SDG ids and competence slugs */
    sdgs: text("sdgs").notNull().default("[]"),
    competences: text("competences").notNull().default("[]"),
    helpOrganize: integer("help_organize", { mode: "boolean" }).notNull().default(false),
    maxParticipants: integer("max_participants"),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("proposed"),
    rejectReason: text("reject_reason"),
    /** The moderator who decided, and when (issue 12). */
    reviewedBy: text("reviewed_by").references(() => members.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    /** The initiative made from it when it was approved. */
    initiativeId: text("initiative_id").references(() => initiatives.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("proposals_member_idx").on(t.orgId, t.memberId, t.createdAt),
    // The moderators' queue: what waits in one organisation, oldest first.
    index("proposals_queue_idx").on(t.orgId, t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Authentication

/** A session is one refresh-token family: reuse of a rotated token revokes the session. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** Absolute lifetime: no refresh extends a session past this instant. */
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    revokedReason: text("revoked_reason"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_member_idx").on(t.memberId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    /** Set when rotated; presenting a used token again is reuse. */
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** `invite`: a new account's invitation (its first password); `join`: an existing account's invitation. */
export const EMAIL_TOKEN_PURPOSES = ["email_confirmation", "password_reset", "invite", "join"] as const;

/** Single-use links sent by e-mail; stored hashed. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The organisation the link was sent for (its password policy and hostname apply). */
    orgId: text("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_member_idx").on(t.memberId, t.purpose)],
);

/** OIDC round trips in flight: state, nonce and PKCE verifier, each used once. */
export const ssoStates = sqliteTable("sso_states", {
  state: text("state").primaryKey(),
  providerId: text("provider_id")
    .notNull()
    .references(() => ssoProviders.id, { onDelete: "cascade" }),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  redirectPath: text("redirect_path").notNull().default(""),
  app: text("app").notNull().default("web"),
  /** Set when a signed-in member links their own account to the provider ("use my Acme sign-in"). */
  linkMemberId: text("link_member_id").references(() => members.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
  createdAt: createdAt(),
});

/**
 * A member's account at an identity provider: the issuer and its `sub` claim, as they were when the
 * link was made. A provider whose issuer is changed afterwards no longer matches its old links.
 */
export const ssoIdentities = sqliteTable(
  "sso_identities",
  {
    providerId: text("provider_id")
      .notNull()
      .references(() => ssoProviders.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull().default(""),
    subject: text("subject").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] })],
);

/**
 * A member's secret calendar feed in one organisation (issue 29): GET /calendar/{token}.ics on the
 * organisation's host. The token is an HMAC of a random seed under TOKEN_SECRET, so that the
 * settings page can show the URL again; only the seed and the token's SHA-256 (the lookup) are kept,
 * and neither yields the URL without the secret (docs/decisions/044). Regenerating replaces the
 * seed (the old URL stops at once); turning the feed off deletes the row.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenSeed: text("token_seed").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Also the informative initiatives the member showed interest in. */
    includeInterests: integer("include_interests", { mode: "boolean" }).notNull().default(false),
    /** When the token or the setting last changed: the feed's Last-Modified is never older. */
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId] }), uniqueIndex("calendar_feeds_token_uq").on(t.tokenHash)],
);

/** Fixed-window counters for rate limits (D1 is consistent; KV is not). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

// ---------------------------------------------------------------------------------------------
// E-mail and background work

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** JSON array of the links the message carries (the dev mailbox shows them). */
    links: text("links").notNull().default("[]"),
    /** JSON array of {filename, content_type, content} (content as text: a calendar file); [] for none. */
    attachments: text("attachments").notNull().default("[]"),
    /** outbox = kept locally only; sent / failed = handed to the HTTP provider */
    status: text("status", { enum: ["outbox", "sent", "failed"] }).notNull().default("outbox"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);

/** A background task moves through the certificate's states (SPEC 4 "Background tasks"): one list. */
export const TASK_STATUSES = CERTIFICATE_STATUSES;

/** Slow jobs run by the queue consumer; clients poll the status (SPEC 4 "Background tasks"). */
export const backgroundTasks = sqliteTable(
  "background_tasks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("created"),
    /** JSON input and result (e.g. the R2 key of a generated PDF). */
    input: text("input").notNull().default("{}"),
    result: text("result"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("background_tasks_member_idx").on(t.memberId, t.kind)],
);

// ---------------------------------------------------------------------------------------------
// The web app's sessions (DESIGN.md "Sessions"): the browser holds only an opaque id in an HttpOnly
// cookie; the API tokens it stands for stay here, sealed with AES-GCM, and never reach JavaScript.

export const webSessions = sqliteTable("web_sessions", {
  /** SHA-256 of the cookie value. */
  id: text("id").primaryKey(),
  accessToken: text("access_token").notNull(),
  accessExpiresAt: integer("access_expires_at").notNull(),
  refreshToken: text("refresh_token").notNull(),
  /** Single-flight refresh: the request that set this refreshes; others wait for its result. */
  refreshingUntil: integer("refreshing_until"),
  expiresAt: integer("expires_at").notNull(),
  createdAt: createdAt(),
  /**
   * The Auth session and member the tokens stand for (migration 0006): a page reads the member's
   * identity with its web session in one batch instead of asking PUT /auth/identity. Null when the
   * tokens come from an upstream API (UPSTREAM_URL), whose tokens this Worker cannot read.
   */
  sessionId: text("session_id"),
  memberId: text("member_id"),
  /** The D1 Sessions API bookmark after the member's last write, so their next reads see it. */
  bookmark: text("bookmark"),
});

// ---------------------------------------------------------------------------------------------
// Chat (issue 5; docs/api/chat.md). Live delivery goes through Durable Objects; these tables are
// the truth: a client that missed events reads them back.

export const CHAT_CONVERSATION_TYPES = ["private"] as const;

export const chatConversations = sqliteTable(
  "chat_conversations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type", { enum: CHAT_CONVERSATION_TYPES }).notNull().default("private"),
    /** Private conversations: the two member ids, sorted, joined by " " (one conversation per pair). */
    pairKey: text("pair_key"),
    /** Denormalised from the newest message, so the chat list never scans messages. */
    lastMessageId: integer("last_message_id"),
    lastMessageAt: integer("last_message_at"),
    lastMessageContent: text("last_message_content"),
    lastMessageMemberId: text("last_message_member_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_conversations_pair_uq").on(t.orgId, t.pairKey)],
);

export const chatParticipants = sqliteTable(
  "chat_participants",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    /** Messages with a greater id, sent by someone else, are unread (0 = nothing read). */
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index("chat_participants_member_idx").on(t.orgId, t.memberId),
  ],
);

/**
 * Message ids are an integer sequence (one writer: D1), unlike the text ids elsewhere: they order the
 * history, are the `before` cursor of the history and the `after` cursor a reconnecting client sends.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orgId: text("org_id").notNull(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    senderMemberId: text("sender_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** The sender's temporary id: a resend after a lost acknowledgement returns the stored message. */
    clientId: text("client_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    uniqueIndex("chat_messages_client_uq").on(t.senderMemberId, t.clientId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Audit (DESIGN.md "Staff side"): every staff and admin action writes one row, in the same batch as
// the change it records.

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    /** Who acted; kept as text so the row outlives the member. */
    actorMemberId: text("actor_member_id").notNull(),
    /** What was done, e.g. record.validated, contribution.confirmed, attachment.rejected. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** JSON: what the action needs to be read later (the reason, the previous status...). */
    detail: text("detail").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_org_idx").on(t.orgId, t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    // The uses of API keys, the one kind of row that is pruned (workers/integrations/key-use-retention.ts).
    index("audit_log_key_use_idx").on(t.createdAt).where(sql`action = 'api_key.used'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The social CV's certificates (issue 13): each is a PDF rendered by the queue consumer
// (workers/social-cv/) and a public verification page. One row is both the background task
// (its ticket is the id) and, once completed, the signed statement the PDF and /verify/{id} show.

export const cvCertificates = sqliteTable(
  "cv_certificates",
  {
    /** Short and unguessable: the ticket, the PDF's short link and the verify page's address. */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status", { enum: CERTIFICATE_STATUSES }).notNull().default("created"),
    /** Render attempts made by the queue consumer. */
    attempts: integer("attempts").notNull().default(0),
    /** The member's language and timezone offset (minutes, as Date#getTimezoneOffset) when asked. */
    locale: text("locale").notNull(),
    timezoneOffset: integer("timezone_offset").notNull(),
    /** JSON: what the certificate states (name, organisation, hours, period, SDGs), fixed when rendered. */
    statement: text("statement"),
    /** HMAC of the statement: /verify tells a changed one from the one we issued. */
    signature: text("signature"),
    /** R2 key of the rendered PDF. */
    pdfKey: text("pdf_key"),
    /** Why the last attempt failed (for the logs; never shown to the member). */
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("cv_certificates_member_idx").on(t.orgId, t.memberId, t.createdAt)],
);

/**
 * Invitations to an organisation (issue 15, point 1; issue 25, point 1): one per organisation and
 * e-mail address, so inviting the same list twice invites nobody twice. Pending until the address's
 * owner accepts (accepted_at): a new account is created with the invitation (no password, no
 * membership until the invited member sets one at /invite/{token}); an existing account joins only
 * when its owner, signed in, accepts. The membership is written by the acceptance, never before.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Normalised (trimmed, lower case). */
    email: text("email").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    /** Who invited; kept as text so the row outlives them. */
    invitedBy: text("invited_by").notNull(),
    createdAt: createdAt(),
    acceptedAt: integer("accepted_at"),
  },
  (t) => [uniqueIndex("invitations_org_email_uq").on(t.orgId, t.email)],
);

export { EXPORT_KINDS, EXPORT_STATUSES };

/**
 * A staff export written by the queue (issue 26, point 2; docs/decisions/038-exports-as-jobs.md):
 * the filters it was asked with, where its keyset paging stands, how many rows are written of how
 * many, and, once ready, the CSV in R2 under exports/{org_id}/{id}.csv until `expires_at` (the
 * scheduled sweep deletes the file and the row after that). Only the member who asked sees it.
 */
export const exportJobs = sqliteTable(
  "export_jobs",
  {
    /** Unguessable: the screen polls it and downloads by it. */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EXPORT_KINDS }).notNull(),
    /** JSON: the list's filters, as validated when asked. */
    params: text("params").notNull().default("{}"),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    rowsDone: integer("rows_done").notNull().default(0),
    /** Counted by the first step; null until then. */
    rowsTotal: integer("rows_total"),
    /** The keyset position after the last row written (opaque to everyone but the kind's reader). */
    cursor: text("cursor"),
    /** Parts of the file written so far (one R2 object per step, joined into one file at the end). */
    parts: integer("parts").notNull().default(0),
    /** Steps run, and failed attempts of the current step. */
    attempts: integer("attempts").notNull().default(0),
    /** Why it failed (for the logs; the screen says only that it failed). */
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    /** After this the file is gone: the sweep deletes it and the row. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("export_jobs_member_idx").on(t.orgId, t.memberId, t.createdAt), index("export_jobs_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Reminders (issue 29, section 2; docs/decisions/045-reminders-exactly-once.md)

export const REMINDER_STATUSES = ["queued", "sent", "skipped", "failed"] as const;

/**
 * One row per reminder a member is due before an initiative: claimed by the scheduled planner with
 * INSERT OR IGNORE before it is queued, so a doubled or late cron never sends it twice. The key
 * holds the start time the reminder was planned for: an initiative that moves is reminded again
 * for its new time, and never twice for the old one.
 */
export const remindersSent = sqliteTable(
  "reminders_sent",
  {
    orgId: text("org_id").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    /** Minutes before the start (the organisation's offsets: 1440 and 120 by default). */
    offsetMinutes: integer("offset_minutes").notNull(),
    startTime: integer("start_time").notNull(),
    status: text("status", { enum: REMINDER_STATUSES }).notNull().default("queued"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.initiativeId, t.offsetMinutes, t.startTime] }),
    // Claims that stayed queued (a lost queue message) are sent again by the next run.
    index("reminders_sent_status_idx").on(t.status, t.createdAt),
  ],
);

/** The staff's morning digest: one row per organisation, staff member and local day, claimed before it is sent. */
export const staffDigestsSent = sqliteTable(
  "staff_digests_sent",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD in the organisation's zone. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId, t.day] })],
);

/**
 * What a member switched off, per topic (reminders, the staff digest) and channel (e-mail; push
 * later): a row means off, so a new channel or topic needs no migration and is on by default.
 */
export const notificationOptOuts = sqliteTable(
  "notification_opt_outs",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    channel: text("channel").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.topic, t.channel] })],
);

// ---------------------------------------------------------------------------------------------
// Web push (issue 29, section 3; docs/decisions/046-web-push-and-offline.md)

/**
 * One browser's push subscription for a member in an organisation (RFC 8030: the endpoint the push
 * service gave that browser, and its RFC 8291 keys). Removed when the push service answers 404 or
 * 410, when the member turns push off on that device, and when the Auth session it was made in
 * signs out.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The Auth session that subscribed: its sign-out removes the subscription (the device is no longer theirs). */
    sessionId: text("session_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_member_endpoint_uq").on(t.orgId, t.memberId, t.endpoint), index("push_subscriptions_session_idx").on(t.sessionId)],
);

/** Which notifications a member wants by push in an organisation; no row: all of them. */
export const pushPreferences = sqliteTable(
  "push_preferences",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** Waitlist offers and validation results. */
    participation: integer("participation", { mode: "boolean" }).notNull().default(true),
    /** Chat messages that arrive while the chat is closed. */
    chat: integer("chat", { mode: "boolean" }).notNull().default(true),
    /** Reminders before an initiative. */
    reminders: integer("reminders", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.memberId] })],
);

/** What the local fake push service received (development and tests; workers/push/fake.ts), readable at GET /dev/push. */
export const pushOutbox = sqliteTable("push_outbox", {
  id: text("id").primaryKey(),
  endpoint: text("endpoint").notNull(),
  /** The notification as JSON, before encryption (the fake has no browser key to decrypt with). */
  payload: text("payload").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// The impact ledger (issue 30; docs/impact-reporting.md, docs/decisions/048-impact-ledger-live-and-valued-by-date.md)

/** What a rate applies to: everyone (default), or the members of one country, site or grade (app/domain/impact.ts). */
export { RATE_KEY_TYPES as RATE_KEYS };

/**
 * The rate card: what an hour of a member's time is worth, in minor units of a currency, from a
 * year on (to a year, inclusive, or open). A rate of key `default` has value ''; a named public rate
 * (a national "value of volunteer time") is a rate with a name. The periods of one key never overlap
 * (workers/impact/rates.ts checks it when the card is saved).
 */
export const impactRates = sqliteTable(
  "impact_rates",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    keyType: text("key_type", { enum: RATE_KEY_TYPES }).notNull(),
    keyValue: text("key_value").notNull().default(""),
    /** Minor units per hour. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    name: text("name"),
    source: text("source").notNull(),
    fromYear: integer("from_year").notNull(),
    toYear: integer("to_year"),
    createdAt: createdAt(),
  },
  (t) => [index("impact_rates_org_idx").on(t.orgId, t.keyType, t.keyValue, t.fromYear)],
);

/** Hours staff spent running an initiative (B4SI "management costs"), on a day, by a member of staff. */
export const impactManagementHours = sqliteTable(
  "impact_management_hours",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    initiativeId: text("initiative_id")
      .notNull()
      .references(() => initiatives.id, { onDelete: "cascade" }),
    /** Whose time it was (valued with that member's rate); kept as text so the row outlives the member. */
    memberId: text("member_id").notNull(),
    hours: integer("hours").notNull(),
    /** The instant the hours are dated at (the rate in force then values them). */
    spentAt: integer("spent_at").notNull(),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("impact_management_hours_org_idx").on(t.orgId, t.spentAt),
    // A member's and an initiative's entries: what the impact rollups move when either changes (decision 058).
    index("impact_management_hours_member_idx").on(t.orgId, t.memberId),
    index("impact_management_hours_initiative_idx").on(t.initiativeId),
  ],
);

/**
 * Rollups of the impact ledger (workers/impact/ledger.ts; issue 30; docs/decisions/058). Never
 * written by the app: SQLite triggers in migrations/0032_impact_rollups.sql keep them in step inside
 * every write to the records, participations, initiatives, their SDGs and causes, memberships,
 * contributions, management hours and organizations.region; `npm run rollups:rebuild` rebuilds
 * them (scripts/impact-rollups-sql.mjs). Months are calendar months in the organisation's zone,
 * numbered year * 12 + month - 1.
 *
 * The ledger's rows summed per organisation, month and everything the report groups or values by:
 * kind, time basis ('working': the initiative's working hours, paid or own as the organisation
 * says at read time), the member's grade, site and country (they choose the rate, applied at read
 * time), where (the initiative's country, else the member's), motivation, unit and currency. Each
 * row is there once under dim '' (item ''), once per SDG of its initiative under dim 'sdg' and once
 * per cause under dim 'cause' (item '': none). '' stands for null in every key. A row exists only
 * while n is not 0.
 */
export const impactMonthSums = sqliteTable(
  "impact_month_sums",
  {
    orgId: text("org_id").notNull(),
    month: integer("month").notNull(),
    dim: text("dim").notNull(),
    item: text("item").notNull(),
    kind: text("kind").notNull(),
    basis: text("basis").notNull(),
    grade: text("grade").notNull(),
    site: text("site").notNull(),
    memberCountry: text("member_country").notNull(),
    country: text("country").notNull(),
    motivation: text("motivation").notNull(),
    unit: text("unit").notNull(),
    currency: text("currency").notNull(),
    hours: integer("hours").notNull(),
    quantity: integer("quantity").notNull(),
    amount: integer("amount").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.orgId, t.month, t.dim, t.item, t.kind, t.basis, t.grade, t.site, t.memberCountry, t.country, t.motivation, t.unit, t.currency],
    }),
  ],
);

/**
 * The months in which a member had a ledger row other than management (dim 'member') or an
 * initiative had any (dim 'initiative'), with how many: what the distinct participants and
 * initiatives are counted from, as the dashboard's participants are (decision 041).
 */
export const impactSubjectMonths = sqliteTable(
  "impact_subject_months",
  {
    orgId: text("org_id").notNull(),
    dim: text("dim").notNull(),
    subject: text("subject").notNull(),
    month: integer("month").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.dim, t.subject, t.month] })],
);

/**
 * `subjects`: how many members (or initiatives) were active in `month` and in no month from `since`
 * up to it. Those active in months [A, B] are the sum over months A..B of the cells with since = A.
 * Kept for since within 36 months of month (dashboard_month_offsets).
 */
export const impactSubjectCells = sqliteTable(
  "impact_subject_cells",
  {
    orgId: text("org_id").notNull(),
    dim: text("dim").notNull(),
    since: integer("since").notNull(),
    month: integer("month").notNull(),
    subjects: integer("subjects").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.dim, t.since, t.month] })],
);

/**
 * Local time minus UTC (ms) in each region's zone from instant `since` on, to the next row: every
 * change of offset from 1990 to 2100 (summer time included), with a first row for all time before.
 * The impact rollups read a record's month in the organisation's zone from it; a test checks it
 * against zoneOffset (app/domain/zoned-time.ts). Regions not listed read as UTC, as regionZone does.
 */
export const regionZoneOffsets = sqliteTable(
  "region_zone_offsets",
  {
    region: text("region").notNull(),
    since: integer("since").notNull(),
    offsetMs: integer("offset_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.since] })],
);

/**
 * A frozen report of a closed period (issue 30): its totals as they were, and the SHA-256 of its
 * evidence rows, so a later correction shows as a difference and never rewrites what was reported.
 */
export const impactSnapshots = sqliteTable(
  "impact_snapshots",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    periodFrom: integer("period_from").notNull(),
    periodTo: integer("period_to").notNull(),
    /** The report's totals as JSON (workers/impact/ledger.ts ImpactTotals). */
    totals: text("totals").notNull(),
    rowsHash: text("rows_hash").notNull(),
    rowCount: integer("row_count").notNull(),
    /** HMAC of the deployment's secret over the snapshot (workers/impact/snapshots.ts): a changed row no longer verifies. */
    signature: text("signature").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("impact_snapshots_org_idx").on(t.orgId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Verifiable credentials (issue 32; docs/credentials.md, docs/decisions/047): Open Badges 3.0
// credentials signed by the organisation's own Ed25519 key, revocable through its status list.

/**
 * An organisation's signing keys: one in use (retired_at null), the retired ones kept so that
 * credentials they signed still verify against the organisation's DID document. The private key is
 * sealed (AES-GCM, key derived from CREDENTIALS_KEY_SECRET) and never leaves the Worker.
 */
export const credentialIssuerKeys = sqliteTable(
  "credential_issuer_keys",
  {
    /** The key's id: the fragment of its verification method (did:web:host#id). */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The public key as a JWK (OKP, Ed25519): what the DID document lists. */
    publicJwk: text("public_jwk").notNull(),
    /** The private key as a JWK, sealed with CREDENTIALS_KEY_SECRET (workers/lib/crypto.ts seal). */
    sealedPrivateJwk: text("sealed_private_jwk").notNull(),
    createdAt: createdAt(),
    /** When an administrator replaced it: it signs nothing more, and still verifies. */
    retiredAt: integer("retired_at"),
  },
  (t) => [
    index("credential_issuer_keys_org_idx").on(t.orgId, t.createdAt),
    // One key in use per organisation: two first credentials at once cannot both make one.
    uniqueIndex("credential_issuer_keys_active_uq").on(t.orgId).where(sql`retired_at is null`),
  ],
);

/**
 * The credentials issued: one per participation's validated hours while in force (a new
 * validation supersedes it with a new one), and one roll-up per social CV certificate. `jwt` is the signed credential as issued (VC-JOSE);
 * `status_index` its bit in the organisation's Bitstring Status List.
 */
export const credentials = sqliteTable(
  "credentials",
  {
    /** Short and unguessable: the credential's URL (/verify/{id}) and its JSON download. */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    participationId: text("participation_id").references(() => participations.id, { onDelete: "set null" }),
    /** A social CV roll-up credential: the certificate (PDF) it was issued with; null for a participation's. */
    certificateId: text("certificate_id").references(() => cvCertificates.id, { onDelete: "set null" }),
    /** The hours it states: a later validation that changes them supersedes it. */
    hours: integer("hours").notNull(),
    /** The compact JWS (VC-JOSE) as signed. */
    jwt: text("jwt").notNull(),
    statusIndex: integer("status_index").notNull(),
    keyId: text("key_id").notNull(),
    issuedAt: integer("issued_at").notNull(),
    revokedAt: integer("revoked_at"),
    revokedReason: text("revoked_reason", { enum: CREDENTIAL_REVOCATION_REASONS }),
  },
  (t) => [
    uniqueIndex("credentials_status_index_uq").on(t.orgId, t.statusIndex),
    index("credentials_member_idx").on(t.orgId, t.memberId, t.issuedAt),
    // The credential in force of a participation: at most one.
    uniqueIndex("credentials_participation_active_uq").on(t.participationId).where(sql`revoked_at is null`),
    // One roll-up per certificate: a retried render finds the one it issued.
    uniqueIndex("credentials_certificate_uq").on(t.certificateId),
    // The status list: the revoked bits of one organisation.
    index("credentials_revoked_idx").on(t.orgId).where(sql`revoked_at is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Integrations (issue 31; docs/integrations.md, docs/decisions/050-api-keys-and-scim.md)

/**
 * An organisation's API key: what an HR system, a data warehouse or an identity provider (SCIM)
 * presents as `Authorization: Bearer cmk_<prefix>_<secret>`. Only the SHA-256 of the whole key is
 * kept (shown once, never stored); `prefix` finds the row and is what the list shows. Read from D1
 * on every request, never cached, so a revoked or expired key stops at once.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Public, random and unique: the key's first characters up to its secret (cmk_XXXXXXXXXXXX). */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    secretHash: text("secret_hash").notNull(),
    /** JSON array of API_KEY_SCOPES (app/domain/integrations.ts). */
    scopes: text("scopes").notNull(),
    /** The administrator who created it; kept as text so the row outlives them. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /** Exclusive: the key answers 401 from this instant; null never expires. */
    expiresAt: integer("expires_at"),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
    revokedBy: text("revoked_by"),
  },
  (t) => [uniqueIndex("api_keys_prefix_uq").on(t.prefix), index("api_keys_org_idx").on(t.orgId, t.createdAt)],
);

/**
 * A member as the organisation's identity provider knows them (SCIM 2.0, RFC 7643): its
 * `externalId`, and that SCIM manages them here. The row outlives a deactivation (active:false
 * removes the membership, not this row) so the provider can reactivate the same resource; a SCIM
 * DELETE removes it with the membership.
 */
export const scimUsers = sqliteTable(
  "scim_users",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    externalId: text("external_id"),
    /** The provider's `userName` (often the UPN) as it sent it, matched without regard to case; null answers the account's e-mail. */
    userName: text("user_name"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.memberId] }),
    uniqueIndex("scim_users_external_uq").on(t.orgId, t.externalId),
    // userName is unique without regard to case (RFC 7643: caseExact false).
    uniqueIndex("scim_users_user_name_uq").on(t.orgId, sql`lower(${t.userName})`),
  ],
);

/**
 * A SCIM group (RFC 7643 section 4.2) of the organisation's identity provider: a site or business
 * unit (memberships.site, issue 30). Its members are the memberships whose site is its display
 * name, so the impact report's breakdown by site follows the directory; renaming it renames their
 * site (decision 050).
 */
export const scimGroups = sqliteTable(
  "scim_groups",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("scim_groups_name_uq").on(t.orgId, t.displayName)],
);

// ---------------------------------------------------------------------------------------------
// Outbound webhooks and chat apps (issue 31, sections 3 and 5; docs/decisions/051-webhooks-outbox.md)

/**
 * An administrator's webhook endpoint. `secret` is the Standard Webhooks secret (`whsec_…`), sealed
 * with the session secret; after a rotation the old one signs too until `previous_secret_until`.
 * `failing_since` is the first failed attempt after the last success: failing for a day disables it.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** JSON array of event types, e.g. ["initiative.created"]. */
    events: text("events").notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: integer("previous_secret_until"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Why it is off: switched off by an administrator, or by the delivery after failing for a day. */
    disabledReason: text("disabled_reason", { enum: ["admin", "failing"] }),
    failingSince: integer("failing_since"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.orgId, t.enabled)],
);

/**
 * The outbox: one row per change, written in the same D1 batch as the change itself
 * (workers/webhooks/outbox.ts), fanned out to deliveries by the queue's dispatch job. `resource`
 * names what the event is about (`initiative:<id>`): one resource's events are delivered in order.
 */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    /** The Standard Webhooks message id (`msg_…`): the same on every attempt and every redelivery. */
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    resource: text("resource").notNull(),
    /** The event's data as JSON. */
    payload: text("payload").notNull(),
    createdAt: createdAt(),
    dispatchedAt: integer("dispatched_at"),
  },
  (t) => [
    // The dispatcher's claim: an organisation's events not yet fanned out, oldest first.
    index("webhook_events_pending_idx").on(t.orgId, t.createdAt).where(sql`dispatched_at is null`),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "waiting", "delivered", "failed"] as const;

/**
 * One event to one endpoint (a redelivery is a new row with the same event, so the same
 * `webhook-id`). `waiting`: an earlier event of the same resource is not delivered yet.
 * `body` is what was sent, capped (workers/webhooks/deliver.ts).
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    resource: text("resource").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at"),
    /** The receiver's last HTTP status; null when it did not answer. */
    responseStatus: integer("response_status"),
    responseMs: integer("response_ms"),
    /** Why the last attempt failed, as a code (timeout, unreachable, http_500, …). */
    error: text("error"),
    body: text("body").notNull(),
    createdAt: createdAt(),
    deliveredAt: integer("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    // Ordering per resource: the endpoint's undelivered deliveries of one resource.
    index("webhook_deliveries_open_idx").on(t.endpointId, t.resource, t.createdAt).where(sql`status in ('pending', 'waiting')`),
    index("webhook_deliveries_created_idx").on(t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);


/** A Slack or Teams channel, by its incoming-webhook URL (sealed: whoever has it can post). */
export const chatAppConnections = sqliteTable(
  "chat_app_connections",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CHAT_APP_KINDS }).notNull(),
    /** The channel's name as the administrator wrote it (#volunteering). */
    channel: text("channel").notNull(),
    url: text("url").notNull(),
    /** JSON array of CHAT_APP_TOPICS. */
    topics: text("topics").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("chat_app_connections_org_idx").on(t.orgId)],
);

/** Announcements made once per channel (places left of one initiative, one month's totals): the key claims it. */
export const chatAppAnnouncements = sqliteTable(
  "chat_app_announcements",
  {
    connectionId: text("connection_id")
      .notNull()
      .references(() => chatAppConnections.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.key] })],
);
