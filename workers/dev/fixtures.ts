/**
 * Fixtures for browser tests (development and tests only, like /dev/mailbox), so that tests do not
 * share the demo members' state (their language, links, gifts, participations):
 * - POST /dev/fixtures/member: a fresh member of one organisation. Confirmed, with the current
 *   platform terms and the organisation's policy accepted unless asked otherwise, and the password
 *   given (the demo one by default). The e-mail is new on every call.
 * - POST /dev/fixtures/participation: that member taking part in one of the organisation's
 *   initiatives (accepted by default), with the initiative's participant count kept in step, and
 *   reports of hours or indicator values waiting for the organiser.
 * - POST /dev/fixtures/initiative: an initiative (./initiative-fixture.ts).
 * - POST /dev/fixtures/conversation: a chat between two members, with backdated messages and read
 *   marks (./chat-fixture.ts).
 * - POST /dev/fixtures/contribution: a member's pledge to a donation initiative (./contribution-fixture.ts).
 * - POST /dev/fixtures/organization: a new organisation configured like an existing one, with its
 *   own hostname ({slug}.localhost) and nothing in it yet: a test that needs to know everything on
 *   an organisation's wall makes one.
 */
import { ONBOARDING_VERSION } from "../../app/domain/onboarding";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { LocaleSchema } from "../../app/domain/locales";
import { ORGANISATION_ROLES } from "../../app/domain/manage";
import { MemberNameSchema } from "../../app/domain/member-name";
import { slugSchema } from "../../app/domain/slug";
import { latestPlatformTermsVersion } from "../auth/members";
import { hashPassword } from "../auth/passwords";
import { getDb, schema } from "../db/client";
import { writeBatch } from "../db/chunks";
import { recount } from "../initiatives/actions";
import { notFound } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { AppEnv } from "../types";
import { ConversationFixtureSchema, createConversationFixture } from "./chat-fixture";
import { ContributionFixtureSchema, createContributionFixture } from "./contribution-fixture";
import { createInitiativeFixture, InitiativeFixtureSchema } from "./initiative-fixture";

/** The demo accounts' password (README "Demo accounts"). */
export const FIXTURE_PASSWORD = "commons-demo";

const MemberFixture = v.strictObject({
  org: slugSchema(),
  name: MemberNameSchema,
  /** The start of the e-mail's local part, to read it in a failure message. */
  tag: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,30}$/)), "member"),
  role: v.optional(v.picklist(ORGANISATION_ROLES), "member"),
  language: v.optional(LocaleSchema, "en-US"),
  /** E.164, or none (then an organisation that asks for a phone asks this member for it). */
  phone: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/))), null),
  /** false: the organisation's current volunteering policy is still to be accepted. */
  org_terms_accepted: v.optional(v.boolean(), true),
  /** false: the organisation's onboarding wizard is still to be walked (the other tests meet none). */
  onboarding_completed: v.optional(v.boolean(), true),
  password: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(200)), FIXTURE_PASSWORD),
});

const ParticipationFixture = v.strictObject({
  org: slugSchema(),
  initiative: slugSchema(),
  member_id: v.pipe(v.string(), v.uuid()),
  status: v.optional(v.picklist(schema.PARTICIPANT_STATUSES), "accepted"),
  manager_approval: v.optional(v.picklist(schema.MANAGER_APPROVAL_STATUSES), "not_needed"),
  /** Reports waiting for the organiser (or already validated, for hours): hours, or a value of the initiative's indicator at `indicator` (its position). */
  records: v.optional(
    v.pipe(
      v.array(
        v.union([
          v.strictObject({ hours: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), status: v.optional(v.picklist(["pending", "validated", "granted"]), "pending") }),
          v.strictObject({ indicator: v.pipe(v.number(), v.integer(), v.minValue(0)), value: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
        ]),
      ),
      v.maxLength(10),
    ),
    [],
  ),
});

const OrganizationFixture = v.strictObject({
  /** The organisation whose configuration (features, theme, policies) the new one copies. */
  like: slugSchema(),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

/** The organisation a fixture names, or 404. */
async function organizationOf(env: Env, slug: string) {
  const org = await getOrganizationBySlug(env, slug);
  if (!org) throw notFound("organization_not_found", "No organisation has this slug.");
  return org;
}

export const fixtureRoutes = new Hono<AppEnv>()
  .post("/organization", validate("json", OrganizationFixture), async (c) => {
    const fixture = c.req.valid("json");
    const model = await organizationOf(c.env, fixture.like);
    const db = getDb(c.env);
    const [row] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, model.id));
    const id = crypto.randomUUID();
    const slug = `${model.slug}-${id.slice(0, 8)}`;
    const hostname = `${slug}.localhost`;
    await db.batch([
      db.insert(schema.organizations).values({ ...row, id, slug, name: fixture.name, signupToken: crypto.randomUUID(), isDefault: false, isPublic: false, createdAt: Date.now(), updatedAt: Date.now() }),
      db.insert(schema.organizationHostnames).values({ hostname, orgId: id }),
    ]);
    return c.json({ id, slug, hostname }, 201);
  })
  .post("/initiative", validate("json", InitiativeFixtureSchema), async (c) => {
    const fixture = c.req.valid("json");
    return c.json(await createInitiativeFixture(c.env, await organizationOf(c.env, fixture.org), fixture), 201);
  })
  .post("/conversation", validate("json", ConversationFixtureSchema), async (c) => {
    const fixture = c.req.valid("json");
    return c.json(await createConversationFixture(c.env, await organizationOf(c.env, fixture.org), fixture), 201);
  })
  .post("/contribution", validate("json", ContributionFixtureSchema), async (c) => {
    const fixture = c.req.valid("json");
    return c.json(await createContributionFixture(c.env, await organizationOf(c.env, fixture.org), fixture), 201);
  })
  .post("/participation", validate("json", ParticipationFixture), async (c) => {
    const fixture = c.req.valid("json");
    const org = await organizationOf(c.env, fixture.org);
    const db = getDb(c.env);
    const [initiative, member, indicators] = await db.batch([
      db
        .select({ id: schema.initiatives.id })
        .from(schema.initiatives)
        .where(and(eq(schema.initiatives.orgId, org.id), eq(schema.initiatives.slug, fixture.initiative))),
      db
        .select({ id: schema.memberships.memberId })
        .from(schema.memberships)
        .where(and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, fixture.member_id))),
      db
        .select({ id: schema.indicators.id, unit: schema.indicators.unit, slug: schema.initiatives.slug })
        .from(schema.indicators)
        .innerJoin(schema.initiatives, eq(schema.initiatives.id, schema.indicators.initiativeId))
        .where(and(eq(schema.initiatives.orgId, org.id), eq(schema.initiatives.slug, fixture.initiative)))
        .orderBy(schema.indicators.sortOrder),
    ]);
    if (!initiative[0]) throw notFound("initiative_not_found", "The organisation has no initiative with this slug.");
    if (!member[0]) throw notFound("member_not_found", "The organisation has no such member.");
    if (fixture.records.some((record) => "indicator" in record && !indicators[record.indicator])) {
      throw notFound("indicator_not_found", "The initiative has no indicator at that position.");
    }
    const id = crypto.randomUUID();
    const now = Date.now();
    await writeBatch(db, [
      db.insert(schema.participations).values({
        id,
        uuid: crypto.randomUUID(),
        orgId: org.id,
        initiativeId: initiative[0].id,
        memberId: member[0].id,
        status: fixture.status,
        managerApprovalStatus: fixture.manager_approval,
      }),
      recount(db, initiative[0].id),
      // A second apart, oldest first, so the queue's order is the order given.
      ...fixture.records.map((record, index) =>
        db.insert(schema.participationRecords).values({
          id: crypto.randomUUID(),
          participationId: id,
          ...("hours" in record
            ? { type: "hours" as const, hours: record.hours, status: record.status }
            : { type: "indicator" as const, value: record.value, indicatorId: indicators[record.indicator].id, unit: indicators[record.indicator].unit }),
          createdAt: now - (fixture.records.length - index) * 1000,
        }),
      ),
    ]);
    return c.json({ id }, 201);
  })
  .post("/member", validate("json", MemberFixture), async (c) => {
    const fixture = c.req.valid("json");
    const org = await organizationOf(c.env, fixture.org);
    const id = crypto.randomUUID();
    const email = `${fixture.tag}.${id.slice(0, 8)}@fixtures.example`;
    const db = getDb(c.env);
    await db.batch([
      db.insert(schema.members).values({
        id,
        email,
        passwordHash: await hashPassword(fixture.password),
        emailConfirmedAt: Date.now(),
        language: fixture.language,
        lastTermsAcceptedVersion: await latestPlatformTermsVersion(c.env),
      }),
      db.insert(schema.profiles).values({ memberId: id, name: fixture.name, slug: `m-${id.slice(0, 8)}`, phone: fixture.phone }),
      db.insert(schema.memberships).values({
        orgId: org.id,
        memberId: id,
        role: fixture.role,
        orgTermsAcceptedVersion: fixture.org_terms_accepted ? org.orgTermsVersion : 0,
        onboardingCompletedVersion: fixture.onboarding_completed ? ONBOARDING_VERSION : 0,
      }),
    ]);
    return c.json({ id, email, password: fixture.password, name: fixture.name }, 201);
  });
