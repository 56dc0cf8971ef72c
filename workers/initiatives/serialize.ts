/**
 * Database rows to the API's initiative shapes (app/domain/initiatives/types.ts): snake_case,
 * ISO times, money in major units. Pure functions; the queries that gather the rows live in
 * queries.ts.
 */
import type { WaitlistPlace } from "./waitlist";
import {
  fromMinorUnits,
  type DonationParams,
  type DonationSource,
  type Initiative,
  type InitiativeCard,
  type IndicatorUnit,
  type ParticipationRecord,
} from "../../app/domain/initiatives";
import type { schema } from "../db/client";
import type { Tenant } from "../tenant/organizations";

export type InitiativeRow = typeof schema.initiatives.$inferSelect;
export type ParticipationRow = typeof schema.participations.$inferSelect;
export type RecordRow = typeof schema.participationRecords.$inferSelect;
export type DonationRow = typeof schema.donationParams.$inferSelect;

export const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** What the member has to do with one initiative: the per-member half of a card. */
export interface MemberSide {
  participation: Pick<ParticipationRow, "status" | "managerApprovalStatus" | "createdAt" | "uuid"> | null;
  interested: boolean;
  /** Minor units, the member's confirmed contributions. */
  ownContribution: number;
  /** Minor units, the member's pledges the organisers have not confirmed yet. */
  ownPendingContribution: number;
}

export interface CardExtras extends MemberSide {
  sdgs: number[];
  categories: string[];
}

/** Pinning shows only where the organisation allows it (can_pin_initiatives). */
const pinnedFor = (org: Tenant, row: Pick<InitiativeRow, "pinned">) => org.community.can_pin_initiatives && row.pinned;

export function toCard(org: Tenant, row: InitiativeRow, extras: CardExtras): InitiativeCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    image: row.image,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    registration_end_time: iso(row.registrationEndTime),
    address: row.address,
    is_in_person: row.isInPerson,
    is_remote: row.isRemote,
    pinned_initiative: pinnedFor(org, row),
    sdgs: extras.sdgs,
    categories: extras.categories,
    max_participants: row.maxParticipants,
    participant_count: row.participantCount,
    participant_status: extras.participation?.status ?? null,
    own_interested: extras.interested,
    manager_approval_status: extras.participation?.managerApprovalStatus ?? null,
    participant_created_at: iso(extras.participation?.createdAt),
    own_contribution_total: fromMinorUnits(extras.ownContribution),
    own_pending_contribution_total: fromMinorUnits(extras.ownPendingContribution),
    organization_name: org.name,
    organization_logo_small: org.logoSmall ?? org.logo,
  };
}

export function toDonationParams(row: DonationRow): DonationParams {
  const hasBr = [row.brTransferBank, row.brTransferAgency, row.brTransferAccount, row.brTransferCpf, row.brTransferCnpj, row.brTransferGuidelines].some(
    (value) => value !== null,
  );
  return {
    currency: row.currency === "BRL" ? "BRL" : "EUR",
    target_amount: row.targetAmount === null ? null : fromMinorUnits(row.targetAmount),
    show_target_amount: row.showTargetAmount,
    sources: parseStringArray(row.sources) as DonationSource[],
    external_url: row.externalUrl,
    paypal_clientid: row.paypalClientId,
    inhand_instructions: row.inhandInstructions,
    transfer_bank_name: row.transferBankName,
    transfer_recipient: row.transferRecipient,
    transfer_iban: row.transferIban,
    transfer_swift: row.transferSwift,
    transfer_concept: row.transferConcept,
    br_transfer: hasBr
      ? {
          bank: row.brTransferBank,
          agency: row.brTransferAgency,
          account: row.brTransferAccount,
          cpf: row.brTransferCpf,
          cnpj: row.brTransferCnpj,
          guidelines: row.brTransferGuidelines,
        }
      : null,
    tax_deductible: row.taxDeductible,
  };
}

export function toRecord(row: RecordRow): ParticipationRecord {
  return {
    id: row.id,
    type: row.type,
    hours: row.hours,
    value: row.value,
    unit: (row.unit as IndicatorUnit | null) ?? null,
    indicator_id: row.indicatorId,
    status: row.status,
    reject_reason: row.status === "rejected" ? row.rejectReason : null,
    created_at: iso(row.createdAt)!,
  };
}

/** Everything of one initiative besides its own row, as queries.ts loads it. */
export interface InitiativeRelated extends CardExtras {
  competences: string[];
  targetAudience: string[];
  collaborators: { name: string; slug: string; logoSmall: string | null; score: number | null; scoreCount: number }[];
  indicators: { id: string; name: string; unit: IndicatorUnit }[];
  donation: DonationRow | null;
  records: RecordRow[];
  scores: { initiative: number | null; initiativeCount: number; organization: number | null; organizationCount: number };
  ownScore: { initiativeScore: number | null; organizationScore: number | null } | null;
  /** Minor units, confirmed contributions only. */
  contributionTotal: number;
  contributorCount: number;
  submitter: { name: string; avatar: string | null; status: string } | null;
  waitlist: WaitlistPlace | null;
}

/** Averages keep one decimal, as the screens show them. */
const average = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function toInitiative(org: Tenant, row: InitiativeRow, related: InitiativeRelated): Initiative {
  return {
    ...toCard(org, row, related),
    description: row.description,
    address_detail: row.addressDetail,
    latitude: row.latitude,
    longitude: row.longitude,
    location_precision: row.locationPrecision,
    competences: related.competences,
    target_audience: related.targetAudience,
    tags: parseStringArray(row.tags),
    remote_url: row.remoteUrl,
    points: row.points,
    program: row.program,
    collaborators: related.collaborators.map((c) => ({
      name: c.name,
      slug: c.slug,
      logo_small: c.logoSmall,
      score: average(c.score),
      score_count: c.scoreCount,
    })),
    participant_uuid: related.participation?.uuid ?? null,
    // Signed by the API's route (workers/api/initiatives.ts), which has the key.
    checkin_code: null,
    waitlist: related.waitlist,
    is_working_hours: row.isWorkingHours,
    minors_allowed: row.minorsAllowed,
    contribution_total: fromMinorUnits(related.contributionTotal),
    contributor_count: related.contributorCount,
    donation_params: related.donation ? toDonationParams(related.donation) : null,
    initiative_score: average(related.scores.initiative),
    initiative_score_count: related.scores.initiativeCount,
    organization_score: average(related.scores.organization),
    organization_score_count: related.scores.organizationCount,
    own_score: related.ownScore
      ? { initiative_score: related.ownScore.initiativeScore, organization_score: related.ownScore.organizationScore }
      : null,
    feedback_url: row.feedbackUrl,
    contact_person: row.contactPerson,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    submitter: related.submitter,
    participation_method: row.participationMethod,
    hours_per_day: row.hoursPerDay,
    indicators: related.indicators,
    participations: related.records.map(toRecord),
  };
}
