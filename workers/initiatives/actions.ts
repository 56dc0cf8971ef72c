/**
 * What a member does with an initiative: join, say not going, show interest, rate; and what a
 * manager does: approve or reject a participation. Each decision comes from
 * app/domain/initiatives (joinRefusal, canSayNotGoing, approvalRequired, canRate...), each write
 * is one batch, and participant_count is recounted from the accepted participations in the same
 * batch, so it never drifts from them, even when two members take the last place at once.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import * as v from "valibot";
import {
  approvalRequired,
  canRate,
  canSayNotGoing,
  isPast,
  joinRefusal,
  memberJoinRefusal,
  ratingsShown,
  scoreSchema,
  type Initiative,
} from "../../app/domain/initiatives";
import { guardedAudit } from "../audit/statements";
import { outboxEvents } from "../webhooks/outbox";
import { participationPayload, participationResource } from "../webhooks/payloads";
import { approvesEveryone, REVIEW_REASON_MAX_LENGTH } from "../../app/domain/manage";
import type { Notice } from "../manage/notify";
import { getDb, schema, type Database } from "../db/client";
import { ChangedMeanwhileError, DomainError, badRequest, conflict, forbidden, notFound } from "../lib/domain-errors";
import { invalidInput } from "../lib/validation";
import { ownProfileKey } from "../profile/own-profile";
import type { RequestMemo } from "../lib/request-memo";
import type { Tenant } from "../tenant/organizations";
import { initiativeFrom, initiativeStatements } from "./queries";
import { acceptedFromWaitlist, heldOffers } from "./waitlist";
import type { OrgMembership } from "../types";

const { initiatives, participations, interests, scores } = schema;

/** Sets participant_count from the accepted participations (in the batch of the change that needs it). */
export const recount = (db: Database, initiativeId: string) =>
  db
    .update(initiatives)
    .set({
      participantCount: sql`(select count(*) from ${participations} where ${participations.initiativeId} = ${initiativeId} and ${participations.status} = 'accepted')`,
    })
    .where(eq(initiatives.id, initiativeId));

type Refusal = NonNullable<ReturnType<typeof joinRefusal> | ReturnType<typeof memberJoinRefusal>>;

const REFUSALS: Record<Refusal, DomainError> = {
  initiative_not_joinable: badRequest("initiative_not_joinable", "Donations and informative initiatives are not joined."),
  initiative_full: conflict("initiative_full", "The initiative has no places left."),
  initiative_closed: conflict("initiative_closed", "The initiative is not open for registration."),
  initiative_rejected: conflict("initiative_rejected", "Your participation in this initiative was rejected."),
  org_terms_not_accepted: forbidden("org_terms_not_accepted", "Accept the organisation's volunteering policy before joining."),
  phone_required: conflict("phone_required", "The organisation asks for a phone number on your profile before joining."),
};

/**
 * The member's side of joining: the phone on the profile, and the organisation's current policy
 * accepted. A page's join reads the phone from the own profile its request already read (the
 * memo holds only what no write of this request has changed since, workers/lib/request-memo.ts).
 */
async function joiningMember(db: Database, org: Tenant, memberId: string, membership: Pick<OrgMembership, "orgTermsAcceptedVersion">, memo?: RequestMemo) {
  const known = memo?.peek<{ phone: string | null }>(ownProfileKey(org.id, memberId));
  const phone = known
    ? (await known).phone
    : ((await db.select({ phone: schema.profiles.phone }).from(schema.profiles).where(eq(schema.profiles.memberId, memberId)).get())?.phone ?? null);
  // The same reading as the profile's org_last_terms_accepted (workers/profile/own-profile.ts).
  return { phone, orgTermsAccepted: membership.orgTermsAcceptedVersion >= org.orgTermsVersion };
}

/**
 * Join: accepted at once; manager_approval_status pending when the organisation requires the
 * manager's approval for it, else not_needed. Joining again after "not going" is allowed.
 * Joining twice changes nothing. The member must have accepted the organisation's volunteering
 * policy and, where the organisation asks for it, have a phone (memberJoinRefusal): the screen
 * asks for both first, the API refuses without them. Answers the initiative as the join left it.
 */
export async function join(
  env: Pick<Env, "DB">,
  org: Tenant,
  member: { memberId: string; membership: Pick<OrgMembership, "orgTermsAcceptedVersion"> },
  initiative: Initiative,
  now: number,
  memo?: RequestMemo,
): Promise<Initiative> {
  const { memberId } = member;
  const refusal = joinRefusal(initiative, now);
  if (refusal) throw REFUSALS[refusal];
  if (initiative.participant_status === "accepted") return initiative;
  const db = getDb(env);
  const memberRefusal = memberJoinRefusal(org.community, await joiningMember(db, org, memberId, member.membership, memo));
  if (memberRefusal) throw REFUSALS[memberRefusal];
  const approval = approvalRequired(org.community, initiative) ? "pending" : "not_needed";
  // The insert happens only while a place is left (places held by others' waitlist offers count as
  // taken) and the initiative is open: the check and the
  // write are one statement, in the same transaction as the recount. The member's participation
  // and the whole initiative as the batch left them are read in the same round trip.
  const [, , , , after, ...reread] = await db.batch([
    // Columns in the table's order: id, org_id, initiative_id, member_id, uuid, status, manager_approval_status, created_at, updated_at.
    db
      .insert(participations)
      .select(
        sql`select ${crypto.randomUUID()}, ${org.id}, ${initiative.id}, ${memberId}, ${crypto.randomUUID()}, 'accepted', ${approval}, ${now}, ${now}
          where exists (
            select 1 from ${initiatives} where ${initiatives.id} = ${initiative.id} and ${initiatives.orgId} = ${org.id} and ${initiatives.status} = 'open'
              and (${initiatives.maxParticipants} < 0 or ${initiatives.participantCount} + ${heldOffers(sql`${initiatives.id}`, now, memberId)} < ${initiatives.maxParticipants})
          )`,
      )
      .onConflictDoUpdate({
        target: [participations.initiativeId, participations.memberId],
        set: {
          status: "accepted",
          managerApprovalStatus: sql`excluded.manager_approval_status`,
          createdAt: sql`excluded.created_at`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: inArray(participations.status, ["not_going", "pending"]),
      }),
    recount(db, initiative.id),
    acceptedFromWaitlist(db, initiative.id, memberId, now),
    // Told only when this batch made the member a participant (the insert's own conditions held).
    outboxEvents(db, org.id, "participation.joined", [participationEntry(initiative, memberId, "accepted")], now, () => madeNow(initiative.id, memberId, "accepted", now)),
    db.select({ status: participations.status }).from(participations).where(and(eq(participations.initiativeId, initiative.id), eq(participations.memberId, memberId))),
    ...initiativeStatements(db, org, memberId, { id: initiative.id }),
  ]);
  if (after[0]?.status !== "accepted") throw REFUSALS.initiative_full;
  return initiativeFrom(org, reread) ?? initiative;
}

/** Not going: only accepted volunteers and trainees, before the initiative ends (canSayNotGoing). */
export async function leave(env: Pick<Env, "DB">, orgId: string, memberId: string, initiative: Initiative, now: number) {
  if (!canSayNotGoing(initiative, now)) {
    throw conflict("not_going_not_allowed", "Only accepted participants of a volunteering or training initiative that has not ended can say they are not going.");
  }
  const db = getDb(env);
  await db.batch([
    db
      .update(participations)
      .set({ status: "not_going", updatedAt: now })
      .where(and(eq(participations.initiativeId, initiative.id), eq(participations.memberId, memberId), eq(participations.status, "accepted"))),
    recount(db, initiative.id),
    outboxEvents(db, orgId, "participation.left", [participationEntry(initiative, memberId, "not_going")], now, () => madeNow(initiative.id, memberId, "not_going", now)),
  ]);
}

/** The outbox entry of a member's own change to their participation. */
const participationEntry = (initiative: Pick<Initiative, "id" | "slug" | "title">, memberId: string, status: string) => ({
  target: initiative.id,
  resource: participationResource(initiative.id, memberId),
  payload: participationPayload({ initiativeId: initiative.id, slug: initiative.slug, title: initiative.title, memberId }, status),
});

/** Whether the batch's own write just set this participation to `status` (its updated_at is the batch's moment). */
const madeNow = (initiativeId: string, memberId: string, status: string, now: number) =>
  sql`exists (select 1 from ${participations} where ${participations.initiativeId} = ${initiativeId} and ${participations.memberId} = ${memberId} and ${participations.status} = ${status} and ${participations.updatedAt} = ${now})`;

function informativeOnly(initiative: Initiative) {
  if (initiative.type !== "informative") throw badRequest("initiative_not_informative", "Only informative initiatives take interest.");
}

/** Interested (the heart): informative initiatives that are not canceled or past. */
export async function showInterest(env: Pick<Env, "DB">, memberId: string, initiative: Initiative, now: number) {
  informativeOnly(initiative);
  if (initiative.own_interested) return;
  if (initiative.status === "canceled" || isPast(initiative, now)) throw conflict("initiative_closed", "The initiative is no longer open.");
  await getDb(env).insert(interests).values({ initiativeId: initiative.id, memberId, createdAt: now }).onConflictDoNothing();
}

export async function dropInterest(env: Pick<Env, "DB">, memberId: string, initiative: Initiative) {
  informativeOnly(initiative);
  await getDb(env)
    .delete(interests)
    .where(and(eq(interests.initiativeId, initiative.id), eq(interests.memberId, memberId)));
}

/** PUT score: the ratings the organisation shows, by members who may rate (canRate); one per member, updated in place. */
export async function rate(env: Pick<Env, "DB">, org: Tenant, memberId: string, initiative: Initiative, body: unknown) {
  const shown = ratingsShown(org.community);
  if (!shown.initiative && !shown.organization) throw forbidden("rating_disabled", "The organisation does not ask for ratings.");
  const parsed = v.safeParse(scoreSchema(shown), body);
  if (!parsed.success) throw invalidInput(parsed.issues);
  if (!canRate(initiative)) throw forbidden("rating_not_allowed", "Only members who took part can rate this initiative.");
  const initiativeScore = shown.initiative ? (parsed.output.initiative_score ?? null) : null;
  const organizationScore = shown.organization ? (parsed.output.organization_score ?? null) : null;
  await getDb(env)
    .insert(scores)
    .values({ initiativeId: initiative.id, memberId, initiativeScore, organizationScore })
    .onConflictDoUpdate({ target: [scores.initiativeId, scores.memberId], set: { initiativeScore, organizationScore } });
}

/** The manager's decision, with an optional note the participant reads in the e-mail (and the audit keeps). */
export const approvalSchema = v.strictObject(
  {
    approved: v.boolean("form_error_required"),
    note: v.optional(v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(REVIEW_REASON_MAX_LENGTH, "form_error_max_length"))), null),
  },
  "form_error_unknown_field",
);

/**
 * A manager's decision on a participation that waits for it. Managers and administrators of the
 * organisation decide for anyone; any other member only for the members they manage.
 * Approve: approved. Reject: the participant is rejected (manager_approval_status rejected) and
 * the place is freed (an approval can still be withdrawn so). Each is one guarded write with its
 * audit row (decision 025): a decision already taken, or taken by someone else meanwhile, is 409
 * approval_already_decided with the participation as stored. Answers the e-mail to send.
 */
export async function decideApproval(
  env: Pick<Env, "DB">,
  org: Tenant,
  manager: { memberId: string; membership: OrgMembership },
  initiativeId: string,
  participantUuid: string,
  decision: { approved: boolean; note?: string | null },
  now: number,
): Promise<Notice[]> {
  const { approved } = decision;
  const note = decision.note?.trim() || null;
  const db = getDb(env);
  const found = await db
    .select({ participation: participations, managerMemberId: schema.memberships.managerMemberId, slug: initiatives.slug, title: initiatives.title })
    .from(participations)
    .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .leftJoin(schema.memberships, and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, participations.memberId)))
    .where(and(eq(initiatives.orgId, org.id), eq(initiatives.id, initiativeId), eq(participations.uuid, participantUuid)))
    .get();
  if (!found) throw notFound("participant_not_found", "The participant cannot be found.");
  const mayDecide = approvesEveryone(manager.membership.role) || found.managerMemberId === manager.memberId;
  if (!mayDecide) throw forbidden("approval_not_allowed", "Only the participant's manager can decide.");
  const p = found.participation;
  if (p.managerApprovalStatus === "not_needed") throw conflict("approval_not_needed", "This participation does not need approval.");
  const stored: { participant_uuid: string; status: string; manager_approval_status: string } = { participant_uuid: p.uuid, status: p.status, manager_approval_status: p.managerApprovalStatus };
  const decided = () => new ChangedMeanwhileError("approval_already_decided", "This participation's approval was already decided by someone else.", stored);
  if (approved && p.managerApprovalStatus !== "pending") {
    if (p.managerApprovalStatus === "approved") throw decided();
    throw conflict("approval_closed", "This participation can no longer be approved.");
  }
  if (!approved && p.managerApprovalStatus === "rejected") throw decided();
  if (p.status !== "accepted") throw conflict("approval_closed", `This participation can no longer be ${approved ? "approved" : "rejected"}.`);
  // One guarded write (decision 025): the participation still as this manager saw it, or nothing.
  const audit = guardedAudit(
    db,
    org.id,
    manager.memberId,
    [{ action: approved ? "participation.approved" : "participation.rejected", targetType: "participation", targetId: p.id, detail: { initiative_id: initiativeId, ...(note ? { note } : {}) } }],
    now,
    (target) => sql`exists (select 1 from ${participations} where ${participations.id} = ${target} and ${participations.status} = 'accepted' and ${participations.managerApprovalStatus} = ${p.managerApprovalStatus})`,
  );
  const change = approved ? { managerApprovalStatus: "approved" as const, updatedAt: now } : { status: "rejected" as const, managerApprovalStatus: "rejected" as const, updatedAt: now };
  const [, , , written, [after]] = await db.batch([
    audit.statement,
    db.update(participations).set(change).where(sql`${participations.id} in ${audit.targets}`),
    recount(db, initiativeId),
    audit.written,
    db.select({ status: participations.status, approval: participations.managerApprovalStatus }).from(participations).where(eq(participations.id, p.id)),
    outboxEvents(
      db,
      org.id,
      approved ? "participation.approved" : "participation.rejected",
      [{ target: p.id, resource: participationResource(initiativeId, p.memberId), payload: participationPayload({ uuid: p.uuid, initiativeId, slug: found.slug, title: found.title, memberId: p.memberId }, approved ? "approved" : "rejected") }],
      now,
      (target) => sql`${target} in ${audit.targets}`,
    ),
  ]);
  if (!written.length) {
    stored.status = after?.status ?? p.status;
    stored.manager_approval_status = after?.approval ?? p.managerApprovalStatus;
    throw decided();
  }
  return [{ kind: approved ? "attendance_approved" : "attendance_rejected", memberId: p.memberId, initiative: { slug: found.slug, title: found.title }, reason: note }];
}