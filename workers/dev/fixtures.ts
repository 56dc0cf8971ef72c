/**
 * POST /dev/fixtures/member (development and tests only, like /dev/mailbox): a fresh member of one
 * organisation, for browser tests that must not share the demo members' state (their language,
 * links, gifts). Confirmed, with the current platform terms and the organisation's policy accepted
 * unless asked otherwise, and the password given (the demo one by default). The e-mail is new on
 * every call, so tests never see each other's members.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { LocaleSchema } from "../../app/domain/locales";
import { MemberNameSchema } from "../../app/domain/member-name";
import { slugSchema } from "../../app/domain/slug";
import { hashPassword } from "../auth/passwords";
import { latestPlatformTermsVersion } from "../auth/members";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { AppEnv } from "../types";

/** The demo accounts' password (README "Demo accounts"). */
export const FIXTURE_PASSWORD = "commons-demo";

const MemberFixture = v.strictObject({
  org: slugSchema(),
  name: MemberNameSchema,
  /** The start of the e-mail's local part, to read it in a failure message. */
  tag: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,30}$/)), "member"),
  role: v.optional(v.picklist(["member", "organiser", "manager", "admin"]), "member"),
  language: v.optional(LocaleSchema, "en-US"),
  /** E.164, or none (then an organisation that asks for a phone asks this member for it). */
  phone: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/))), null),
  /** false: the organisation's current volunteering policy is still to be accepted. */
  org_terms_accepted: v.optional(v.boolean(), true),
  password: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(200)), FIXTURE_PASSWORD),
});

export const fixtureRoutes = new Hono<AppEnv>().post("/member", validate("json", MemberFixture), async (c) => {
  const fixture = c.req.valid("json");
  const org = await getOrganizationBySlug(c.env, fixture.org);
  if (!org) throw notFound("organization_not_found", "No organisation has this slug.");
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
    }),
  ]);
  return c.json({ id, email, password: fixture.password, name: fixture.name }, 201);
});
