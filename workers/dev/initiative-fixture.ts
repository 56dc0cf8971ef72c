/**
 * POST /dev/fixtures/initiative (development and tests only, with the other fixtures of
 * ./fixtures.ts): an initiative of one organisation with just what a browser test needs, its dates
 * given in days from now so a test reads the same on any day. Slug made from the title, new on every
 * call. Optional: a place (in person, with a map pin), indicators, daily hours, a participant cap,
 * working hours (the manager's approval, where the organisation asks for it), a donation's
 * parameters.
 */
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { DONATION_SOURCES, INDICATOR_UNITS, INITIATIVE_TYPES } from "../../app/domain/initiatives";
import { initiativeSlug, slugSchema } from "../../app/domain/slug";
import { getDb, schema } from "../db/client";
import { notFound } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";

const DAY_MS = 86_400_000;
const days = v.pipe(v.number(), v.minValue(-3650), v.maxValue(3650));
const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const degrees = (limit: number) => v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit));

export const InitiativeFixtureSchema = v.strictObject({
  org: slugSchema(),
  title: text(200),
  type: v.optional(v.picklist(INITIATIVE_TYPES), "volunteering"),
  description: v.optional(v.pipe(v.string(), v.maxLength(5000)), ""),
  starts_in_days: v.optional(days, 1),
  ends_in_days: v.optional(days, 30),
  registration_closes_in_days: v.optional(v.nullable(days), null),
  max_participants: v.optional(v.pipe(v.number(), v.integer()), -1),
  participation_method: v.optional(v.picklist(["qr", "report_hours"]), "report_hours"),
  hours_per_day: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24)), 0),
  working_hours: v.optional(v.boolean(), false),
  pinned: v.optional(v.boolean(), false),
  /** The member who created it: an organiser manages the initiatives they created (/manage). */
  organiser_id: v.optional(v.pipe(v.string(), v.uuid())),
  place: v.optional(v.strictObject({ address: text(300), latitude: degrees(90), longitude: degrees(180) })),
  indicators: v.optional(v.pipe(v.array(v.strictObject({ name: text(100), unit: v.picklist(INDICATOR_UNITS) })), v.maxLength(10)), []),
  donation: v.optional(
    v.strictObject({
      currency: v.optional(v.picklist(["EUR", "BRL"]), "EUR"),
      sources: v.pipe(v.array(v.picklist(DONATION_SOURCES)), v.minLength(1)),
      transfer_iban: v.optional(text(60)),
      transfer_swift: v.optional(text(20)),
      transfer_recipient: v.optional(text(200)),
      transfer_bank_name: v.optional(text(200)),
      external_url: v.optional(v.pipe(v.string(), v.url())),
      inhand_instructions: v.optional(text(2000)),
      paypal_client_id: v.optional(text(200)),
    }),
  ),
});

export type InitiativeFixture = v.InferOutput<typeof InitiativeFixtureSchema>;

/** Writes the initiative and what comes with it in one batch; answers its id and slug. */
export async function createInitiativeFixture(env: Env, org: Tenant, fixture: InitiativeFixture) {
  const db = getDb(env);
  if (fixture.organiser_id) {
    const member = await db
      .select({ id: schema.memberships.memberId })
      .from(schema.memberships)
      .where(and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, fixture.organiser_id)))
      .get();
    if (!member) throw notFound("member_not_found", "The organisation has no such member.");
  }
  const id = crypto.randomUUID();
  const slug = initiativeSlug(fixture.title);
  const now = Date.now();
  const at = (inDays: number) => now + inDays * DAY_MS;
  const { place, donation } = fixture;
  await db.batch([
    db.insert(schema.initiatives).values({
      id,
      orgId: org.id,
      slug,
      title: fixture.title,
      description: fixture.description,
      type: fixture.type,
      startTime: at(fixture.starts_in_days),
      endTime: at(fixture.ends_in_days),
      registrationEndTime: fixture.registration_closes_in_days === null ? null : at(fixture.registration_closes_in_days),
      maxParticipants: fixture.max_participants,
      participationMethod: fixture.participation_method,
      hoursPerDay: fixture.hours_per_day,
      isWorkingHours: fixture.working_hours,
      pinned: fixture.pinned,
      submitterMemberId: fixture.organiser_id ?? null,
      isInPerson: !!place,
      isRemote: !place,
      address: place?.address ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    }),
    ...fixture.indicators.map((indicator, index) =>
      db.insert(schema.indicators).values({ id: crypto.randomUUID(), initiativeId: id, name: indicator.name, unit: indicator.unit, sortOrder: index }),
    ),
    ...(donation
      ? [
          db.insert(schema.donationParams).values({
            initiativeId: id,
            currency: donation.currency,
            sources: JSON.stringify(donation.sources),
            transferIban: donation.transfer_iban ?? null,
            transferSwift: donation.transfer_swift ?? null,
            transferRecipient: donation.transfer_recipient ?? null,
            transferBankName: donation.transfer_bank_name ?? null,
            externalUrl: donation.external_url ?? null,
            inhandInstructions: donation.inhand_instructions ?? null,
            paypalClientId: donation.paypal_client_id ?? null,
          }),
        ]
      : []),
  ]);
  return { id, slug };
}
