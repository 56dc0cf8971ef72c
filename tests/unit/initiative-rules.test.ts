import { describe, expect, it } from "vitest";
import {
  acceptsContributions,
  attachmentsVisible,
  belongsOnWall,
  belongsToMine,
  canRate,
  canSayNotGoing,
  dateFilterWindow,
  donationPhase,
  initiativeAction,
  isFull,
  isHistory,
  isPast,
  joinRefusal,
  managerApproval,
  memberJoinRefusal,
  progressPercent,
  ratingOpensOnDone,
  ratingsShown,
  type Initiative,
  type RulesConfig,
} from "~/domain/initiatives";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(NOW + offsetDays * DAY).toISOString();

function initiative(overrides: Partial<Initiative> = {}): Initiative {
  return {
    id: "i1", slug: "beach-cleanup", title: "Beach clean-up", description: "", address: null, address_detail: null,
    latitude: null, longitude: null, location_precision: null, image: null, type: "volunteering", subtype: "event", status: "open",
    start_time: iso(5), end_time: iso(6), registration_end_time: null, categories: [], competences: [], sdgs: [],
    target_audience: [], tags: [], is_in_person: true, is_remote: false, remote_url: null, pinned_initiative: false,
    points: 0, program: null, organization_name: "Acme", organization_logo_small: null, collaborators: [],
    max_participants: -1, participant_count: 0, participant_status: null, own_interested: false,
    manager_approval_status: null, participant_created_at: null, participant_uuid: null, checkin_code: null, waitlist: null, is_working_hours: false,
    minors_allowed: false, contribution_total: 0, own_contribution_total: 0, own_pending_contribution_total: 0, contributor_count: 0, donation_params: null,
    initiative_score: null, initiative_score_count: 0, organization_score: null, organization_score_count: 0,
    own_score: null, feedback_url: null, contact_person: null, contact_email: null, contact_phone: null, submitter: null,
    participation_method: "report_hours", hours_per_day: 0, indicators: [], participations: [],
    ...overrides,
  };
}

const config: RulesConfig = {
  require_manager_approval: true,
  consider_working_hours: true,
  show_attachments_before_participation: false,
  hide_initiative_images: false,
  hide_initiative_documents: false,
  hide_rating: false,
};

describe("capacity and the wall", () => {
  it("treats a negative max as unlimited and count >= max as full", () => {
    expect(isFull(initiative({ max_participants: -1, participant_count: 1000 }))).toBe(false);
    expect(isFull(initiative({ max_participants: 2, participant_count: 1 }))).toBe(false);
    expect(isFull(initiative({ max_participants: 2, participant_count: 2 }))).toBe(true);
    expect(isFull(initiative({ max_participants: 0, participant_count: 0 }))).toBe(true);
  });

  it("lists on the wall only initiatives with room that the member has not taken up", () => {
    expect(belongsOnWall(initiative())).toBe(true);
    expect(belongsOnWall(initiative({ max_participants: 3, participant_count: 3 }))).toBe(false);
    expect(belongsOnWall(initiative({ participant_status: "accepted" }))).toBe(false);
    expect(belongsOnWall(initiative({ own_interested: true }))).toBe(false);
    expect(belongsOnWall(initiative({ participant_status: "not_going" }))).toBe(true);
  });

  it("keeps in my initiatives what the member joined, likes or gave to", () => {
    expect(belongsToMine(initiative({ participant_status: "accepted" }))).toBe(true);
    expect(belongsToMine(initiative({ participant_status: "not_going" }))).toBe(false);
    expect(belongsToMine(initiative({ own_interested: true }))).toBe(true);
    expect(belongsToMine(initiative({ own_contribution_total: 5 }))).toBe(true);
  });
});

describe("past and history", () => {
  it("is past when registration (else the end) has closed and the member is not accepted", () => {
    expect(isPast(initiative({ end_time: iso(-1) }), NOW)).toBe(true);
    expect(isPast(initiative({ registration_end_time: iso(-1), end_time: iso(3) }), NOW)).toBe(true);
    expect(isPast(initiative({ registration_end_time: iso(-1), end_time: iso(3), participant_status: "accepted" }), NOW)).toBe(false);
    expect(isPast(initiative({ end_time: null, registration_end_time: null }), NOW)).toBe(false);
  });

  it("puts canceled and ended initiatives in history", () => {
    expect(isHistory(initiative({ status: "canceled" }), NOW)).toBe(true);
    expect(isHistory(initiative({ participant_status: "accepted", end_time: iso(-1) }), NOW)).toBe(true);
    expect(isHistory(initiative(), NOW)).toBe(false);
  });
});

describe("the main action", () => {
  it("follows the participant status", () => {
    expect(initiativeAction(initiative(), NOW)).toEqual({ kind: "join", disabled: false });
    expect(initiativeAction(initiative({ status: "suspended" }), NOW)).toEqual({ kind: "join", disabled: true });
    expect(initiativeAction(initiative({ participant_status: "accepted" }), NOW)).toEqual({ kind: "participate" });
    expect(initiativeAction(initiative({ participant_status: "rejected", manager_approval_status: "rejected" }), NOW)).toEqual({ kind: "rejected", label: "not_approved" });
    expect(initiativeAction(initiative({ participant_status: "rejected", manager_approval_status: "not_needed" }), NOW)).toEqual({ kind: "rejected", label: "rejected" });
  });

  it("shows a disabled complete button on full volunteering and training, hides join on full collections", () => {
    expect(initiativeAction(initiative({ max_participants: 1, participant_count: 1 }), NOW)).toEqual({ kind: "complete" });
    expect(initiativeAction(initiative({ type: "training", max_participants: 1, participant_count: 1 }), NOW)).toEqual({ kind: "complete" });
    expect(initiativeAction(initiative({ type: "collection", max_participants: 1, participant_count: 1 }), NOW)).toEqual({ kind: "none" });
  });

  it("offers interest then rating on informative initiatives, and hides actions when past", () => {
    expect(initiativeAction(initiative({ type: "informative" }), NOW)).toEqual({ kind: "interested" });
    expect(initiativeAction(initiative({ type: "informative", own_interested: true }), NOW)).toEqual({ kind: "rate" });
    expect(initiativeAction(initiative({ end_time: iso(-1) }), NOW)).toEqual({ kind: "none" });
  });

  it("lets accepted volunteers say not going until the end", () => {
    expect(canSayNotGoing(initiative({ participant_status: "accepted" }), NOW)).toBe(true);
    expect(canSayNotGoing(initiative({ participant_status: "accepted", end_time: iso(-1) }), NOW)).toBe(false);
    expect(canSayNotGoing(initiative({ type: "collection", participant_status: "accepted" }), NOW)).toBe(false);
  });

  it("explains why joining is refused", () => {
    expect(joinRefusal(initiative(), NOW)).toBeNull();
    expect(joinRefusal(initiative({ type: "donation" }), NOW)).toBe("initiative_not_joinable");
    expect(joinRefusal(initiative({ status: "suspended" }), NOW)).toBe("initiative_closed");
    expect(joinRefusal(initiative({ max_participants: 1, participant_count: 1 }), NOW)).toBe("initiative_full");
    expect(joinRefusal(initiative({ registration_end_time: iso(-1) }), NOW)).toBe("initiative_closed");
  });

  it("asks the member for the organisation's policy first, then for the phone the organisation asks for", () => {
    const asks = { ask_member_phone: true };
    expect(memberJoinRefusal(asks, { phone: "+34612345678", orgTermsAccepted: true })).toBeNull();
    expect(memberJoinRefusal(asks, { phone: null, orgTermsAccepted: true })).toBe("phone_required");
    expect(memberJoinRefusal(asks, { phone: "  ", orgTermsAccepted: true })).toBe("phone_required");
    expect(memberJoinRefusal(asks, { phone: null, orgTermsAccepted: false })).toBe("org_terms_not_accepted");
    expect(memberJoinRefusal({ ask_member_phone: false }, { phone: null, orgTermsAccepted: true })).toBeNull();
    expect(memberJoinRefusal({ ask_member_phone: false }, { phone: null, orgTermsAccepted: false })).toBe("org_terms_not_accepted");
  });
});

describe("manager approval", () => {
  it("is needed in working hours when the organisation considers them", () => {
    expect(managerApproval(config, initiative({ is_working_hours: true }))).toEqual({ text: "needed", visible: true });
    expect(managerApproval(config, initiative({ is_working_hours: false })).text).toBe("not_needed");
    expect(managerApproval({ ...config, consider_working_hours: false }, initiative()).text).toBe("needed");
  });

  it("shows the participant's status and hides the block when not needed", () => {
    expect(managerApproval(config, initiative({ manager_approval_status: "pending" }))).toEqual({ text: "pending", visible: true });
    expect(managerApproval(config, initiative({ manager_approval_status: "not_needed" })).visible).toBe(false);
    expect(managerApproval({ ...config, require_manager_approval: false }, initiative({ manager_approval_status: "pending" })).visible).toBe(false);
  });
});

describe("donations", () => {
  const donation = (o: Partial<Initiative>) => initiative({ type: "donation", start_time: iso(-1), end_time: iso(10), ...o });

  it("has phases and accepts money only while open, started and not ended", () => {
    expect(donationPhase(donation({ start_time: iso(1) }), NOW)).toBe("upcoming");
    expect(donationPhase(donation({}), NOW)).toBe("ongoing");
    expect(donationPhase(donation({ status: "suspended" }), NOW)).toBe("closed");
    expect(donationPhase(donation({ end_time: iso(-0.5) }), NOW)).toBe("finished");
    expect(acceptsContributions(donation({}), NOW)).toBe(true);
    expect(acceptsContributions(donation({ status: "suspended" }), NOW)).toBe(false);
    expect(initiativeAction(donation({ start_time: iso(1) }), NOW)).toEqual({ kind: "contribute", disabled: true });
  });

  it("clamps progress to 0..100", () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(500, 200)).toBe(100);
    expect(progressPercent(-5, 200)).toBe(0);
    expect(progressPercent(5, null)).toBe(0);
  });
});

describe("attachments and rating", () => {
  it("shows attachments to those who take part, or early by config, unless hidden", () => {
    expect(attachmentsVisible(config, initiative(), "document")).toBe(false);
    expect(attachmentsVisible(config, initiative({ participant_status: "accepted" }), "document")).toBe(true);
    expect(attachmentsVisible(config, initiative({ type: "donation", own_contribution_total: 1 }), "image")).toBe(true);
    expect(attachmentsVisible(config, initiative({ type: "informative", own_interested: true }), "image")).toBe(true);
    expect(attachmentsVisible({ ...config, show_attachments_before_participation: true }, initiative(), "image")).toBe(true);
    expect(attachmentsVisible({ ...config, hide_initiative_images: true }, initiative({ participant_status: "accepted" }), "image")).toBe(false);
  });

  it("hides ratings by configuration", () => {
    expect(ratingsShown(config)).toEqual({ initiative: true, organization: true });
    expect(ratingsShown({ ...config, hide_rating: true })).toEqual({ initiative: false, organization: false });
    expect(ratingsShown({ ...config, evaluation_configuration: { hide_evaluate_organizer: true } })).toEqual({ initiative: true, organization: false });
  });

  it("opens the rating on Done only before a score, for hours reporters or validated records", () => {
    const qr = initiative({ participant_status: "accepted", participation_method: "qr" });
    expect(canRate(qr)).toBe(false);
    const validated = { ...qr, participations: [{ id: "r", type: "hours" as const, hours: 2, value: null, unit: null, indicator_id: null, status: "validated" as const, reject_reason: null, created_at: iso(0) }] };
    expect(canRate(validated)).toBe(true);
    expect(ratingOpensOnDone(initiative({ participant_status: "accepted" }))).toBe(true);
    expect(ratingOpensOnDone(initiative({ participant_status: "accepted", own_score: { initiative_score: 4, organization_score: 5 } }))).toBe(false);
  });
});

it("filters dates from 60 days before to a year after today", () => {
  const { from, to } = dateFilterWindow(NOW);
  expect((NOW - from) / DAY).toBe(60);
  expect((to - NOW) / DAY).toBe(365);
});
