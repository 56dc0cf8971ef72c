/**
 * The moderators' side of proposals (issue 12; SPEC.md section 6: administrators approve
 * proposals, and organisers too where the organisation's `organisers_moderate_proposals` says so).
 * The queue shows each proposal in full; approving makes an open initiative of it (the proposer
 * as its submitter, the moderator named its organiser, so the staff editor can change it at once),
 * rejecting needs a reason. Both tell the proposer by e-mail. The initiative's id is the
 * proposal's, and every write is conditional on the proposal's state, so a decision made twice, or
 * two moderators at once, makes one initiative at most.
 */
import { and, eq } from "drizzle-orm";
import { SDG_SLUGS } from "../../app/domain/initiatives/types";
import { writeBatch } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { conflict, forbidden, notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { auditStatements } from "./audit";
import { slugFor } from "./initiative-editor";
import type { Notice } from "./notify";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";
import type { StaffActor } from "./scope";

const { proposals, profiles, members } = schema;

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
 * Approves (an open initiative made of it) or rejects (with its reason) a waiting proposal. The
 * same decision again answers the proposal as it is; another decision on a decided one is 409.
 */
export async function reviewProposal(env: Env, org: Tenant, actor: StaffActor, id: string, decision: ProposalDecision, now: number) {
  requireModerator(org, actor);
  const current = await oneProposal(env, org, id);
  const p = current.proposal;
  if (p.status === decision.status) return { proposal: toModerated(current), notices: [] as Notice[] };
  if (p.status !== "proposed") throw conflict("proposal_already_reviewed", "Someone already decided otherwise on this proposal.");
  const db = getDb(env);
  const waiting = and(eq(proposals.id, p.id), eq(proposals.status, "proposed"));
  const review = { reviewedBy: actor.memberId, reviewedAt: now };
  if (decision.status === "rejected") {
    await writeBatch(db, [
      db.update(proposals).set({ status: "rejected", rejectReason: decision.reject_reason ?? null, ...review }).where(waiting),
      ...auditStatements(db, org.id, actor.memberId, [{ action: "proposal.rejected", targetType: "proposal", targetId: p.id, detail: { reason: decision.reject_reason } }], now),
    ]);
  } else {
    // The initiative's id is the proposal's: a second approval (or a race) cannot make another. Raw
    // statements: the inserts read the proposal's own columns, which drizzle's insert-select cannot name.
    // Every statement runs only while the proposal waits; the proposal is marked last (its
    // initiative_id must name an initiative that exists by then).
    const waits = "exists (select 1 from proposals where id = ?1 and status = 'proposed')";
    const made = `${waits} and exists (select 1 from initiatives where id = ?1)`;
    await env.DB.batch([
      env.DB.prepare(
        `insert into initiatives (id, org_id, slug, title, description, address, latitude, longitude, type, status, start_time, end_time,
           is_in_person, is_remote, remote_url, max_participants, submitter_member_id, created_at, updated_at)
         select id, org_id, ?2, title, description, address, latitude, longitude, type, 'open', start_time, end_time,
           is_in_person, is_remote, remote_url, coalesce(max_participants, -1), member_id, ?3, ?3
         from proposals where id = ?1 and status = 'proposed'
         on conflict do nothing`,
      ).bind(p.id, slugFor(p.title), now),
      env.DB.prepare(`insert into initiative_sdgs (initiative_id, sdg_id) select ?1, value from json_each((select sdgs from proposals where id = ?1)) where ${made} on conflict do nothing`).bind(p.id),
      env.DB.prepare(
        `insert into initiative_competences (initiative_id, competence_slug)
         select ?1, value from json_each((select competences from proposals where id = ?1)) where ${made} and value in (select slug from competences) on conflict do nothing`,
      ).bind(p.id),
      // The moderator organises it, so the staff editor opens for them (an administrator may anyway).
      env.DB.prepare(`insert into initiative_organisers (initiative_id, member_id, org_id, created_at) select ?1, ?2, ?3, ?4 where ${made} on conflict do nothing`).bind(
        p.id,
        actor.memberId,
        org.id,
        now,
      ),
      env.DB.prepare("update proposals set status = 'open', initiative_id = ?1, reviewed_by = ?2, reviewed_at = ?3 where id = ?1 and status = 'proposed'").bind(p.id, actor.memberId, now),
      env.DB.prepare(
        `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
         select ?1, ?2, ?3, 'proposal.approved', 'proposal', ?4, '{}', ?5 where exists (select 1 from proposals where id = ?4 and status = 'open') on conflict do nothing`,
      ).bind(`proposal-approved:${p.id}`, org.id, actor.memberId, p.id, now),
    ]);
  }
  const after = await oneProposal(env, org, id);
  if (after.proposal.status !== decision.status) throw conflict("proposal_already_reviewed", "Someone already decided otherwise on this proposal.");
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
