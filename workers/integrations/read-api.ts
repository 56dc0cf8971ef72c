/**
 * What the integration API reads for an organisation's API key (issue 31, section 2;
 * docs/api/integrations.md): members with the attributes their administrator set (issue 30),
 * participations with their counted hours, those hours' value and indicator values, initiatives,
 * confirmed donations.
 * Each list is keyset-paged on (created_at, id), oldest first, so a nightly sync that keeps the
 * last cursor reads each row once even while new ones arrive. Every query is scoped by the key's
 * organisation: another organisation's rows never appear, and its ids answer 404.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { selectInChunks } from "../db/chunks";
import { iso } from "../initiatives/serialize";
import { regionZone } from "../../app/domain/zoned-time";
import { participationValues } from "../impact/ledger";
import { yearOffset } from "../impact/periods";
import type { Tenant } from "../tenant/organizations";
import { notFound } from "../lib/domain-errors";
import { keyset, pageLimit, pageOf, type PageQuery } from "../manage/paging";
import { COUNTED_HOURS, COUNTED_INDICATORS } from "../reports/counted-hours";


/** GET .../members: everyone in the organisation (not the platform's system actor), with their attributes. */
export async function listMembers(env: Env, orgId: string, query: PageQuery) {
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { memberships: ms, members: m, profiles: p, scimUsers: s } = schema;
  const { after, order } = keyset(ms.createdAt, ms.memberId, query.cursor, true);
  const rows = await db
    .select({ ms, email: m.email, disabledAt: m.disabledAt, name: p.name, externalId: s.externalId })
    .from(ms)
    .innerJoin(m, eq(m.id, ms.memberId))
    .leftJoin(p, eq(p.memberId, ms.memberId))
    .leftJoin(s, and(eq(s.orgId, ms.orgId), eq(s.memberId, ms.memberId)))
    .where(and(eq(ms.orgId, orgId), ne(ms.role, "system"), after))
    .orderBy(...order)
    .limit(limit + 1)
    .all();
  const { page, next } = pageOf(rows, limit, (row) => ({ createdAt: row.ms.createdAt, id: row.ms.memberId }));
  return {
    next,
    data: page.map((row) => ({
      id: row.ms.memberId,
      email: row.email,
      name: row.name ?? "",
      role: row.ms.role,
      site: row.ms.site,
      country: row.ms.country,
      grade: row.ms.grade,
      manager_member_id: row.ms.managerMemberId,
      active: row.disabledAt === null,
      external_id: row.externalId,
      joined_at: iso(row.ms.createdAt),
    })),
  };
}

/** GET .../participations: who joined what, with the hours and indicator values staff counted. */
export async function listParticipations(env: Env, org: Pick<Tenant, "id" | "region">, query: PageQuery & { initiative_id?: string; member_id?: string }) {
  const orgId = org.id;
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { participations: pt, initiatives: i } = schema;
  const { after, order } = keyset(pt.createdAt, pt.id, query.cursor, true);
  const rows = await db
    .select({ pt, slug: i.slug, title: i.title })
    .from(pt)
    .innerJoin(i, eq(i.id, pt.initiativeId))
    .where(and(eq(pt.orgId, orgId), query.initiative_id ? eq(pt.initiativeId, query.initiative_id) : undefined, query.member_id ? eq(pt.memberId, query.member_id) : undefined, after))
    .orderBy(...order)
    .limit(limit + 1)
    .all();
  const { page, next } = pageOf(rows, limit, (row) => ({ createdAt: row.pt.createdAt, id: row.pt.id }));
  // What counts of each participation on the page, in one read: hours, and each indicator's values.
  const counted = await selectInChunks(db, page.map((row) => row.pt.id), (ids) =>
    db
      .select({ participationId: sql<string>`r.participation_id`, type: sql<"hours" | "indicator">`r.type`, hours: sql<number | null>`r.hours`, value: sql<number | null>`r.value`, unit: sql<string | null>`coalesce(r.unit, ind.unit)`, indicatorId: sql<string | null>`r.indicator_id`, indicator: sql<string | null>`ind.name` })
      .from(sql`participation_records r left join indicators ind on ind.id = r.indicator_id`)
      .where(and(inArray(sql`r.participation_id`, ids), sql.raw(`((${COUNTED_HOURS}) or (${COUNTED_INDICATORS}))`))),
  );
  // Their hours' value as the impact ledger values them (the rate card's rate in force each year).
  const valued = (await participationValues(env.DB, orgId, yearOffset(regionZone(org.region), Date.now()), page.map((row) => row.pt.id))).results;
  return {
    next,
    data: page.map(({ pt: row, slug, title }) => {
      const own = counted.filter((record) => record.participationId === row.id);
      const value = valued.filter((sum) => sum.participation_id === row.id);
      return {
        id: row.id,
        initiative: { id: row.initiativeId, slug, title },
        member_id: row.memberId,
        status: row.status,
        manager_approval_status: row.managerApprovalStatus,
        validated_hours: own.filter((record) => record.type === "hours").reduce((sum, record) => sum + (record.hours ?? 0), 0),
        // Per currency in minor units (a rate card may change currency between years), rounded to the cent as the impact report is.
        validated_value: value.filter((sum) => sum.currency !== null).map((sum) => ({ amount: Math.round(sum.amount ?? 0), currency: sum.currency! })),
        unvalued_hours: value.filter((sum) => sum.currency === null).reduce((total, sum) => total + sum.hours, 0),
        values: own.filter((record) => record.type === "indicator").map((record) => ({ indicator_id: record.indicatorId, indicator: record.indicator, value: record.value ?? 0, unit: record.unit })),
        joined_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      };
    }),
  };
}

const initiativeJson = (row: typeof schema.initiatives.$inferSelect) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  type: row.type,
  status: row.status,
  start_time: iso(row.startTime),
  end_time: iso(row.endTime),
  is_in_person: row.isInPerson,
  is_remote: row.isRemote,
  address: row.address,
  country: row.country,
  motivation: row.motivation,
  max_participants: row.maxParticipants,
  participant_count: row.participantCount,
  is_working_hours: row.isWorkingHours,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** GET .../initiatives: every initiative of the organisation, whatever its status. */
export async function listInitiatives(env: Env, orgId: string, query: PageQuery) {
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { after, order } = keyset(schema.initiatives.createdAt, schema.initiatives.id, query.cursor, true);
  const rows = await db.select().from(schema.initiatives).where(and(eq(schema.initiatives.orgId, orgId), after)).orderBy(...order).limit(limit + 1).all();
  const { page, next } = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
  return { next, data: page.map(initiativeJson) };
}

/** GET .../initiatives/{id}: one of the organisation's initiatives, else 404. */
export async function readInitiative(env: Env, orgId: string, id: string) {
  const row = await getDb(env).select().from(schema.initiatives).where(and(eq(schema.initiatives.orgId, orgId), eq(schema.initiatives.id, id))).get();
  if (!row) throw notFound("initiative_not_found", "The initiative cannot be found.");
  return initiativeJson(row);
}

/** GET .../donations: confirmed donations only (what the organisation received), in minor units. */
export async function listDonations(env: Env, orgId: string, query: PageQuery) {
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const { contributions: ct, initiatives: i } = schema;
  const { after, order } = keyset(ct.createdAt, ct.id, query.cursor, true);
  const rows = await db
    .select({ ct, slug: i.slug, title: i.title })
    .from(ct)
    .innerJoin(i, eq(i.id, ct.initiativeId))
    .where(and(eq(ct.orgId, orgId), eq(ct.status, "confirmed"), after))
    .orderBy(...order)
    .limit(limit + 1)
    .all();
  const { page, next } = pageOf(rows, limit, (row) => ({ createdAt: row.ct.createdAt, id: row.ct.id }));
  return {
    next,
    data: page.map(({ ct: row, slug, title }) => ({
      id: row.id,
      initiative: { id: row.initiativeId, slug, title },
      // An anonymous donation stays anonymous to other systems too.
      member_id: row.anonymous ? null : row.memberId,
      amount: row.amount,
      currency: row.currency,
      source: row.source,
      confirmed_at: iso(row.reviewedAt ?? row.createdAt),
      created_at: iso(row.createdAt),
    })),
  };
}
