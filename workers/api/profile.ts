/**
 * GET and PUT /api/{org}/profile (SPEC.md section 7). PUT bodies are partial: each names only the
 * fields a screen changes ({phone, name}, {social}, {language}, {details}, ...). Every change of one
 * request is written in a single batch: all of it or none of it.
 */
import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { LocaleSchema } from "../../app/domain/locales";
import { MemberNameSchema } from "../../app/domain/member-name";
import { phoneRequired, profilePhoneSchema } from "../../app/domain/phone";
import { ProfileDetailsSchema } from "../../app/domain/profile-details";
import { slugSchema } from "../../app/domain/slug";
import { SocialSchema } from "../../app/domain/social";
import { latestPlatformTermsVersion } from "../auth/members";
import { chunksFor, selectInChunks } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { ApiError } from "../lib/errors";
import { jsonBody } from "../lib/json-body";
import type { CommunityConfig } from "../tenant/config";
import { invalidInput } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";
import { detailsChanges, ownProfileJson } from "./profile-data";

/** The onboarding version a completed wizard records (SPEC.md section 9). */
export const ONBOARDING_VERSION = 5;

/**
 * Most choices a list of groups, categories or audiences may carry: more than any organisation offers
 * (40 categories, 30 audiences, groups by the hundred), and within the 64 KB body cap.
 */
export const MAX_PROFILE_CHOICES = 500;

const slugList = v.pipe(
  v.array(slugSchema(), "form_error_invalid"),
  v.maxLength(MAX_PROFILE_CHOICES, "form_error_invalid"),
);

const profileUpdateSchema = (region: string, community: CommunityConfig) =>
  v.pipe(
    v.partial(
      v.strictObject(
        {
          name: MemberNameSchema,
          phone: profilePhoneSchema(region, phoneRequired(community)),
          social: SocialSchema,
          commercial_comms_accepted: v.boolean("form_error_invalid"),
          language: LocaleSchema,
          details: ProfileDetailsSchema,
          public_user_groups: slugList,
          target_audience: slugList,
          categories: slugList,
          avatar: v.null("form_error_invalid"),
          last_terms_accepted: v.literal(true, "form_error_invalid"),
          org_last_terms_accepted: v.literal(true, "form_error_invalid"),
          onboarding_completed_version: v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(0), v.maxValue(ONBOARDING_VERSION)),
          chat_password: v.pipe(v.string("form_error_invalid"), v.minLength(12, "form_error_invalid"), v.maxLength(200, "form_error_invalid")),
        },
        "form_error_unknown_field",
      ),
    ),
    v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
  );

/** Whether a D1 error (or its cause, as drizzle wraps it) is a unique-constraint failure on `table`. */
function violates(error: unknown, table: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.includes(`UNIQUE constraint failed: ${table}.`)) return true;
  return false;
}

export const profileRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", async (c) => c.json(await ownProfileJson(c.env, c.var.auth.memberId, c.var.org, c.var.membership)))

  .put("/", async (c) => {
    const raw = await jsonBody(c);
    const parsed = v.safeParse(profileUpdateSchema(c.var.org.community.region ?? c.var.org.region, c.var.org.community), raw);
    if (!parsed.success) throw invalidInput(parsed.issues);
    const body = parsed.output;
    const { memberId } = c.var.auth;
    const org = c.var.org;
    const db = getDb(c.env);

    // Each list is read in chunks D1 can bind (200 groups are more than one statement may carry);
    // a slug given twice is one choice, so a repeat cannot straddle two chunks and be counted twice.
    const chosen = {
      groups: [...new Set(body.public_user_groups)],
      categories: [...new Set(body.categories)],
      audiences: [...new Set(body.target_audience)],
    };
    const lookupsValid = async () => {
      const [groups, categories, audiences] = await Promise.all([
        selectInChunks(db, chosen.groups, (slugs) =>
          db.select({ id: schema.publicUserGroups.id, slug: schema.publicUserGroups.slug }).from(schema.publicUserGroups)
            .where(and(eq(schema.publicUserGroups.orgId, org.id), inArray(schema.publicUserGroups.slug, slugs))), 1),
        selectInChunks(db, chosen.categories, (slugs) =>
          db.select({ slug: schema.categories.slug }).from(schema.categories).where(inArray(schema.categories.slug, slugs))),
        selectInChunks(db, chosen.audiences, (slugs) =>
          db.select({ slug: schema.targetAudiences.slug }).from(schema.targetAudiences).where(inArray(schema.targetAudiences.slug, slugs))),
      ]);
      const fields: Record<string, string> = {};
      if (groups.length !== chosen.groups.length) fields.public_user_groups = "form_error_invalid";
      if (categories.length !== chosen.categories.length) fields.categories = "form_error_invalid";
      if (audiences.length !== chosen.audiences.length) fields.target_audience = "form_error_invalid";
      if (Object.keys(fields).length) throw new ApiError(400, "validation_error", "Unknown choices.", fields);
      return groups;
    };
    const groups = await lookupsValid();

    const statements = [];
    const memberChanges = {
      ...(body.language ? { language: body.language } : {}),
      ...(body.chat_password ? { chatPassword: body.chat_password } : {}),
      ...(body.last_terms_accepted ? { lastTermsAcceptedVersion: await latestPlatformTermsVersion(c.env) } : {}),
    };
    if (Object.keys(memberChanges).length) statements.push(db.update(schema.members).set(memberChanges).where(eq(schema.members.id, memberId)));

    const profileChanges = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.commercial_comms_accepted !== undefined ? { commercialCommsAccepted: body.commercial_comms_accepted } : {}),
      ...(body.avatar === null ? { avatarKey: null } : {}),
    };
    if (body.social) {
      const current = await db.select({ social: schema.profiles.social }).from(schema.profiles).where(eq(schema.profiles.memberId, memberId)).get();
      const merged: Record<string, string | null> = { ...JSON.parse(current?.social ?? "{}"), ...body.social };
      for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
      Object.assign(profileChanges, { social: JSON.stringify(merged) });
    }
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
      // this batch: of two members saving one number at once, exactly one gets the 409.
      await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]).catch((error: unknown) => {
        if (violates(error, "member_phones")) throw new ApiError(409, "phone_in_use", "This phone number is registered for another user.", { phone: "profile_update_error_desc" });
        throw error;
      });
    }
    const membership = { ...c.var.membership, ...membershipChanges };
    return c.json(await ownProfileJson(c.env, memberId, org, membership));
  });
