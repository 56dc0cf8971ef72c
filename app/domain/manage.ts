/**
 * The staff side's shared rules (issue 11): what a review decision looks like, for the API and the
 * /manage screens alike. Browser-safe.
 */
import * as v from "valibot";

/**
 * Roles with a staff area (/manage); organisers and administrators review, managers approve
 * attendance, and the reporting role reads the impact report and its exports, changing nothing
 * (issue 30; decision 052).
 */
export const STAFF_ROLES = ["organiser", "manager", "admin", "reporting"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Every role a person can hold in an organisation: the one list the API, the screens and the schema share. */
export const ORGANISATION_ROLES = ["member", ...STAFF_ROLES] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const ORGANISING_ROLES: readonly StaffRole[] = ["organiser", "admin"];
export const APPROVING_ROLES: readonly StaffRole[] = ["manager", "admin"];
/** Who reads the impact report, its rate card, snapshots and exports (the reporting role without the evidence's member ids); only administrators change them. */
export const IMPACT_READING_ROLES: readonly StaffRole[] = ["admin", "reporting"];
/** Who moderates proposals (SPEC.md section 6): administrators, and organisers where the organisation lets them. */
export const proposalModeratorRoles = (community: { organisers_moderate_proposals: boolean }): readonly StaffRole[] =>
  community.organisers_moderate_proposals ? ORGANISING_ROLES : ["admin"];

export const isStaffRole = (role: string | null | undefined): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? "");
export const reviews = (role: string | null | undefined) => (ORGANISING_ROLES as readonly string[]).includes(role ?? "");
export const approvesEveryone = (role: string | null | undefined) => (APPROVING_ROLES as readonly string[]).includes(role ?? "");

/** The status tabs of the staff lists, the waiting one first. */
export const RECORD_TABS = ["pending", "validated", "rejected"] as const;
export const UPLOAD_TABS = ["pending", "published", "rejected"] as const;
export const MONEY_TABS = ["pending", "confirmed", "rejected"] as const;
export const PROPOSAL_TABS = ["proposed", "open", "rejected"] as const;

/** A message from the organiser to everyone taking part (POST .../initiatives/{id}/message). */
export const MESSAGE_SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_BODY_MAX_LENGTH = 5000;
export const participantMessageSchema = v.strictObject(
  {
    subject: v.pipe(v.string("form_error_invalid"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(MESSAGE_SUBJECT_MAX_LENGTH, "form_error_max_length")),
    body: v.pipe(v.string("form_error_invalid"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(MESSAGE_BODY_MAX_LENGTH, "form_error_max_length")),
  },
  "form_error_unknown_field",
);

/** The same as the page's form posts it, beside its other fields (intent): unknown fields are the API's concern. */
export const participantMessageFormSchema = v.object(participantMessageSchema.entries);

/** The statuses the initiatives list filters by, and the ones staff set. */
/** The staff list of initiatives' page cursor, `{start}.{id}` of the row before (the start empty when it has none). */
export const INITIATIVE_CURSOR = /^(\d{1,16})?\.[\w-]{1,64}$/;

export const INITIATIVE_STATUS_FILTERS = ["open", "suspended", "canceled"] as const;

/**
 * PUT /api/{org}/manage/initiatives/{id}: what staff change on an initiative without the editor,
 * its status (open, suspended: nobody joins, canceled) and its pin on the wall. At least one.
 */
export const initiativeStateSchema = v.pipe(
  v.strictObject(
    {
      status: v.optional(v.picklist(INITIATIVE_STATUS_FILTERS, "form_error_invalid")),
      pinned: v.optional(v.boolean("form_error_invalid")),
    },
    "form_error_unknown_field",
  ),
  v.check((body) => body.status !== undefined || body.pinned !== undefined, "form_error_empty_update"),
);

/** The /manage sections a role works in, in the order of its tabs (an administrator's dashboard is /manage itself). */
export function manageSections(
  role: string,
  moderatesProposals = false,
): ("dashboard" | "impact" | "records" | "uploads" | "money" | "initiatives" | "proposals" | "approvals" | "members" | "settings" | "access" | "integrations" | "policy" | "audit")[] {
  return [
    ...(role === "admin" ? (["dashboard", "impact"] as const) : []),
    ...(role === "reporting" ? (["impact"] as const) : []),
    ...(reviews(role) ? (["records", "uploads", "money", "initiatives"] as const) : []),
    ...(moderatesProposals ? (["proposals"] as const) : []),
    ...(approvesEveryone(role) ? (["approvals"] as const) : []),
    ...(role === "admin" ? (["members", "settings", "access", "integrations", "policy", "audit"] as const) : []),
  ];
}

/** The organiser's decisions on a participant (PUT .../participants/{uuid}). */
export const PARTICIPANT_DECISIONS = ["accepted", "rejected", "not_going"] as const;

/** A decision's outcome on a staff screen: what was done, or the API's error and field messages. */
export interface DecisionOutcome {
  done: { status: string; count: number } | null;
  error: string | null;
  fields: Record<string, string>;
  /** The item decided, when the screen decides one at a time (its row shows the field messages). */
  id?: string;
  /** Items of a bulk decision that someone else had decided first (they kept that decision). */
  lost?: number;
  /** The status stored now, when someone else decided or changed the item first (the answer's `current`). */
  stored?: string;
}

/** The longest reason staff may give for a refusal (shown to the member and in the e-mail). */
export const REVIEW_REASON_MAX_LENGTH = 500;
/** How many items one bulk decision may cover. */
export const BULK_REVIEW_MAX = 100;

export const RECORD_DECISIONS = ["validated", "rejected"] as const;
export const CONTRIBUTION_DECISIONS = ["confirmed", "rejected"] as const;
export const UPLOAD_DECISIONS = ["published", "rejected"] as const;

const reasonSchema = v.optional(
  v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(REVIEW_REASON_MAX_LENGTH, "form_error_max_length"))),
  null,
);

/**
 * A decision `{status, reason?}`: one of `decisions`; a refusal needs a reason where
 * `reasonRequired` (members are told why their hours or files were refused).
 */
export function decisionSchema<const D extends readonly [string, ...string[]]>(decisions: D, { reasonRequired }: { reasonRequired: boolean }) {
  return v.pipe(
    v.strictObject({ status: v.picklist(decisions, "form_error_invalid"), reason: reasonSchema }, "form_error_unknown_field"),
    v.forward(
      v.check((body) => !reasonRequired || body.status !== "rejected" || !!body.reason, "form_error_required"),
      ["reason"],
    ),
  );
}

/** Whose time hours were given in (issue 30; docs/impact-reporting.md): the company's paid working time or the member's own. */
export const TIME_BASES = ["paid", "own"] as const;

/**
 * A decision on one record: decisionSchema's, and `time_basis` to correct whose time the hours were
 * given in while deciding (null: back to the initiative's working-hours setting).
 */
export const recordDecisionSchema = v.pipe(
  v.strictObject(
    { status: v.picklist(RECORD_DECISIONS, "form_error_invalid"), reason: reasonSchema, time_basis: v.optional(v.nullable(v.picklist(TIME_BASES, "form_error_invalid"))) },
    "form_error_unknown_field",
  ),
  v.forward(
    v.check((body) => body.status !== "rejected" || !!body.reason, "form_error_required"),
    ["reason"],
  ),
);

/** The ids of a bulk decision: 1 to BULK_REVIEW_MAX, each once. */
export const bulkIdsSchema = v.pipe(
  v.array(v.pipe(v.string("form_error_invalid"), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid")), "form_error_invalid"),
  v.minLength(1, "form_error_required"),
  v.maxLength(BULK_REVIEW_MAX, "form_error_too_many"),
  v.check((ids) => new Set(ids).size === ids.length, "form_error_invalid"),
);

/** The same decision on several items at once: `{ids, status, reason?}`. */
export function bulkDecisionSchema<const D extends readonly [string, ...string[]]>(decisions: D, options: { reasonRequired: boolean }) {
  return v.pipe(
    v.strictObject({ ids: bulkIdsSchema, status: v.picklist(decisions, "form_error_invalid"), reason: reasonSchema }, "form_error_unknown_field"),
    v.forward(
      v.check((body) => !options.reasonRequired || body.status !== "rejected" || !!body.reason, "form_error_required"),
      ["reason"],
    ),
  );
}

/** The same decision on several records, which may also set whose time their hours were given in (issue 30). */
export const bulkRecordDecisionSchema = v.pipe(
  v.strictObject(
    { ids: bulkIdsSchema, status: v.picklist(RECORD_DECISIONS, "form_error_invalid"), reason: reasonSchema, time_basis: v.optional(v.nullable(v.picklist(TIME_BASES, "form_error_invalid"))) },
    "form_error_unknown_field",
  ),
  v.forward(
    v.check((body) => body.status !== "rejected" || !!body.reason, "form_error_required"),
    ["reason"],
  ),
);

/** The members screen's filters (issue 15): a role ("" for any) and an account status. */
export const MEMBER_ROLE_FILTERS = ["", ...ORGANISATION_ROLES] as const;
export const MEMBER_STATUS_FILTERS = ["all", "active", "disabled"] as const;

/** The audit log screen's filter by kind of thing ("" for every kind), as the API names them. */
export const AUDIT_KINDS = ["", "record", "contribution", "attachment", "participation", "initiative", "proposal", "member", "organization", "invitation", "impact_rate_card", "impact_snapshot", "impact_management", "api_key", "webhook", "chat_app"] as const;

/**
 * What waits is counted up to this many (decision 043): a tab shows "99+" past it, so counting the
 * queue reads at most this many rows however long it is. The summary's counts equal to the cap
 * mean "this many or more".
 */
export const WAITING_COUNT_CAP = 100;

/** A count of what waits as a tab or a figure shows it: "99+" at the cap. */
export const waitingCountLabel = (count: number) => (count >= WAITING_COUNT_CAP ? `${WAITING_COUNT_CAP - 1}+` : String(count));
