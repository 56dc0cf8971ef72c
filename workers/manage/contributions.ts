/**
 * Money waiting for staff (issue 11, point 6): bank-transfer, in-hand and external pledges of the
 * initiatives the actor manages, searchable by their 4-character confirmation code or the donor's
 * name, and the decision on each: confirmed money counts in the initiative's totals, refused money
 * never does. PayPal contributions are confirmed by the capture itself and are not decided here.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { CONTRIBUTION_DECISIONS } from "../../app/domain/manage";
import { fromMinorUnits, type DonationSource } from "../../app/domain/initiatives";
import { selectInChunks } from "../db/chunks";
import { getDb, schema, type Database } from "../db/client";
import { iso } from "../initiatives/serialize";
import { conflict } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import type { Notice } from "./notify";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";
import { alreadyReviewed, decideFound, requireReviewable, reviewChange } from "./review";
import { outboxEvents } from "../webhooks/outbox";
import { contributionPayload } from "../webhooks/payloads";
import { managedColumn, managedInitiativeIds, managedInitiatives, ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const { contributions, initiatives, profiles } = schema;

export type ContributionDecision = (typeof CONTRIBUTION_DECISIONS)[number];

/** A contribution as staff see it: the donor even when the public sees it as anonymous. */
export interface ManagedContribution {
  id: string;
  value: number;
  currency: string;
  source: DonationSource;
  status: (typeof schema.CONTRIBUTION_STATUSES)[number];
  confirmation_code: string | null;
  anonymous: boolean;
  comment: string | null;
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  donor: { member_id: string; name: string; avatar: string | null };
  initiative: { id: string; slug: string; title: string };
}

export interface ContributionListQuery extends PageQuery {
  status: (typeof schema.CONTRIBUTION_STATUSES)[number];
  initiative_id?: string;
  source?: DonationSource;
  /** A confirmation code (any case) or part of the donor's name. */
  q?: string;
}

const columns = {
  contribution: contributions,
  memberName: profiles.name,
  avatarKey: profiles.avatarKey,
  initiativeSlug: initiatives.slug,
  initiativeTitle: initiatives.title,
};

function fromContributions(db: Database, select: typeof columns & { managed?: SQL.Aliased<number> }) {
  return db
    .select(select)
    .from(contributions)
    .innerJoin(initiatives, eq(initiatives.id, contributions.initiativeId))
    .leftJoin(profiles, eq(profiles.memberId, contributions.memberId));
}

interface Row {
  contribution: typeof contributions.$inferSelect;
  memberName: string | null;
  avatarKey: string | null;
  initiativeSlug: string;
  initiativeTitle: string;
}

function toManagedContribution(row: Row): ManagedContribution {
  const c = row.contribution;
  return {
    id: c.id,
    value: fromMinorUnits(c.amount),
    currency: c.currency,
    source: c.source,
    status: c.status,
    confirmation_code: c.confirmationCode,
    anonymous: c.anonymous,
    comment: c.comment,
    reject_reason: c.status === "rejected" ? c.rejectReason : null,
    created_at: iso(c.createdAt)!,
    reviewed_at: iso(c.reviewedAt),
    donor: { member_id: c.memberId, name: row.memberName ?? "", avatar: avatarUrl(c.memberId, row.avatarKey) },
    initiative: { id: c.initiativeId, slug: row.initiativeSlug, title: row.initiativeTitle },
  };
}

/** One page of the contributions of `status` (pending: oldest first; decided: newest first). */
export async function listContributions(env: Env, org: Tenant, actor: StaffActor, query: ContributionListQuery) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const paging = keyset(contributions.createdAt, contributions.id, query.cursor, query.status === "pending");
  const q = query.q?.trim();
  // An organiser's page is read from the initiatives they manage (decision 043), organisation and status checked on their rows (`+`).
  const mine = managedInitiatives(db, actor) ? managedInitiativeIds(db, org.id, actor) : null;
  const rows = await fromContributions(db, columns)
    .where(
      and(
        mine
          ? and(inArray(contributions.initiativeId, mine), sql`+${contributions.orgId} = ${org.id} and +${initiatives.orgId} = ${org.id} and +${contributions.status} = ${query.status}`)
          : and(eq(contributions.orgId, org.id), eq(initiatives.orgId, org.id), eq(contributions.status, query.status)),
        query.initiative_id ? eq(initiatives.id, query.initiative_id) : undefined,
        query.source ? eq(contributions.source, query.source) : undefined,
        q ? or(eq(contributions.confirmationCode, q.toUpperCase()), sql`instr(lower(${profiles.name}), lower(${q})) > 0`) : undefined,
        paging.after,
      ),
    )
    .orderBy(...paging.order)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit, (row) => row.contribution);
  return { contributions: page.map(toManagedContribution), next };
}

/**
 * Confirms or refuses the pending pledges `ids` (404 / 403 for the whole decision as every staff
 * decision, review.ts; a PayPal one among them: 409 contribution_not_manual, nothing decided).
 * Each pending pledge is decided once: answers them as they now are, the ids this decision
 * changed (`applied`), the others (`lost`), and the e-mails owed for the applied ones only.
 */
export async function reviewContributions(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  ids: string[],
  decision: { status: ContributionDecision; reason: string | null },
  now: number,
): Promise<{ contributions: ManagedContribution[]; applied: string[]; lost: string[]; notices: Notice[] }> {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const read = (chunk: string[]) =>
    fromContributions(db, { ...columns, managed: managedColumn(db, actor) }).where(
      and(eq(contributions.orgId, org.id), eq(initiatives.orgId, org.id), inArray(contributions.id, chunk)),
    );
  // Others besides the ids: the organisation twice, and the actor in the managed column.
  const found = await selectInChunks(db, ids, read, 5);
  requireReviewable(found, ids, "contribution");
  if (found.some((row) => row.contribution.source === "paypal")) throw conflict("contribution_not_manual", "PayPal contributions are confirmed by their payment.");
  const change = reviewChange(decision, actor, now);
  const reason = change.rejectReason;
  const { stored, applied, lost } = await decideFound(db, found, (row) => row.contribution.id, (row) => row.contribution.status === "pending", {
    table: contributions,
    change,
    also: ne(contributions.source, "paypal"),
    audit: (id) => ({ action: `contribution.${decision.status}`, targetType: "contribution", targetId: id, detail: reason ? { reason } : {} }),
    read,
    readOthers: 5,
    org,
    actor,
    now,
    ...(decision.status === "confirmed"
      ? {
          outbox: (changed: (target: SQL) => SQL) =>
            outboxEvents(
              db,
              org.id,
              "contribution.confirmed",
              found.map((row) => ({ target: row.contribution.id, resource: `contribution:${row.contribution.id}` as const, payload: contributionPayload(row.contribution, { slug: row.initiativeSlug, title: row.initiativeTitle }) })),
              now,
              changed,
            ),
        }
      : {}),
  });
  return {
    contributions: stored.map(toManagedContribution),
    applied: applied.map((row) => row.contribution.id),
    lost: lost.map((row) => row.contribution.id),
    notices: applied.map((row) => ({
      kind: decision.status === "confirmed" ? "contribution_confirmed" : "contribution_rejected",
      memberId: row.contribution.memberId,
      initiative: { slug: row.initiativeSlug, title: row.initiativeTitle },
      reason,
      amount: { value: fromMinorUnits(row.contribution.amount), currency: row.contribution.currency },
    })),
  };
}

/** The decision on one pledge: its answer, or 409 contribution_already_reviewed with the pledge as stored when it lost. */
export async function reviewContribution(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  id: string,
  decision: { status: ContributionDecision; reason: string | null },
  now: number,
): Promise<{ contribution: ManagedContribution; notices: Notice[] }> {
  const { contributions: [contribution], applied, notices } = await reviewContributions(env, org, actor, [id], decision, now);
  if (!applied.length) throw alreadyReviewed("contribution", contribution);
  return { contribution, notices };
}
