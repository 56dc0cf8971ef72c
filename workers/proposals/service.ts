/**
 * Members' proposals (SPEC.md sections 3 to 5 and 7; issue 12): the rules the organisation and the
 * member bring (allowed types, SDG cap, date override, the member's own competences), sending one,
 * and the member's list. Moderation is workers/manage/proposals.ts.
 */
import { and, desc, eq, gt, min, sql } from "drizzle-orm";
import { INITIATIVE_TYPES, SDG_SLUGS, type InitiativeType } from "../../app/domain/initiatives/types";
import { calendarDay } from "../../app/domain/initiatives/reporting";
import { PROPOSALS_PER_DAY, proposalInputSchema, type ProposalInput, type ProposalRules, type ProposalSummary } from "../../app/domain/proposals";
import { regionZone } from "../../app/domain/zoned-time";
import { defaultMapCenter } from "../../app/domain/community-config";
import { getDb, schema } from "../db/client";
import { outboxStatement } from "../webhooks/outbox";
import { iso } from "../initiatives/serialize";
import { notFound, RateLimitedError } from "../lib/domain-errors";
import { parseInput } from "../lib/validation";
import type { Tenant } from "../tenant/organizations";

const { proposals } = schema;

const DAY = 86_400_000;

/** Feature `proposals` off: the calls do not exist (404). */
export function requireProposals(org: Tenant) {
  if (!org.community.features.proposals) throw notFound("not_found", "The resource cannot be found.");
}

/** The organisation's proposal types that are initiative types (an unknown one in the configuration is ignored). */
export const allowedProposalTypes = (org: Tenant): InitiativeType[] =>
  INITIATIVE_TYPES.filter((type) => org.community.proposal_types.includes(type));

export async function proposalRules(env: Env, org: Tenant, memberId: string, now: number): Promise<ProposalRules> {
  const rows = await getDb(env).select({ slug: schema.memberCompetences.competenceSlug }).from(schema.memberCompetences).where(eq(schema.memberCompetences.memberId, memberId));
  return {
    allowedTypes: allowedProposalTypes(org),
    maxSdgs: org.community.max_number_of_sdgs,
    canOverrideDateLimits: org.community.can_override_date_limits || org.community.can_override_dates,
    todayStart: calendarDay(now, regionZone(org.region)).start,
    memberCompetences: rows.map((row) => row.slug),
  };
}

/** What the wizard needs to check each step as the API will: the rules, the organisation's zone, where its map opens. */
export async function wizardRules(env: Env, org: Tenant, memberId: string, now: number) {
  return {
    ...(await proposalRules(env, org, memberId, now)),
    zone: regionZone(org.region),
    center: defaultMapCenter(org.community),
  };
}

export type WizardRules = Awaited<ReturnType<typeof wizardRules>>;

type ProposalRow = typeof proposals.$inferSelect;

export const toSummary = (row: Pick<ProposalRow, "id" | "title" | "type" | "status" | "createdAt" | "rejectReason">, initiativeSlug: string | null): ProposalSummary => ({
  id: row.id,
  title: row.title,
  type: row.type,
  status: row.status,
  created_at: iso(row.createdAt)!,
  reject_reason: row.status === "rejected" ? row.rejectReason : null,
  initiative_slug: initiativeSlug,
});

/**
 * Stores a proposal that passed every rule; answers it as the list shows it. The day's limit is
 * counted inside the insert (one statement), so parallel sends cannot pass it: the insert that
 * finds PROPOSALS_PER_DAY already sent inserts nothing and the answer is 429.
 */
export async function createProposal(env: Env, org: Tenant, memberId: string, body: unknown, now: number): Promise<ProposalSummary> {
  const input: ProposalInput = parseInput(proposalInputSchema(await proposalRules(env, org, memberId, now)), body);
  const time = (value: string | null) => (value ? Date.parse(value) : null);
  const id = crypto.randomUUID();
  // Counted from the proposals themselves: a refused form does not use up the day. Raw SQL: drizzle's
  // insert-select would have to name every column of the table.
  const insert = env.DB.prepare(
    `insert into proposals (id, org_id, member_id, type, title, description, start_time, end_time, is_in_person, address, latitude, longitude,
       is_remote, remote_url, sdgs, competences, help_organize, max_participants, created_at, location_precision)
     select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?22
     where (select count(*) from proposals where member_id = ?3 and created_at > ?20) < ?21`,
  )
    .bind(
      id,
      org.id,
      memberId,
      input.type,
      input.title,
      input.description,
      time(input.start_time),
      time(input.end_time),
      input.is_in_person ? 1 : 0,
      input.address,
      input.latitude,
      input.longitude,
      input.is_remote ? 1 : 0,
      input.remote_url,
      // Stored as SDG ids, as the lookups number them.
      JSON.stringify(input.sdgs.map((slug) => SDG_SLUGS.indexOf(slug) + 1)),
      JSON.stringify(input.competences),
      input.help_organize ? 1 : 0,
      input.max_participants,
      now,
      now - DAY,
      PROPOSALS_PER_DAY,
      input.location_precision,
    );
  // Told in the same batch, only when the day's limit let the insert write the proposal.
  const submitted = outboxStatement(env.DB, org.id, "proposal.submitted", `proposal:${id}`, { proposal: { id, title: input.title, type: input.type, status: "proposed", member_id: memberId } }, now, (target) => sql`exists (select 1 from proposals where id = ${target})`);
  const [inserted] = await env.DB.batch([insert, submitted]);
  if (!inserted.meta.changes) {
    const [sent] = await getDb(env)
      .select({ oldest: min(proposals.createdAt) })
      .from(proposals)
      .where(and(eq(proposals.memberId, memberId), gt(proposals.createdAt, now - DAY)));
    throw new RateLimitedError("too_many_requests", `At most ${PROPOSALS_PER_DAY} proposals in 24 hours.`, Math.max(1, Math.ceil(((sent?.oldest ?? now) + DAY - now) / 1000)));
  }
  return toSummary({ id, title: input.title, type: input.type as InitiativeType, status: "proposed", createdAt: now, rejectReason: null }, null);
}

/** The member's proposals in this organisation, newest first, with the initiative an approved one became. */
export async function myProposals(env: Env, org: Tenant, memberId: string) {
  const db = getDb(env);
  const rows = await db
    .select({ proposal: proposals, slug: schema.initiatives.slug })
    .from(proposals)
    .leftJoin(schema.initiatives, eq(schema.initiatives.id, proposals.initiativeId))
    .where(and(eq(proposals.orgId, org.id), eq(proposals.memberId, memberId)))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  return rows.map((row) => toSummary(row.proposal, row.slug));
}
