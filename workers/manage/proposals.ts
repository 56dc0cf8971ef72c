/**
 * The moderators' side of proposals (issue 12; SPEC.md section 6: administrators approve
 * proposals, and organisers too where the organisation's `organisers_moderate_proposals` says so).
 * The queue shows each proposal in full; approving makes an open initiative of it through the
 * editor's own service (`initiativeCreation`, workers/manage/initiative-editor.ts; the proposer
 * as its submitter, the moderator named its organiser, so the staff editor can change it at once),
 * rejecting needs a reason. Both tell the proposer by e-mail. The initiative's id is the
 * proposal's, and every write is conditional on this decision's audit row, written only while the
 * proposal waits, so of two moderators at once one decides (and one e-mail goes) and the other
 * gets 409.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { BLANK_INITIATIVE_INPUT, type InitiativeInput } from "../../app/domain/initiatives/editor";
import { SDG_SLUGS, type InitiativeType } from "../../app/domain/initiatives/types";
import type { Precision } from "../../app/domain/location-precision";
import { proposalModeratorRoles } from "../../app/domain/manage";
import { getDb, schema } from "../db/client";
import { iso } from "../initiatives/serialize";
import { ChangedMeanwhileError, forbidden, notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import { guardedAudit } from "../audit/statements";
import { outboxEvent } from "../webhooks/outbox";
import { initiativeCreation, isUnwritten } from "./initiative-editor";
import type { Notice } from "./notify";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";
import type { StaffActor } from "./scope";

const { proposals, profiles, members } = schema;

/** Who moderates proposals: administrators, and organisers where the organisation lets them. */
export const moderatesProposals = (org: Tenant, role: string) => (proposalModeratorRoles(org.community) as readonly string[]).includes(role);

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
  const decided = { reviewedBy: actor.memberId, reviewedAt: now };
  const waiting = and(eq(proposals.id, p.id), eq(proposals.status, "proposed"), mine);
  const statements: BatchItem<"sqlite">[] =
    decision.status === "rejected"
      ? [db.update(proposals).set({ status: "rejected", rejectReason: decision.reject_reason ?? null, ...decided }).where(waiting)]
      : [
          // The initiative is made as the editor makes one, its id the proposal's, guarded by this
          // decision; the proposal is marked after it (its initiative_id must name a row by then).
          ...(await initiativeCreation(env, db, org, { id: p.id, submitterMemberId: p.memberId, organiserMemberIds: [actor.memberId] }, initiativeInputOf(toModerated(current)), now, { guard: mine, unknownReferences: "drop" })).statements,
          db.update(proposals).set({ status: "open", initiativeId: p.id, ...decided }).where(waiting),
        ];
  const outcome = decision.status === "open" ? "approved" : "rejected";
  statements.push(
    outboxEvent(db, org.id, `proposal.${outcome}`, `proposal:${p.id}`, { proposal: { id: p.id, title: p.title, status: outcome, member_id: p.memberId, initiative_id: decision.status === "open" ? p.id : null } }, now, () => mine),
  );
  let written: unknown[] = [];
  try {
    const results = await db.batch([audit.statement, ...statements, audit.written] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    written = results[results.length - 1] as unknown[];
  } catch (error) {
    // An approval whose guard failed (someone decided first) stops at the initiative's row.
    if (!isUnwritten(error)) throw error;
  }
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

/** What a proposal says that its initiative takes as it is (as the moderators' queue shows it). */
const CARRIED_FIELDS = [
  "title",
  "description",
  "start_time",
  "end_time",
  "is_in_person",
  "address",
  "latitude",
  "longitude",
  "location_precision",
  "is_remote",
  "remote_url",
  "competences",
  "max_participants",
] as const;

/**
 * What a proposal says, as the editor's input: the initiative an approval makes (SPEC.md section 5).
 * A donation proposal has no donation parameters (the wizard does not ask how to give): its
 * initiative starts without them, and the editor asks staff for them on its first save, as the
 * editor's schema asks of every donation initiative staff create or save.
 */
export function initiativeInputOf(p: ModeratedProposal): InitiativeInput {
  const carried = Object.fromEntries(CARRIED_FIELDS.map((field) => [field, p[field]])) as Pick<ModeratedProposal, (typeof CARRIED_FIELDS)[number]>;
  return { ...BLANK_INITIATIVE_INPUT, ...carried, type: p.type as InitiativeType, sdgs: p.sdgs as InitiativeInput["sdgs"] };
}
