/**
 * Initiative fixtures for the Worker tests: rows written through the same tables the app reads.
 * `initiative({...})` fills sensible defaults (an open volunteering initiative next week).
 */
import { env } from "cloudflare:workers";
import { getDb, schema } from "../../workers/db/client";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

type InitiativeInsert = typeof schema.initiatives.$inferInsert;
type DonationInsert = Omit<typeof schema.donationParams.$inferInsert, "initiativeId">;

export interface InitiativeFixture extends Partial<InitiativeInsert> {
  orgId: string;
  sdgs?: number[];
  categories?: string[];
  competences?: string[];
  indicators?: { id: string; name: string; unit: (typeof schema.INDICATOR_UNITS)[number] }[];
  donation?: DonationInsert;
}

let counter = 0;

export async function createInitiative(fixture: InitiativeFixture) {
  const db = getDb(env);
  const { sdgs = [], categories = [], competences = [], indicators = [], donation, ...row } = fixture;
  counter += 1;
  const id = row.id ?? `ini-${counter}-${crypto.randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const values: InitiativeInsert = {
    slug: row.slug ?? id,
    title: row.title ?? `Initiative ${counter}`,
    description: "A test initiative.",
    type: "volunteering",
    startTime: now + 7 * DAY,
    endTime: now + 7 * DAY + 4 * HOUR,
    ...row,
    id,
  };
  await db.batch([
    db.insert(schema.initiatives).values(values),
    ...sdgs.map((sdgId) => db.insert(schema.initiativeSdgs).values({ initiativeId: id, sdgId })),
    ...categories.map((categorySlug) => db.insert(schema.initiativeCategories).values({ initiativeId: id, categorySlug })),
    ...competences.map((competenceSlug) => db.insert(schema.initiativeCompetences).values({ initiativeId: id, competenceSlug })),
    ...indicators.map((indicator, sortOrder) => db.insert(schema.indicators).values({ ...indicator, initiativeId: id, sortOrder })),
    ...(donation ? [db.insert(schema.donationParams).values({ ...donation, initiativeId: id })] : []),
  ]);
  return { ...values, id };
}

/** A participation row written directly (bypassing the join rules), with participant_count kept in step. */
export async function addParticipation(
  initiativeId: string,
  orgId: string,
  memberId: string,
  status: (typeof schema.PARTICIPANT_STATUSES)[number] = "accepted",
  extra: Partial<typeof schema.participations.$inferInsert> = {},
) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const uuid = crypto.randomUUID();
  await db.insert(schema.participations).values({ id, uuid, orgId, initiativeId, memberId, status, ...extra });
  await env.DB.prepare(
    "UPDATE initiatives SET participant_count = (SELECT count(*) FROM participations WHERE initiative_id = ?1 AND status = 'accepted') WHERE id = ?1",
  )
    .bind(initiativeId)
    .run();
  return { id, uuid };
}

export async function addRecord(participationId: string, status: (typeof schema.RECORD_STATUSES)[number], hours = 2) {
  await getDb(env).insert(schema.participationRecords).values({ id: crypto.randomUUID(), participationId, type: "hours", hours, status });
}

export async function addContribution(initiativeId: string, orgId: string, memberId: string, amount: number, status: "pending" | "confirmed" | "rejected" = "confirmed") {
  await getDb(env)
    .insert(schema.contributions)
    .values({ id: crypto.randomUUID(), orgId, initiativeId, memberId, amount, currency: "EUR", source: "inhand", status });
}
