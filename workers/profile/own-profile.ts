/**
 * The member's own profile in one organisation (SPEC.md section 3, "Own profile"): read from the
 * member, profile, membership and details rows, and the organisation's groups and lookups.
 */
import { avatarUrl } from "./avatar-url";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ProfileDetailsInput } from "../../app/domain/profile-details";
import { getDb, schema, type BatchResults, type Database } from "../db/client";
import { accountDisabled } from "../lib/domain-errors";
import { lookupName } from "../lib/lookup-names";
import type { RequestMemo } from "../lib/request-memo";
import type { Tenant } from "../tenant/organizations";
import type { OrgMembership } from "../types";

type DetailsRow = typeof schema.profileDetails.$inferSelect;

/** Snake-case detail field → column of profile_details, for the plain (text or flag) fields. */
export const PLAIN_DETAIL_COLUMNS = {
  address: "address",
  professional_experience: "professionalExperience",
  volunteering_experience: "volunteeringExperience",
  social_work_motivations: "socialWorkMotivations",
  talents_and_skills: "talentsAndSkills",
  education: "education",
  technical_skills: "technicalSkills",
  leadership_skills: "leadershipSkills",
  alias: "alias",
  machine_number: "machineNumber",
  relation_with_org: "relationWithOrg",
  tshirt_size: "tshirtSize",
  specific_training_cap_ccp: "specificTrainingCapCcp",
  specific_training_first_aid: "specificTrainingFirstAid",
  specific_training_received_volunteering_training: "specificTrainingReceivedVolunteeringTraining",
  specific_training_received_volunteering_training_where: "specificTrainingReceivedVolunteeringTrainingWhere",
  availability_and_mobility: "availabilityAndMobility",
  motivations_and_expectations: "motivationsAndExpectations",
  date_of_birth: "dateOfBirth",
} as const satisfies Partial<Record<keyof ProfileDetailsInput, keyof DetailsRow>>;

/** Fields stored as JSON arrays. */
export const LIST_DETAIL_COLUMNS = {
  availability_preferred_location: "availabilityPreferredLocation",
  availability_days: "availabilityDays",
  volunteering_motivation_reason: "volunteeringMotivationReason",
} as const satisfies Partial<Record<keyof ProfileDetailsInput, keyof DetailsRow>>;

function detailsJson(row: DetailsRow | undefined) {
  const details: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PLAIN_DETAIL_COLUMNS)) details[field] = row?.[column] ?? null;
  for (const [field, column] of Object.entries(LIST_DETAIL_COLUMNS)) details[field] = row ? (JSON.parse(row[column]) as string[]) : [];
  details.availability_hours =
    row?.availabilityHoursStart && row.availabilityHoursEnd ? { start: row.availabilityHoursStart, end: row.availabilityHoursEnd } : null;
  return details;
}

/** The row changes a partial details update makes. */
export function detailsChanges(input: ProfileDetailsInput): Partial<DetailsRow> {
  const changes: Partial<Record<keyof DetailsRow, unknown>> = {};
  for (const [field, column] of Object.entries(PLAIN_DETAIL_COLUMNS)) {
    if (field in input) changes[column] = input[field as keyof typeof PLAIN_DETAIL_COLUMNS];
  }
  for (const [field, column] of Object.entries(LIST_DETAIL_COLUMNS)) {
    const value = input[field as keyof typeof LIST_DETAIL_COLUMNS];
    if (value !== undefined) changes[column] = JSON.stringify([...new Set(value)]);
  }
  if ("availability_hours" in input) {
    changes.availabilityHoursStart = input.availability_hours?.start ?? null;
    changes.availabilityHoursEnd = input.availability_hours?.end ?? null;
  }
  return changes as Partial<DetailsRow>;
}

/**
 * The memo key of a member's own profile in one organisation (workers/lib/request-memo.ts): part of
 * who the member is, kept after a write that cannot change it (a staff decision, joining...) and
 * forgotten after one that may (the profile's own routes).
 */
export const ownProfileKey = (orgId: string, memberId: string) => `own-profile:${orgId}:${memberId}`;

/**
 * The statements that read a member's own profile in `org`; `isMember` matches the member's id (a
 * value, or a subquery so that the web identity's batch reads the profile in the same round trip).
 */
export function ownProfileStatements(db: Database, org: Tenant, isMember: (column: SQLiteColumn) => SQL) {
  const managerOf = db
    .select({ id: schema.memberships.managerMemberId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.orgId, org.id), isMember(schema.memberships.memberId)));
  return [
    db.select().from(schema.members).where(isMember(schema.members.id)),
    db.select().from(schema.profiles).where(isMember(schema.profiles.memberId)),
    db.select().from(schema.profileDetails).where(and(eq(schema.profileDetails.orgId, org.id), isMember(schema.profileDetails.memberId))),
    db.select().from(schema.publicUserGroups).where(eq(schema.publicUserGroups.orgId, org.id)).orderBy(asc(schema.publicUserGroups.name)),
    db.select({ groupId: schema.memberUserGroups.groupId }).from(schema.memberUserGroups).where(isMember(schema.memberUserGroups.memberId)),
    db.select().from(schema.categories).orderBy(asc(schema.categories.sortOrder)),
    db
      .select({ slug: schema.memberCategories.categorySlug })
      .from(schema.memberCategories)
      .where(and(eq(schema.memberCategories.orgId, org.id), isMember(schema.memberCategories.memberId))),
    db.select().from(schema.targetAudiences).orderBy(asc(schema.targetAudiences.sortOrder)),
    db
      .select({ slug: schema.memberTargetAudiences.targetAudienceSlug })
      .from(schema.memberTargetAudiences)
      .where(and(eq(schema.memberTargetAudiences.orgId, org.id), isMember(schema.memberTargetAudiences.memberId))),
    db.select({ slug: schema.memberCompetences.competenceSlug }).from(schema.memberCompetences).where(isMember(schema.memberCompetences.memberId)),
    db.select().from(schema.platformTerms).orderBy(desc(schema.platformTerms.version)).limit(1),
    db
      .select({ name: schema.profiles.name, email: schema.members.email })
      .from(schema.members)
      .innerJoin(schema.profiles, eq(schema.profiles.memberId, schema.members.id))
      .where(inArray(schema.members.id, managerOf)),
  ] as const;
}

export type OwnProfileResults = BatchResults<ReturnType<typeof ownProfileStatements>>;

/**
 * The own profile (GET /api/{org}/profile). With a browser request's memo, the profile the web
 * identity's batch already read (workers/auth/web-identity.ts) is answered without a round trip.
 */
export function ownProfileJson(env: Env, memberId: string, org: Tenant, membership: OrgMembership, memo?: RequestMemo) {
  const read = async () => {
    const db = getDb(env);
    const results = await db.batch(ownProfileStatements(db, org, (column) => eq(column, memberId)));
    return toOwnProfile(results, memberId, org, membership);
  };
  return memo ? memo.once(ownProfileKey(org.id, memberId), read) : read();
}

/** The own profile from what ownProfileStatements read. */
export function toOwnProfile(results: OwnProfileResults, memberId: string, org: Tenant, membership: OrgMembership) {
  const [member, profile, details, groups, myGroups, categories, myCategories, audiences, myAudiences, competences, terms, manager] = results;
  const m = member[0];
  // SPEC.md section 8: a 402 on the profile makes the app log out (checked here: one round trip).
  if (!m || m.disabledAt !== null) throw accountDisabled();
  const p = profile[0];
  const latestTerms = terms[0];
  const mine = (set: { slug: string }[]) => new Set(set.map((row) => row.slug));
  const groupIds = new Set(myGroups.map((row) => row.groupId));
  const categorySlugs = mine(myCategories);
  const audienceSlugs = mine(myAudiences);
  return {
    email: m.email,
    name: p?.name ?? "",
    avatar: avatarUrl(memberId, p?.avatarKey ?? null),
    slug: p?.slug ?? null,
    role: membership.role,
    phone: p?.phone ?? null,
    language: m.language,
    commercial_comms_accepted: p?.commercialCommsAccepted ?? false,
    participation_emails: p?.participationEmails ?? true,
    social: JSON.parse(p?.social ?? "{}") as Record<string, string>,
    details: detailsJson(details[0]),
    public_user_groups: groups.map((group) => ({ name: group.name, slug: group.slug, member: groupIds.has(group.id) })),
    categories: categories.map((row) => ({ slug: row.slug, name: lookupName(m.language, "category", row.slug), member: categorySlugs.has(row.slug) })),
    target_audience: audiences.map((row) => ({ slug: row.slug, name: lookupName(m.language, "audience", row.slug), member: audienceSlugs.has(row.slug) })),
    competences: competences.map((row) => row.slug),
    last_terms_and_conditions_version: latestTerms?.version ?? 0,
    last_terms_and_conditions_url: latestTerms?.url ?? null,
    last_terms_accepted: m.lastTermsAcceptedVersion >= (latestTerms?.version ?? 0),
    org_last_terms_accepted: membership.orgTermsAcceptedVersion >= org.orgTermsVersion,
    onboarding_completed_version: membership.onboardingCompletedVersion,
    organization: {
      name: org.name,
      slug: org.slug,
      terms: org.orgTermsUrl,
      org_last_terms_version: org.orgTermsVersion,
    },
    manager: manager[0] ?? null,
    chat_password: m.chatPassword,
  };
}
