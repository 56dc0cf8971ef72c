/**
 * Reading initiatives for one member of one organisation. Every query filters by the
 * organisation's id, so another organisation's initiative is simply not found (404).
 *
 * `findInitiative` is the one way the API helpers load an initiative: the full `Initiative` as
 * GET {org}/initiative/{slug} answers it, for that member, loaded in ONE round trip (the row and
 * everything around it in one batch, keyed by a subquery on the slug or id).
 */
import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Initiative, InitiativeCard } from "../../app/domain/initiatives";
import { getDb, schema, type BatchResults, type Database } from "../db/client";
import { chunksFor } from "../db/chunks";
import { avatarUrl } from "../profile/avatar-url";
import { readKey, type RequestMemo } from "../lib/request-memo";
import type { Tenant } from "../tenant/organizations";
import { toCard, toInitiative, type CardExtras, type InitiativeRow, type ParticipationRow } from "./serialize";
import { toWaitlistPlace, waitlistPlaceStatement } from "./waitlist";

const { initiatives, participations, participationRecords, interests, contributions, scores } = schema;

export type InitiativeKey = { slug: string } | { id: string };

/**
 * Only confirmed money counts towards contribution_total, contributor_count, the progress bar and
 * a member's own_contribution_total: a transfer or in-hand pledge is pending until the organisers
 * receive it. The member's own pending pledges are answered apart (own_pending_contribution_total).
 */
export const countedContribution = eq(contributions.status, "confirmed");
/** A member's involvement in a donation: confirmed or still pending, not rejected (my initiatives). */
export const liveContribution = ne(contributions.status, "rejected");

/** The member's own confirmed and pending sums (minor units), over contributions that are not rejected. */
const ownSums = {
  confirmed: sql<number>`coalesce(sum(case when ${contributions.status} = 'confirmed' then ${contributions.amount} end), 0)`,
  pending: sql<number>`coalesce(sum(case when ${contributions.status} = 'pending' then ${contributions.amount} end), 0)`,
};

/** The initiative row of this organisation, by slug or id, or null. */
export async function findInitiativeRow(db: Database, orgId: string, by: InitiativeKey): Promise<InitiativeRow | null> {
  const key = "slug" in by ? eq(initiatives.slug, by.slug) : eq(initiatives.id, by.id);
  return (await db.select().from(initiatives).where(and(eq(initiatives.orgId, orgId), key)).get()) ?? null;
}

/**
 * The full initiative for one member, or null when the organisation has no such initiative. With a
 * browser request's memo (reads only: a write must read what it changed), a page's calls about one
 * initiative (the detail, its attachment lists) share one read.
 */
export function findInitiative(env: Pick<Env, "DB">, org: Tenant, memberId: string, by: InitiativeKey, memo?: RequestMemo): Promise<Initiative | null> {
  const read = () => readInitiative(getDb(env), org, memberId, by);
  const key = "slug" in by ? `slug:${by.slug}` : `id:${by.id}`;
  return memo ? memo.once(readKey(`initiative:${org.id}:${memberId}:${key}`), read) : read();
}

async function readInitiative(db: Database, org: Tenant, memberId: string, by: InitiativeKey): Promise<Initiative | null> {
  return initiativeFrom(org, await db.batch(initiativeStatements(db, org, memberId, by)));
}

/** The statements that read the full initiative for one member (a batch of their own, or the tail of a write's batch). */
export function initiativeStatements(db: Database, org: Tenant, memberId: string, by: InitiativeKey) {
  const key = "slug" in by ? eq(initiatives.slug, by.slug) : eq(initiatives.id, by.id);
  const where = and(eq(initiatives.orgId, org.id), key);
  const ofRow = (column: typeof initiatives.id | typeof initiatives.submitterMemberId) => db.select({ value: column }).from(initiatives).where(where);
  return [
    db.select().from(initiatives).where(where),
    ...aroundInitiative(db, org, memberId, (column) => inArray(column, ofRow(initiatives.id)), (column) => inArray(column, ofRow(initiatives.submitterMemberId))),
  ] as const;
}

/** The initiative from what initiativeStatements read; null when there is none. */
export function initiativeFrom(org: Tenant, [rows, ...around]: BatchResults<ReturnType<typeof initiativeStatements>>): Initiative | null {
  return rows[0] ? toFullInitiative(org, rows[0], around) : null;
}

/** The member's participation in an initiative (any status), or null. */
export async function participationOf(env: Pick<Env, "DB">, initiativeId: string, memberId: string): Promise<ParticipationRow | null> {
  const db = getDb(env);
  return (
    (await db
      .select()
      .from(participations)
      .where(and(eq(participations.initiativeId, initiativeId), eq(participations.memberId, memberId)))
      .get()) ?? null
  );
}

/**
 * The statements that read everything around one initiative; `isInitiative` and `isSubmitter`
 * match its id and its submitter's member id (subqueries, so the row is read in the same batch).
 */
function aroundInitiative(db: Database, org: Tenant, memberId: string, isInitiative: (column: SQLiteColumn) => SQL, isSubmitter: (column: SQLiteColumn) => SQL) {
  return [
    db.select({ id: schema.initiativeSdgs.sdgId }).from(schema.initiativeSdgs).where(isInitiative(schema.initiativeSdgs.initiativeId)).orderBy(schema.initiativeSdgs.sdgId),
    db
      .select({ slug: schema.initiativeCategories.categorySlug })
      .from(schema.initiativeCategories)
      .where(isInitiative(schema.initiativeCategories.initiativeId))
      .orderBy(schema.initiativeCategories.categorySlug),
    db
      .select({ slug: schema.initiativeCompetences.competenceSlug })
      .from(schema.initiativeCompetences)
      .where(isInitiative(schema.initiativeCompetences.initiativeId))
      .orderBy(schema.initiativeCompetences.competenceSlug),
    db
      .select({ slug: schema.initiativeTargetAudiences.targetAudienceSlug })
      .from(schema.initiativeTargetAudiences)
      .where(isInitiative(schema.initiativeTargetAudiences.initiativeId))
      .orderBy(schema.initiativeTargetAudiences.targetAudienceSlug),
    // A collaborator's score: the organiser ratings of every initiative it took part in.
    db
      .select({
        name: schema.collaborators.name,
        slug: schema.collaborators.slug,
        logoSmall: schema.collaborators.logoSmall,
        score: sql<number | null>`(select avg(s.organization_score) from scores s join initiative_collaborators ic on ic.initiative_id = s.initiative_id where ic.collaborator_id = ${schema.collaborators.id} and s.organization_score is not null)`,
        scoreCount: sql<number>`(select count(s.organization_score) from scores s join initiative_collaborators ic on ic.initiative_id = s.initiative_id where ic.collaborator_id = ${schema.collaborators.id})`,
      })
      .from(schema.initiativeCollaborators)
      .innerJoin(schema.collaborators, eq(schema.collaborators.id, schema.initiativeCollaborators.collaboratorId))
      .where(and(isInitiative(schema.initiativeCollaborators.initiativeId), eq(schema.collaborators.orgId, org.id)))
      .orderBy(schema.collaborators.name),
    db
      .select({ id: schema.indicators.id, name: schema.indicators.name, unit: schema.indicators.unit })
      .from(schema.indicators)
      .where(isInitiative(schema.indicators.initiativeId))
      .orderBy(schema.indicators.sortOrder, schema.indicators.id),
    db.select().from(schema.donationParams).where(isInitiative(schema.donationParams.initiativeId)),
    db
      .select()
      .from(participations)
      .where(and(isInitiative(participations.initiativeId), eq(participations.memberId, memberId))),
    db
      .select({ record: participationRecords })
      .from(participationRecords)
      .innerJoin(participations, eq(participations.id, participationRecords.participationId))
      .where(and(isInitiative(participations.initiativeId), eq(participations.memberId, memberId)))
      .orderBy(desc(participationRecords.createdAt), desc(participationRecords.id)),
    db
      .select({ at: interests.createdAt })
      .from(interests)
      .where(and(isInitiative(interests.initiativeId), eq(interests.memberId, memberId))),
    db
      .select({ initiativeScore: scores.initiativeScore, organizationScore: scores.organizationScore })
      .from(scores)
      .where(and(isInitiative(scores.initiativeId), eq(scores.memberId, memberId))),
    db
      .select({
        initiative: sql<number | null>`avg(${scores.initiativeScore})`,
        initiativeCount: sql<number>`count(${scores.initiativeScore})`,
        organization: sql<number | null>`avg(${scores.organizationScore})`,
        organizationCount: sql<number>`count(${scores.organizationScore})`,
      })
      .from(scores)
      .where(isInitiative(scores.initiativeId)),
    db
      .select({ total: sql<number>`coalesce(sum(${contributions.amount}), 0)`, contributors: sql<number>`count(distinct ${contributions.memberId})` })
      .from(contributions)
      // `+org_id`: checked on the initiative's rows, but no index term, or the planner walks the
      // organisation's (org_id, status) index over every confirmed pledge (issue 26).
      .where(and(isInitiative(contributions.initiativeId), sql`+${contributions.orgId} = ${org.id}`, countedContribution)),
    db
      .select(ownSums)
      .from(contributions)
      .where(and(isInitiative(contributions.initiativeId), eq(contributions.memberId, memberId), liveContribution)),
    db
      .select({ memberId: schema.profiles.memberId, name: schema.profiles.name, avatarKey: schema.profiles.avatarKey, disabledAt: schema.members.disabledAt })
      .from(schema.profiles)
      .innerJoin(schema.members, eq(schema.members.id, schema.profiles.memberId))
      .where(isSubmitter(schema.profiles.memberId)),
    waitlistPlaceStatement(db, memberId, isInitiative),
  ] as const;
}

/** What a batch of these statements answers, statement by statement. */
type AroundRows = BatchResults<ReturnType<typeof aroundInitiative>>;

function toFullInitiative(org: Tenant, row: InitiativeRow, around: AroundRows): Initiative {
  const [
    sdgRows,
    categoryRows,
    competenceRows,
    audienceRows,
    collaboratorRows,
    indicatorRows,
    donationRows,
    participationRows,
    recordRows,
    interestRows,
    ownScoreRows,
    scoreRows,
    contributionRows,
    ownContributionRows,
    submitterRows,
    waitlistRows,
  ] = around;
  const participation = participationRows[0] ?? null;
  const submitter = submitterRows[0];
  return toInitiative(org, row, {
    sdgs: sdgRows.map((s) => s.id),
    categories: categoryRows.map((c) => c.slug),
    competences: competenceRows.map((c) => c.slug),
    targetAudience: audienceRows.map((a) => a.slug),
    collaborators: collaboratorRows.map((c) => ({ ...c, score: c.score === null ? null : Number(c.score), scoreCount: Number(c.scoreCount) })),
    indicators: indicatorRows,
    donation: donationRows[0] ?? null,
    participation,
    records: recordRows.map((r) => r.record),
    interested: interestRows.length > 0,
    ownScore: ownScoreRows[0] ?? null,
    scores: {
      initiative: scoreRows[0]?.initiative ?? null,
      initiativeCount: Number(scoreRows[0]?.initiativeCount ?? 0),
      organization: scoreRows[0]?.organization ?? null,
      organizationCount: Number(scoreRows[0]?.organizationCount ?? 0),
    },
    contributionTotal: Number(contributionRows[0]?.total ?? 0),
    contributorCount: Number(contributionRows[0]?.contributors ?? 0),
    ownContribution: Number(ownContributionRows[0]?.confirmed ?? 0),
    ownPendingContribution: Number(ownContributionRows[0]?.pending ?? 0),
    waitlist: toWaitlistPlace(waitlistRows[0], Date.now()),
    submitter: submitter
      ? {
          name: submitter.name,
          avatar: avatarUrl(submitter.memberId, submitter.avatarKey),
          status: submitter.disabledAt ? "disabled" : "active",
        }
      : null,
  });
}

/**
 * Cards for a page of initiative rows: SDGs, categories and the member's participation, interest
 * and contributions of all of them in one batch (never one query per card).
 */
export async function loadCards(db: Database, org: Tenant, memberId: string, rows: InitiativeRow[]): Promise<InitiativeCard[]> {
  const cards: InitiativeCard[] = [];
  // The contributions query binds the member and a status besides the ids.
  for (const chunk of chunksFor(rows, 1, 2)) cards.push(...(await loadCardChunk(db, org, memberId, chunk)));
  return cards;
}

async function loadCardChunk(db: Database, org: Tenant, memberId: string, rows: InitiativeRow[]) {
  const ids = rows.map((r) => r.id);
  return toCards(org, rows, await db.batch(cardStatements(db, memberId, (column) => inArray(column, ids))));
}

/**
 * The statements that read what cards show besides their rows (SDGs, categories, the member's
 * participation, interest and contributions); `isCard` matches the cards' initiative ids (a list,
 * or a subquery so the rows can be read in the same batch).
 */
export function cardStatements(db: Database, memberId: string, isCard: (column: SQLiteColumn) => SQL) {
  return [
    db
      .select({ initiativeId: schema.initiativeSdgs.initiativeId, id: schema.initiativeSdgs.sdgId })
      .from(schema.initiativeSdgs)
      .where(isCard(schema.initiativeSdgs.initiativeId))
      .orderBy(schema.initiativeSdgs.sdgId),
    db
      .select({ initiativeId: schema.initiativeCategories.initiativeId, slug: schema.initiativeCategories.categorySlug })
      .from(schema.initiativeCategories)
      .where(isCard(schema.initiativeCategories.initiativeId))
      .orderBy(schema.initiativeCategories.categorySlug),
    ...ownCardStatements(db, memberId, isCard),
  ] as const;
}

/**
 * The member's own part of the cards (participation, interest, contributions), the last three
 * statements of cardStatements. `isCard` may instead answer a condition on the member's rows (their
 * organisation's, or none): then every such row of the member's is read and toCards keeps those
 * of the cards, which "my initiatives" does so that it reads the member's rows once, not once per
 * statement through a subquery of its ids (issue 26).
 */
export function ownCardStatements(db: Database, memberId: string, isCard: (column: SQLiteColumn) => SQL | undefined) {
  return [
    db
      .select({
        initiativeId: participations.initiativeId,
        status: participations.status,
        managerApprovalStatus: participations.managerApprovalStatus,
        createdAt: participations.createdAt,
        uuid: participations.uuid,
      })
      .from(participations)
      .where(and(eq(participations.memberId, memberId), isCard(participations.initiativeId))),
    db
      .select({ initiativeId: interests.initiativeId })
      .from(interests)
      .where(and(eq(interests.memberId, memberId), isCard(interests.initiativeId))),
    db
      .select({ initiativeId: contributions.initiativeId, ...ownSums })
      .from(contributions)
      .where(and(eq(contributions.memberId, memberId), isCard(contributions.initiativeId), liveContribution))
      .groupBy(contributions.initiativeId),
  ] as const;
}

/** Cards of `rows`, from what a batch of cardStatements answered. */
export function toCards(org: Tenant, rows: InitiativeRow[], results: BatchResults<ReturnType<typeof cardStatements>>): InitiativeCard[] {
  const [sdgRows, categoryRows, participationRows, interestRows, contributionRows] = results;
  const extras = new Map<string, CardExtras>(
    rows.map((row) => [row.id, { sdgs: [], categories: [], participation: null, interested: false, ownContribution: 0, ownPendingContribution: 0 }]),
  );
  for (const s of sdgRows) extras.get(s.initiativeId)?.sdgs.push(s.id);
  for (const c of categoryRows) extras.get(c.initiativeId)?.categories.push(c.slug);
  for (const { initiativeId, ...p } of participationRows) {
    const card = extras.get(initiativeId);
    if (card) card.participation = p;
  }
  for (const i of interestRows) {
    const card = extras.get(i.initiativeId);
    if (card) card.interested = true;
  }
  for (const c of contributionRows) {
    const card = extras.get(c.initiativeId);
    if (card) Object.assign(card, { ownContribution: Number(c.confirmed), ownPendingContribution: Number(c.pending) });
  }
  return rows.map((row) => toCard(org, row, extras.get(row.id)!));
}
