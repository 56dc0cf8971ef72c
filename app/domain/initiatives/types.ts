/**
 * The initiative as the Mobile API answers it (SPEC.md section 3), snake_case as on the wire.
 * Times are ISO 8601 strings (UTC); money is in major units (10.5 = ten euros fifty) with the
 * currency of donation_params, while the database keeps integer minor units.
 */
import type { Precision } from "../location-precision";

export const INITIATIVE_TYPES = ["volunteering", "training", "donation", "collection", "informative"] as const;
export type InitiativeType = (typeof INITIATIVE_TYPES)[number];

export const VOLUNTEERING_SUBTYPES = [
  "capacitation",
  "competition",
  "dream",
  "event",
  "mentoring",
  "networking",
  "opportunity",
  "probono",
  "program",
  "talk",
  "training",
] as const;

export type InitiativeStatus = "open" | "suspended" | "canceled";
export type ParticipantStatus = "pending" | "accepted" | "rejected" | "not_going";
export type ManagerApprovalStatus = "not_needed" | "pending" | "approved" | "rejected";
export type RecordStatus = "pending" | "validated" | "rejected" | "granted";
export type ParticipationMethod = "qr" | "report_hours";
export const DONATION_SOURCES = ["transfer", "inhand", "external", "paypal"] as const;
export type DonationSource = (typeof DONATION_SOURCES)[number];
/** `beneficiary`: people reached, the indicator kind the impact report counts as "beneficiaries reached" (issue 30). */
export const INDICATOR_UNITS = ["kilogram", "kilometre", "litre", "number", "metre", "square-metre", "euro", "brl", "beneficiary"] as const;
export type IndicatorUnit = (typeof INDICATOR_UNITS)[number];

/** The 17 goals, ids 1..17 in the official order (migrations/0001_lookups.sql). */
export const SDG_SLUGS = [
  "no-poverty",
  "zero-hunger",
  "good-health-and-wellbeing",
  "quality-education",
  "gender-equality",
  "clean-water-and-sanitation",
  "affordable-and-clean-energy",
  "decent-work-and-economic-growth",
  "industry-innovation-and-infrastructure",
  "reduced-inequalities",
  "sustainable-cities-and-communities",
  "responsible-consumption-and-production",
  "climate-action",
  "life-below-water",
  "life-on-land",
  "peace-justice-and-strong-institutions",
  "partnership-for-the-goals",
] as const;

export interface Indicator {
  id: string;
  name: string;
  unit: IndicatorUnit;
}

export interface ParticipationRecord {
  id: string;
  type: "hours" | "indicator";
  hours: number | null;
  value: number | null;
  unit: IndicatorUnit | null;
  indicator_id: string | null;
  status: RecordStatus;
  /** Why the organiser refused it (rejected only). */
  reject_reason: string | null;
  created_at: string;
}

export interface Collaborator {
  name: string;
  slug: string;
  logo_small: string | null;
  score: number | null;
  score_count: number;
}

export interface DonationParams {
  currency: "EUR" | "BRL";
  target_amount: number | null;
  show_target_amount: boolean;
  sources: DonationSource[];
  external_url: string | null;
  paypal_clientid: string | null;
  inhand_instructions: string | null;
  transfer_bank_name: string | null;
  transfer_recipient: string | null;
  transfer_iban: string | null;
  transfer_swift: string | null;
  transfer_concept: string | null;
  br_transfer: {
    bank: string | null;
    agency: string | null;
    account: string | null;
    cpf: string | null;
    cnpj: string | null;
    guidelines: string | null;
  } | null;
  tax_deductible: boolean;
}

export interface Initiative {
  id: string;
  slug: string;
  title: string;
  description: string;
  address: string | null;
  address_detail: string | null;
  latitude: number | null;
  longitude: number | null;
  /** How close the pin is to the address, as kept when the place was chosen (issue 28); null: unknown. */
  location_precision: Precision | null;
  image: string | null;
  type: InitiativeType;
  subtype: string | null;
  status: InitiativeStatus;
  start_time: string | null;
  end_time: string | null;
  registration_end_time: string | null;
  categories: string[];
  competences: string[];
  /** SDG ids 1..17 (SDG_SLUGS[id - 1]). */
  sdgs: number[];
  target_audience: string[];
  tags: string[];
  is_in_person: boolean;
  is_remote: boolean;
  remote_url: string | null;
  pinned_initiative: boolean;
  points: number;
  program: string | null;
  organization_name: string;
  organization_logo_small: string | null;
  collaborators: Collaborator[];
  /** Negative means unlimited. */
  max_participants: number;
  participant_count: number;
  /** The signed-in member's participation; null before joining. */
  participant_status: ParticipantStatus | null;
  own_interested: boolean;
  manager_approval_status: ManagerApprovalStatus | null;
  participant_created_at: string | null;
  participant_uuid: string | null;
  /**
   * For an accepted participant of a qr initiative: the check-in code (app/domain/checkin.ts) the
   * organiser scans (the QR carries `{participant_uuid}.{checkin_code}`) or types. Else null.
   */
  checkin_code: string | null;
  /**
   * The member's place on the waitlist of a full initiative (issue 11): waiting (position 1 is
   * next), or offered a freed place until offer_expires_at. Null when not on it.
   */
  waitlist: { status: "waiting" | "offered"; position: number; offer_expires_at: string | null } | null;
  is_working_hours: boolean;
  minors_allowed: boolean;
  /** Confirmed contributions only: pending pledges (transfer, in hand...) count once confirmed. */
  contribution_total: number;
  /** The member's confirmed contributions. */
  own_contribution_total: number;
  /** The member's own pledges still waiting for the organisers' confirmation. */
  own_pending_contribution_total: number;
  /** Members with at least one confirmed contribution. */
  contributor_count: number;
  donation_params: DonationParams | null;
  initiative_score: number | null;
  initiative_score_count: number;
  organization_score: number | null;
  organization_score_count: number;
  /** The member's own rating, if any. */
  own_score: { initiative_score: number | null; organization_score: number | null } | null;
  feedback_url: string | null;
  contact_person: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  submitter: { name: string; avatar: string | null; status: string } | null;
  participation_method: ParticipationMethod;
  /** 0 = no daily cap on reported hours. */
  hours_per_day: number;
  indicators: Indicator[];
  /** The member's own participation records, newest first. */
  participations: ParticipationRecord[];
}

/** What a wall or list card needs; the API's list endpoints answer this subset. */
export type InitiativeCard = Pick<
  Initiative,
  | "id"
  | "slug"
  | "title"
  | "image"
  | "type"
  | "subtype"
  | "status"
  | "start_time"
  | "end_time"
  | "registration_end_time"
  | "address"
  | "is_in_person"
  | "is_remote"
  | "pinned_initiative"
  | "sdgs"
  | "categories"
  | "max_participants"
  | "participant_count"
  | "participant_status"
  | "own_interested"
  | "manager_approval_status"
  | "participant_created_at"
  | "own_contribution_total"
  | "own_pending_contribution_total"
  | "organization_name"
  | "organization_logo_small"
>;

export interface Attachment {
  id: string;
  filename: string;
  mimetype: string;
  size: number;
  /** Authenticated download path (Bearer or the web session). */
  download: string;
  /** Same as download for images; used as the thumbnail source. */
  url: string;
  /** A member's upload waits for review (pending); refused ones stay visible to their uploader only. */
  status: "pending" | "published" | "rejected";
  /** Why the organiser refused it (rejected only). */
  reject_reason: string | null;
  member_id: string | null;
  created_at: string;
}

export interface Contribution {
  id: string;
  value: number;
  currency: "EUR" | "BRL";
  source: DonationSource;
  anonymous: boolean;
  comment: string | null;
  status: "pending" | "confirmed" | "rejected";
  /** Transfers only: the code to quote in the transfer concept. */
  confirmation_code: string | null;
  /** Why the organisation refused the pledge (rejected only, when given). */
  reject_reason: string | null;
  created_at: string;
}
