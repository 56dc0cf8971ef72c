/**
 * POST /dev/fixtures/contribution (development and tests only, with the other fixtures of
 * ./fixtures.ts): a member's contribution to a donation initiative, as the drawer would have left it
 * (a pending transfer with its confirmation code, by default), so a test of the staff's money screen
 * has something to confirm without walking the drawer.
 */
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { confirmationCode, DONATION_SOURCES, toMinorUnits } from "../../app/domain/initiatives";
import { slugSchema } from "../../app/domain/slug";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";

export const ContributionFixtureSchema = v.strictObject({
  org: slugSchema(),
  initiative: slugSchema(),
  member_id: v.pipe(v.string(), v.uuid()),
  /** Major units. */
  amount: v.pipe(v.number(), v.minValue(0.01), v.maxValue(1_000_000)),
  source: v.optional(v.picklist(DONATION_SOURCES), "transfer"),
  status: v.optional(v.picklist(schema.CONTRIBUTION_STATUSES), "pending"),
  comment: v.optional(v.pipe(v.string(), v.maxLength(500))),
  anonymous: v.optional(v.boolean(), false),
});

export type ContributionFixture = v.InferOutput<typeof ContributionFixtureSchema>;

/** Answers the contribution's id and, for a transfer, its confirmation code. */
export async function createContributionFixture(env: Env, org: Tenant, fixture: ContributionFixture) {
  const db = getDb(env);
  const [initiative, member] = await db.batch([
    db
      .select({ id: schema.initiatives.id, currency: schema.donationParams.currency })
      .from(schema.initiatives)
      .innerJoin(schema.donationParams, eq(schema.donationParams.initiativeId, schema.initiatives.id))
      .where(and(eq(schema.initiatives.orgId, org.id), eq(schema.initiatives.slug, fixture.initiative))),
    db
      .select({ id: schema.memberships.memberId })
      .from(schema.memberships)
      .where(and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, fixture.member_id))),
  ]);
  if (!initiative[0]) throw notFound("initiative_not_found", "The organisation has no donation initiative with this slug.");
  if (!member[0]) throw notFound("member_not_found", "The organisation has no such member.");
  const id = crypto.randomUUID();
  const code = fixture.source === "transfer" ? confirmationCode(crypto.getRandomValues(new Uint8Array(4))) : null;
  await db.insert(schema.contributions).values({
    id,
    orgId: org.id,
    initiativeId: initiative[0].id,
    memberId: member[0].id,
    amount: toMinorUnits(fixture.amount),
    currency: initiative[0].currency,
    source: fixture.source,
    status: fixture.status,
    comment: fixture.comment ?? null,
    anonymous: fixture.anonymous,
    confirmationCode: code,
  });
  return { id, confirmation_code: code };
}
