/**
 * Saving the member's own profile in one organisation (SPEC.md section 7). An update is partial:
 * it names only the fields a screen changes. Every change of one update is written in a single
 * batch: all of it or none of it.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ProfileDetailsInput } from "../../app/domain/profile-details";
import { latestPlatformTermsVersion } from "./platform-terms";
import { chunksFor, selectInChunks } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { badRequest, conflict } from "../lib/domain-errors";
import { violatesUnique } from "../lib/unique-violation";
import type { Tenant } from "../tenant/organizations";
import type { OrgMembership } from "../types";
import { detailsChanges } from "./own-profile";

type Db = ReturnType<typeof getDb>;

export interface ProfileUpdate {
  name?: string;
  phone?: string | null;
  social?: Record<string, string | null>;
  commercial_comms_accepted?: boolean;
  participation_emails?: boolean;
  language?: string;
  details?: ProfileDetailsInput;
  public_user_groups?: string[];
  target_audience?: string[];
  categories?: string[];
  avatar?: null;
  last_terms_accepted?: true;
  org_last_terms_accepted?: true;
  onboarding_completed_version?: number;
  chat_password?: string;
}

interface Chosen {
  groups: string[];
  categories: string[];
  audiences: string[];
}

/**
 * The groups (of this organisation), categories and audiences the update names, each checked to
 * exist. Each list is read in chunks D1 can bind (200 groups are more than one statement may carry).
 */
async function checkedChoices(db: Db, orgId: string, chosen: Chosen) {
  const [groups, categories, audiences] = await Promise.all([
    selectInChunks(db, chosen.groups, (slugs) =>
      db.select({ id: schema.publicUserGroups.id, slug: schema.publicUserGroups.slug }).from(schema.publicUserGroups)
        .where(and(eq(schema.publicUserGroups.orgId, orgId), inArray(schema.publicUserGroups.slug, slugs))), 1),
    selectInChunks(db, chosen.categories, (slugs) =>
      db.select({ slug: schema.categories.slug }).from(schema.categories).where(inArray(schema.categories.slug, slugs))),
    selectInChunks(db, chosen.audiences, (slugs) =>
      db.select({ slug: schema.targetAudiences.slug }).from(schema.targetAudiences).where(inArray(schema.targetAudiences.slug, slugs))),
  ]);
  const fields: Record<string, string> = {};
  if (groups.length !== chosen.groups.length) fields.public_user_groups = "form_error_invalid";
  if (categories.length !== chosen.categories.length) fields.categories = "form_error_invalid";
  if (audiences.length !== chosen.audiences.length) fields.target_audience = "form_error_invalid";
  if (Object.keys(fields).length) throw badRequest("validation_error", "Unknown choices.", fields);
  return groups;
}

/** The social links after the update: given ones replace, null ones are removed. */
async function mergedSocial(db: Db, memberId: string, social: Record<string, string | null>) {
  const current = await db.select({ social: schema.profiles.social }).from(schema.profiles).where(eq(schema.profiles.memberId, memberId)).get();
  const merged: Record<string, string | null> = { ...JSON.parse(current?.social ?? "{}"), ...social };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return JSON.stringify(merged);
}

/** Writes the update; answers the membership as it is afterwards. */
export async function updateOwnProfile(env: Env, memberId: string, org: Tenant, membership: OrgMembership, body: ProfileUpdate): Promise<OrgMembership> {
  const db = getDb(env);
  // A slug given twice is one choice, so a repeat cannot straddle two chunks and be counted twice.
  const chosen = {
    groups: [...new Set(body.public_user_groups)],
    categories: [...new Set(body.categories)],
    audiences: [...new Set(body.target_audience)],
  };
  const groups = await checkedChoices(db, org.id, chosen);

  const statements = [];
  const memberChanges = {
    ...(body.language ? { language: body.language } : {}),
    ...(body.chat_password ? { chatPassword: body.chat_password } : {}),
    ...(body.last_terms_accepted ? { lastTermsAcceptedVersion: await latestPlatformTermsVersion(env) } : {}),
  };
  if (Object.keys(memberChanges).length) statements.push(db.update(schema.members).set(memberChanges).where(eq(schema.members.id, memberId)));

  const profileChanges = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.commercial_comms_accepted !== undefined ? { commercialCommsAccepted: body.commercial_comms_accepted } : {}),
    ...(body.participation_emails !== undefined ? { participationEmails: body.participation_emails } : {}),
    ...(body.avatar === null ? { avatarKey: null } : {}),
    ...(body.social ? { social: await mergedSocial(db, memberId, body.social) } : {}),
  };
  if (Object.keys(profileChanges).length) statements.push(db.update(schema.profiles).set(profileChanges).where(eq(schema.profiles.memberId, memberId)));

  const membershipChanges = {
    ...(body.org_last_terms_accepted ? { orgTermsAcceptedVersion: org.orgTermsVersion } : {}),
    ...(body.onboarding_completed_version !== undefined ? { onboardingCompletedVersion: body.onboarding_completed_version } : {}),
  };
  if (Object.keys(membershipChanges).length) {
    statements.push(
      db.update(schema.memberships).set(membershipChanges).where(and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, memberId))),
    );
  }

  if (body.details) {
    const changes = { ...detailsChanges(body.details), updatedAt: Date.now() };
    statements.push(
      db
        .insert(schema.profileDetails)
        .values({ orgId: org.id, memberId, ...changes })
        .onConflictDoUpdate({ target: [schema.profileDetails.orgId, schema.profileDetails.memberId], set: changes }),
    );
  }

  // Rows are inserted in chunks D1 can bind, all in the one batch below.
  if (body.public_user_groups) {
    const orgGroupIds = db.select({ id: schema.publicUserGroups.id }).from(schema.publicUserGroups).where(eq(schema.publicUserGroups.orgId, org.id));
    statements.push(
      db.delete(schema.memberUserGroups).where(and(eq(schema.memberUserGroups.memberId, memberId), inArray(schema.memberUserGroups.groupId, orgGroupIds))),
    );
    const rows = groups.map((group) => ({ groupId: group.id, memberId }));
    for (const chunk of chunksFor(rows, 2)) statements.push(db.insert(schema.memberUserGroups).values(chunk));
  }
  if (body.categories) {
    statements.push(db.delete(schema.memberCategories).where(and(eq(schema.memberCategories.orgId, org.id), eq(schema.memberCategories.memberId, memberId))));
    const rows = chosen.categories.map((categorySlug) => ({ orgId: org.id, memberId, categorySlug }));
    for (const chunk of chunksFor(rows, 3)) statements.push(db.insert(schema.memberCategories).values(chunk));
  }
  if (body.target_audience) {
    statements.push(
      db.delete(schema.memberTargetAudiences).where(and(eq(schema.memberTargetAudiences.orgId, org.id), eq(schema.memberTargetAudiences.memberId, memberId))),
    );
    const rows = chosen.audiences.map((targetAudienceSlug) => ({ orgId: org.id, memberId, targetAudienceSlug }));
    for (const chunk of chunksFor(rows, 3)) statements.push(db.insert(schema.memberTargetAudiences).values(chunk));
  }

  if (statements.length) {
    // The phone's uniqueness in the organisation is decided by the index of member_phones, inside
    // this batch: of two members saving one number at once, exactly one gets the conflict.
    await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]).catch((error: unknown) => {
      if (violatesUnique(error, "member_phones")) throw conflict("phone_in_use", "This phone number is registered for another user.", { phone: "profile_update_error_desc" });
      throw error;
    });
  }
  return { ...membership, ...membershipChanges };
}
