/**
 * The initiative rules of SPEC.md section 4, written once and used by the API (which decides)
 * and the screens (which show the same decision): wall membership, which action an initiative
 * offers, past and history, manager approval, donation phases, attachments and rating.
 * Pure functions of the initiative as the API answers it, the organisation's config and "now".
 */
import type { Initiative, InitiativeCard, ManagerApprovalStatus, ParticipationRecord } from "./types";

/** The community-config fields these rules read (workers/tenant/config.ts has them all). */
export interface RulesConfig {
  require_manager_approval: boolean;
  consider_working_hours: boolean;
  show_attachments_before_participation: boolean;
  hide_initiative_images: boolean;
  hide_initiative_documents: boolean;
  hide_rating: boolean;
  evaluation_configuration?: { hide_evaluate_initiative?: boolean; hide_evaluate_organizer?: boolean };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const time = (iso: string | null) => (iso ? Date.parse(iso) : null);

export const isUnlimited = (i: Pick<Initiative, "max_participants">) => i.max_participants < 0;

/** max_participants >= 0 and participant_count >= max_participants. */
export const isFull = (i: Pick<Initiative, "max_participants" | "participant_count">) =>
  i.max_participants >= 0 && i.participant_count >= i.max_participants;

export const hasStarted = (i: Pick<Initiative, "start_time">, now: number) => {
  const start = time(i.start_time);
  return start === null || start <= now;
};

export const hasEnded = (i: Pick<Initiative, "end_time">, now: number) => {
  const end = time(i.end_time);
  return end !== null && end < now;
};

/** Registration closes at registration_end_time, else at end_time. */
export const registrationClosed = (i: Pick<Initiative, "registration_end_time" | "end_time">, now: number) => {
  const closes = time(i.registration_end_time) ?? time(i.end_time);
  return closes !== null && closes < now;
};

/**
 * Past: the member is not an accepted participant and registration has closed. Its action
 * buttons are hidden and an expiry warning is shown.
 */
export const isPast = (i: Pick<Initiative, "participant_status" | "registration_end_time" | "end_time">, now: number) =>
  i.participant_status !== "accepted" && registrationClosed(i, now);

/** History (my initiatives' second tab, the wall's past section): ended, past or canceled. */
export const isHistory = (i: Pick<Initiative, "status" | "participant_status" | "registration_end_time" | "end_time">, now: number) =>
  i.status === "canceled" || hasEnded(i, now) || isPast(i, now);

/**
 * Whether the wall lists an initiative for this member: room left (unlimited or not full), and
 * the member neither accepted nor interested. Not-going members see it again.
 */
export const belongsOnWall = (i: Pick<InitiativeCard, "max_participants" | "participant_count" | "participant_status" | "own_interested">) =>
  (isUnlimited(i) || !isFull(i)) && i.participant_status !== "accepted" && !i.own_interested;

/**
 * Whether the member has given to it: confirmed, or pledged and waiting for the organisers. A pledge
 * makes the member part of the donation (my initiatives, attachments) but never counts as money.
 */
export const hasGiven = (i: Pick<InitiativeCard, "own_contribution_total" | "own_pending_contribution_total">) =>
  i.own_contribution_total > 0 || i.own_pending_contribution_total > 0;

/** Whether "my initiatives" lists it: accepted, interested, or has given to it (hasGiven). */
export const belongsToMine = (i: Pick<InitiativeCard, "participant_status" | "own_interested" | "own_contribution_total" | "own_pending_contribution_total">) =>
  i.participant_status === "accepted" || i.own_interested || hasGiven(i);

export type InitiativeAction =
  | { kind: "none" }
  | { kind: "join"; disabled: boolean }
  | { kind: "participate" }
  | { kind: "rejected"; label: "not_approved" | "rejected" }
  | { kind: "complete" }
  | { kind: "contribute"; disabled: boolean }
  | { kind: "interested" }
  | { kind: "rate" };

/** The main button of an initiative (SPEC.md section 4, "Initiative actions by participant status"). */
export function initiativeAction(i: Initiative | InitiativeCard, now: number): InitiativeAction {
  if (isPast(i, now) || i.status === "canceled") return { kind: "none" };
  if (i.type === "donation") return { kind: "contribute", disabled: !acceptsContributions(i, now) };
  if (i.type === "informative") return i.own_interested ? { kind: "rate" } : { kind: "interested" };
  if (i.participant_status === "rejected") {
    return { kind: "rejected", label: i.manager_approval_status === "rejected" ? "not_approved" : "rejected" };
  }
  if (i.participant_status === "accepted") return { kind: "participate" };
  if (isFull(i)) return i.type === "collection" ? { kind: "none" } : { kind: "complete" };
  return { kind: "join", disabled: i.status === "suspended" };
}

/**
 * The waitlist (issue 11): offered on a full initiative that takes participants, open and still
 * taking registrations, to a member who neither takes part nor was refused.
 */
export const mayJoinWaitlist = (i: Pick<Initiative, "type" | "status" | "participant_status" | "max_participants" | "participant_count" | "registration_end_time" | "end_time">, now: number) =>
  (i.type === "volunteering" || i.type === "training" || i.type === "collection") &&
  i.status === "open" &&
  isFull(i) &&
  !registrationClosed(i, now) &&
  i.participant_status !== "accepted" &&
  i.participant_status !== "rejected";

/** Accepted volunteers and trainees may say they are not going while the initiative has not ended. */
export const canSayNotGoing = (i: Pick<Initiative, "type" | "participant_status" | "end_time">, now: number) =>
  (i.type === "volunteering" || i.type === "training") && i.participant_status === "accepted" && !hasEnded(i, now);

/** Why a member cannot join (the API's 4xx), or null when joining is allowed. */
export function joinRefusal(i: Initiative, now: number): "initiative_not_joinable" | "initiative_full" | "initiative_closed" | "initiative_rejected" | null {
  if (i.type === "donation" || i.type === "informative") return "initiative_not_joinable";
  if (i.status !== "open") return "initiative_closed";
  if (registrationClosed(i, now)) return "initiative_closed";
  if (i.participant_status === "rejected") return "initiative_rejected";
  if (i.participant_status !== "accepted" && isFull(i)) return "initiative_full";
  return null;
}

/** What joining asks of the member, besides the initiative's own rules (joinRefusal). */
export interface JoiningMember {
  phone: string | null;
  /** The organisation's current volunteering policy is accepted (SPEC.md section 4, "Terms"). */
  orgTermsAccepted: boolean;
}

/**
 * Why this member cannot join yet, or null: the organisation's volunteering policy comes first
 * (the screen shows its modal before anything else), then the phone the organisation asks for
 * (ask_member_phone; the screen's phone drawer). Checked after joinRefusal, so a full or closed
 * initiative says so rather than asking for a phone.
 */
export function memberJoinRefusal(config: { ask_member_phone: boolean }, member: JoiningMember): "org_terms_not_accepted" | "phone_required" | null {
  if (!member.orgTermsAccepted) return "org_terms_not_accepted";
  if (config.ask_member_phone && !member.phone?.trim()) return "phone_required";
  return null;
}

/**
 * Whether joining needs the manager's approval: the organisation requires it, unless it
 * considers working hours and the initiative is outside them (then nobody's work time is spent).
 */
export const approvalRequired = (config: Pick<RulesConfig, "require_manager_approval" | "consider_working_hours">, i: Pick<Initiative, "is_working_hours">) =>
  config.require_manager_approval && (!config.consider_working_hours || i.is_working_hours);

export type ApprovalText = Exclude<ManagerApprovalStatus, "not_needed"> | "needed" | "not_needed";

/** The manager-approval text and whether its block shows (SPEC.md section 4). */
export function managerApproval(config: Pick<RulesConfig, "require_manager_approval" | "consider_working_hours">, i: Pick<Initiative, "manager_approval_status" | "is_working_hours">) {
  const status = i.manager_approval_status;
  const text: ApprovalText =
    status === "rejected" || status === "approved" || status === "pending" ? status : approvalRequired(config, i) ? "needed" : "not_needed";
  return { text, visible: status !== "not_needed" && config.require_manager_approval };
}

export type DonationPhase = "upcoming" | "ongoing" | "closed" | "finished";

export function donationPhase(i: Pick<Initiative, "status" | "start_time" | "end_time">, now: number): DonationPhase {
  if (!hasStarted(i, now)) return "upcoming";
  if (hasEnded(i, now)) return "finished";
  return i.status === "open" ? "ongoing" : "closed";
}

/** Contributions are accepted only while the donation is open, started and not ended. */
export const acceptsContributions = (i: Pick<Initiative, "type" | "status" | "start_time" | "end_time">, now: number) =>
  i.type === "donation" && donationPhase(i, now) === "ongoing";

/** Progress towards the target, clamped to 0..100. */
export function progressPercent(total: number, target: number | null): number {
  if (!target || target <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((total / target) * 100)));
}

/** Attachments show once the member takes part (or early, by config), unless that kind is hidden. */
export function attachmentsVisible(
  config: Pick<RulesConfig, "show_attachments_before_participation" | "hide_initiative_images" | "hide_initiative_documents">,
  i: Pick<Initiative, "type" | "participant_status" | "own_contribution_total" | "own_pending_contribution_total" | "own_interested">,
  kind: "document" | "image",
): boolean {
  if (kind === "image" ? config.hide_initiative_images : config.hide_initiative_documents) return false;
  const takesPart =
    i.participant_status === "accepted" ||
    (i.type === "donation" && hasGiven(i)) ||
    (i.type === "informative" && i.own_interested);
  return takesPart || config.show_attachments_before_participation;
}

/** Which of the two ratings the drawer asks for. */
export function ratingsShown(config: Pick<RulesConfig, "hide_rating" | "evaluation_configuration">) {
  const evaluation = config.evaluation_configuration ?? {};
  return {
    initiative: !config.hide_rating && !evaluation.hide_evaluate_initiative,
    organization: !config.hide_rating && !evaluation.hide_evaluate_organizer,
  };
}

export const recordEnablesRating = (r: Pick<ParticipationRecord, "status">) => r.status === "validated" || r.status === "granted";

/**
 * Who may rate: an interested member of an informative initiative; an accepted participant once
 * they report hours (method report_hours) or have a validated or granted record.
 */
export function canRate(i: Pick<Initiative, "type" | "own_interested" | "participant_status" | "participation_method" | "participations">): boolean {
  if (i.type === "informative") return i.own_interested;
  if (i.participant_status !== "accepted") return false;
  return i.participation_method === "report_hours" || i.participations.some(recordEnablesRating);
}

/** Done on the participation screen opens the rating drawer only when nothing is rated yet. */
export const ratingOpensOnDone = (i: Pick<Initiative, "type" | "own_interested" | "participant_status" | "participation_method" | "participations" | "own_score">) =>
  i.own_score === null && canRate(i);

/** The wall's date-range filter: from 60 days before today to one year after. */
export function dateFilterWindow(now: number) {
  return { from: now - 60 * DAY_MS, to: now + 365 * DAY_MS };
}

/** Descriptions longer than this collapse behind "show more". */
export const DESCRIPTION_COLLAPSE_CHARS = 300;
/** SDG chips shown before the rest go into a popover. */
export const SDG_CHIPS_SHOWN = 3;
export const DOCUMENTS_SHOWN = 4;
export const IMAGES_SHOWN = 10;
