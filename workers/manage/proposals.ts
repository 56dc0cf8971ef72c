/**
 * The moderators' side of proposals (issue 12; SPEC.md section 6: administrators approve
 * proposals, and organisers too where the organisation's `organisers_moderate_proposals` says so).
 * The queue shows each proposal in full; approving makes an open initiative of it (the proposer
 * as its submitter, the moderator named its organiser, so the staff editor can change it at once),
 * rejecting needs a reason. Both tell the proposer by e-mail. The initiative's id is the
 * proposal's, and every write is conditional on this decision's audit row, written only while the
 * proposal waits, so of two moderators at once one decides (and one e-mail goes) and the other
 * gets 409.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { SDG_SLUGS } from "../../app/domain/initiatives/types";
import type { Precision } from "../../app/domain/location-precision";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { ChangedMeanwhileError, forbidden, notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { guardedAudit } from "./audit";
import { slugFor } from "./initiative-editor";
import type { Notice } from "./notify";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";
import type { StaffActor } from "./scope";

const { proposals, profiles, members } = schema;

/** Renders the raw statements of a decision for env.DB.batch. */
const dialect = new SQLiteSyncDialect();

/** Who moderates proposals: administrators, and organisers where the organisation lets them. */
export const moderatesProposals = (org: Tenant, role: string) => role === "admin" || (role === "organiser" && org.community.organisers_moderate_proposals);

function requireModerator(org: Tenant, actor: StaffActor) {
  if (!moderatesProposals(org, actor.role)) throw forbidden("staff_only", "Only the organisation's moderators can do this.");
}

export interface ModeratedProposal {
  id: string;
  type: string;
  title: string;
  description: string;
  start_time: string | null;
  end_time: string | null;
  is_in_person: boolean;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** How close the pin is to the address (the place the wizard's search found); null: unknown. */
  location_precision: Precision | null;
  is_remote: boolean;
  remote_url: string | null;
  sdgs: string[];
  competences: string[];
  help_organize: boolean;
  /** null: unlimited. */
  max_participants: number | null;
  status: "proposed" | "open" | "rejected";
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  /** The initiative made of it, once approved. */
  initiative_id: string | null;
  proposer: { id: string; name: string; email: string; avatar: string | null };
}

const columns = { proposal: proposals, name: profiles.name, avatarKey: profiles.avatarKey, email: members.email };

function toModerated(row: { proposal: typeof proposals.$inferSelect; name: string | null; avatarKey: string | null; email: string }): ModeratedProposal {
  const p = row.proposal;
  return {
    id: p.id,
    type: p.type,
    title: p.title,
    description: p.description,
    start_time: iso(p.startTime),
    end_time: iso(p.endTime),
    is_in_person: p.isInPerson,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    location_precision: p.locationPrecision ?? null,
    is_remote: p.isRemote,
    remote_url: p.remoteUrl,
    sdgs: (JSON.parse(p.sdgs) as number[]).map((id) => SDG_SLUGS[id - 1]).filter(Boolean),
    competences: JSON.parse(p.competences) as string[],
    help_organize: p.helpOrganize,
    max_participants: p.maxParticipants !== null && p.maxParticipants >= 0 ? p.maxParticipants : null,
    status: p.status,
    reject_reason: p.rejectReason,
    created_at: iso(p.createdAt)!,
    reviewed_at: iso(p.reviewedAt),
    initiative_id: p.initiativeId,
    proposer: { id: p.memberId, name: row.name ?? "", email: row.email, avatar: avatarUrl(p.memberId, row.avatarKey) },
  };
}

export interface ProposalListQuery extends PageQuery {
  status: "proposed" | "open" | "rejected";
}

/** The organisation's proposals of one status: what waits oldest first, what was decided newest first. */
export async function listProposals(env: Env, org: Tenant, actor: StaffActor, query: ProposalListQuery) {
  requireModerator(org, actor);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const paging = keyset(proposals.createdAt, proposals.id, query.cursor, query.status === "proposed");
  const rows = await db
    .select(columns)
    .from(proposals)
    .innerJoin(members, eq(members.id, proposals.memberId))
    .leftJoin(profiles, eq(profiles.memberId, proposals.memberId))
    .where(and(eq(proposals.orgId, org.id), eq(proposals.status, query.status), paging.after))
    .orderBy(...paging.order)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit, (row) => row.proposal);
  return { proposals: page.map(toModerated), next };
}

async function oneProposal(env: Env, org: Tenant, id: string) {
  const row = await getDb(env)
    .select(columns)
    .from(proposals)
    .innerJoin(members, eq(members.id, proposals.memberId))
    .leftJoin(profiles, eq(profiles.memberId, proposals.memberId))
    .where(and(eq(proposals.orgId, org.id), eq(proposals.id, id)))
    .get();
  if (!row) throw notFound("proposal_not_found", "The proposal cannot be found.");
  return row;
}

export interface ProposalDecision {
  status: "open" | "rejected";
  reject_reason?: string;
}

/**
 * Approves (an open initiative made of it) or rejects (with its reason) a waiting proposal, once:
 * one guarded write (decision 025) whose every statement runs only when its audit row was written,
 * which happens only while the proposal waits. A decided proposal, or one decided by someone else
 * meanwhile, is 409 proposal_already_reviewed with the proposal as stored.
 */
export async function reviewProposal(env: Env, org: Tenant, actor: StaffActor, id: string, decision: ProposalDecision, now: number) {
  requireModerator(org, actor);
  const current = await oneProposal(env, org, id);
  const p = current.proposal;
  const alreadyReviewed = (row: typeof current) => new ChangedMeanwhileError("proposal_already_reviewed", "Someone already decided on this proposal.", toModerated(row));
  if (p.status !== "proposed") throw alreadyReviewed(current);
  const db = getDb(env);
  const audit = guardedAudit(
    db,
    org.id,
    actor.memberId,
    [{ action: decision.status === "open" ? "proposal.approved" : "proposal.rejected", targetType: "proposal", targetId: p.id, detail: decision.status === "open" ? {} : { reason: decision.reject_reason } }],
    now,
    (target) => sql`exists (select 1 from ${proposals} where ${proposals.id} = ${target} and ${proposals.status} = 'proposed')`,
  );
  const mine = sql`${p.id} in ${audit.targets}`;
  const statements: SQL[] =
    decision.status === "rejected"
      ? [sql`update proposals set status = 'rejected', reject_reason = ${decision.reject_reason ?? null}, reviewed_by = ${actor.memberId}, reviewed_at = ${now} where id = ${p.id} and status = 'proposed' and ${mine}`]
      : approvalStatements(org, actor, p, mine, now);
  // Raw statements in one D1 batch: drizzle's batch cannot carry raw SQL with parameters.
  const [, ...results] = await env.DB.batch([audit.statement.toSQL(), ...statements.map((statement) => dialect.sqlToQuery(statement)), audit.written.toSQL()].map(({ sql: text, params }) => env.DB.prepare(text).bind(...params)));
  const written = results[results.length - 1].results;
  const after = await oneProposal(env, org, id);
  if (!written.length) throw alreadyReviewed(after);
  const initiative = after.proposal.initiativeId
    ? await db.select({ slug: schema.initiatives.slug, title: schema.initiatives.title }).from(schema.initiatives).where(eq(schema.initiatives.id, after.proposal.initiativeId)).get()
    : undefined;
  const notice: Notice = {
    kind: decision.status === "open" ? "proposal_approved" : "proposal_rejected",
    memberId: p.memberId,
    initiative: initiative ?? { slug: "", title: p.title },
    reason: decision.status === "rejected" ? decision.reject_reason : null,
    path: decision.status === "open" && initiative ? undefined : "/proposal",
  };
  return { proposal: toModerated(after), notices: [notice] };
}

/**
 * The approval's statements, each run only when `mine` holds (this approval's audit row was
 * written). The initiative's id is the proposal's, so even a second approval could not make
 * another. Raw SQL: the inserts read the proposal's own columns, which drizzle's insert-select
 * cannot name. The proposal is marked last (its initiative_id must name an
 * initiative that exists by then).
 */
function approvalStatements(org: Tenant, actor: StaffActor, p: typeof proposals.$inferSelect, mine: SQL, now: number): SQL[] {
  const made = sql`${mine} and exists (select 1 from initiatives where id = ${p.id})`;
  return [
    sql`insert into initiatives (id, org_id, slug, title, description, address, latitude, longitude, location_precision, type, status, start_time, end_time,
           is_in_person, is_remote, remote_url, max_participants, submitter_member_id, created_at, updated_at)
         select id, org_id, ${slugFor(p.title)}, title, description, address, latitude, longitude, location_precision, type, 'open', start_time, end_time,
           is_in_person, is_remote, remote_url, coalesce(max_participants, -1), member_id, ${now}, ${now}
         from proposals where id = ${p.id} and status = 'proposed' and ${mine}
         on conflict do nothing`,
    sql`insert into initiative_sdgs (initiative_id, sdg_id) select ${p.id}, value from json_each((select sdgs from proposals where id = ${p.id})) where ${made} on conflict do nothing`,
    sql`insert into initiative_competences (initiative_id, competence_slug)
         select ${p.id}, value from json_each((select competences from proposals where id = ${p.id})) where ${made} and value in (select slug from competences) on conflict do nothing`,
    // The moderator organises it, so the staff editor opens for them (an administrator may anyway).
    sql`insert into initiative_organisers (initiative_id, member_id, org_id, created_at) select ${p.id}, ${actor.memberId}, ${org.id}, ${now} where ${made} on conflict do nothing`,
    sql`update proposals set status = 'open', initiative_id = ${p.id}, reviewed_by = ${actor.memberId}, reviewed_at = ${now} where id = ${p.id} and status = 'proposed' and ${mine}`,
  ];
}
