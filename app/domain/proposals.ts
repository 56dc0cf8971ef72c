/**
 * A member's proposal of an initiative (SPEC.md sections 2 to 5, 7 and 9; issue 12): the payload
 * of POST /api/{org}/proposal with every rule of section 5 (the title, coordinate and SDG rules are
 * the staff editor's own, app/domain/initiatives/editor.ts), and the wizard's steps: their order,
 * the skips of section 4, the step of the first error, the date defaults. Pure, browser-safe.
 */
import * as v from "valibot";
import { messageKeyOf } from "./field-errors";
import { locationPrecisionSchema } from "./location-precision";
import { coordinate, descriptionSchema, flag, instant, optionalText, optionalHttpsUrl, sdgList, takesParticipants, titleSchema, whole, MAX_PARTICIPANTS } from "./initiatives/editor";
import type { InitiativeType } from "./initiatives/types";

/** The wizard's steps in the order of section 2; `finish` is the screen after sending. */
export const PROPOSAL_STEPS = ["type", "title", "description", "when", "where", "sdgs", "skills", "send", "finish"] as const;
export type ProposalStep = (typeof PROPOSAL_STEPS)[number];

/** Steps a member may leave empty (section 4). */
export const SKIPPABLE_STEPS: readonly ProposalStep[] = ["when", "sdgs", "skills"];

export const isProposalStep = (value: unknown): value is ProposalStep => (PROPOSAL_STEPS as readonly unknown[]).includes(value);

/**
 * The steps a proposal of `type` walks (section 4): informative and collection go description,
 * when, where, send (no SDGs, no skills); a donation skips when and goes where, sdgs, send (the
 * first of the two readings the notes give); a single allowed type is chosen for the member and
 * skips the type step. Before a type is chosen, every step.
 */
export function proposalSteps(type: string | null, allowedTypes: readonly string[]): ProposalStep[] {
  let steps: ProposalStep[] = [...PROPOSAL_STEPS];
  if (allowedTypes.length === 1) steps = steps.filter((step) => step !== "type");
  if (type === "informative" || type === "collection") steps = steps.filter((step) => step !== "sdgs" && step !== "skills");
  if (type === "donation") steps = steps.filter((step) => step !== "when" && step !== "skills");
  return steps;
}

/** The step after `step` for this type, or null after the last. */
export function nextStep(step: ProposalStep, type: string | null, allowedTypes: readonly string[]): ProposalStep | null {
  const steps = proposalSteps(type, allowedTypes);
  const at = steps.indexOf(step);
  return at >= 0 && at < steps.length - 1 ? steps[at + 1] : null;
}

/** The step before `step` for this type, or null on the first. */
export function previousStep(step: ProposalStep, type: string | null, allowedTypes: readonly string[]): ProposalStep | null {
  const steps = proposalSteps(type, allowedTypes);
  const at = steps.indexOf(step);
  return at > 0 ? steps[at - 1] : null;
}

/** The step that asks for each field of the payload (and of the wizard's form). */
const FIELD_STEPS: Record<string, ProposalStep> = {
  type: "type",
  title: "title",
  description: "description",
  max_participants: "description",
  start_time: "when",
  end_time: "when",
  start_date: "when",
  end_date: "when",
  is_in_person: "where",
  address: "where",
  latitude: "where",
  longitude: "where",
  location_precision: "where",
  is_remote: "where",
  remote_url: "where",
  sdgs: "sdgs",
  competences: "skills",
  help_organize: "skills",
};

/** Where a failed send takes the member: the first step, in the wizard's order, with an error (section 4). */
export function firstErrorStep(fields: Record<string, string>, type: string | null, allowedTypes: readonly string[]): ProposalStep | null {
  const wrong = new Set(Object.keys(fields).map((field) => FIELD_STEPS[field.split(".")[0]] ?? "send"));
  return proposalSteps(type, allowedTypes).find((step) => wrong.has(step)) ?? null;
}

/** The when step's four parts, as the form holds them ("YYYY-MM-DD", "HH:mm"; empty when not given). */
export interface WhenParts {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

export const DEFAULT_START_TIME = "10:00";
export const DEFAULT_END_TIME = "18:00";

/** Picking a start date: start at 10:00 unless a time is set, end the same day at 18:00 (section 5). */
export const pickStartDate = (parts: WhenParts, date: string): WhenParts => ({
  start_date: date,
  start_time: parts.start_time || DEFAULT_START_TIME,
  end_date: date,
  end_time: DEFAULT_END_TIME,
});

/** Picking an end date: the same day as the start clears the end time, another day sets 18:00 (section 5). */
export const pickEndDate = (parts: WhenParts, date: string): WhenParts => ({ ...parts, end_date: date, end_time: date === parts.start_date ? "" : DEFAULT_END_TIME });

/** What the organisation and the member change in the rules. */
export interface ProposalRules {
  /** proposal_types of the organisation (or its default). */
  allowedTypes: readonly string[];
  maxSdgs: number;
  /** can_override_date_limits: a start before today is allowed. */
  canOverrideDateLimits: boolean;
  /** The first instant of today in the organisation's zone. */
  todayStart: number;
  /** The competence slugs on the member's profile: the skills step offers only those. */
  memberCompetences: readonly string[];
}

/** Proposals one member may send in a day (429 proposal_error_too_many_requests beyond). */
export const PROPOSALS_PER_DAY = 10;

/** The body of POST /api/{org}/proposal (SPEC.md section 3), with the rules of section 5. */
export function proposalInputSchema(rules: ProposalRules) {
  const competences = new Set(rules.memberCompetences);
  return v.pipe(
    v.strictObject(
      {
        type: v.pipe(
          v.string("form_error_required"),
          v.check((type) => rules.allowedTypes.includes(type), "form_error_required"),
        ),
        title: titleSchema,
        description: descriptionSchema,
        start_time: instant,
        end_time: instant,
        is_in_person: flag,
        address: optionalText(),
        latitude: coordinate(90),
        longitude: coordinate(180),
        /** As the initiative editor's: the found place's precision, dropped without a pin. */
        location_precision: locationPrecisionSchema,
        is_remote: flag,
        remote_url: optionalHttpsUrl,
        sdgs: sdgList(rules.maxSdgs),
        competences: v.optional(
          v.pipe(
            v.array(v.string("form_error_invalid"), "form_error_invalid"),
            v.check((slugs) => slugs.every((slug) => competences.has(slug)), "form_error_invalid"),
          ),
          [],
        ),
        help_organize: flag,
        /** null: unlimited. */
        max_participants: v.optional(v.nullable(whole(1, MAX_PARTICIPANTS)), null),
      },
      "form_error_unknown_field",
    ),
    // When: all of it or none (the wizard's four parts are two instants here).
    v.forward(v.partialCheck([["start_time"], ["end_time"]], (i) => !!i.end_time || !i.start_time, "form_error_required"), ["end_time"]),
    v.forward(v.partialCheck([["start_time"], ["end_time"]], (i) => !!i.start_time || !i.end_time, "form_error_required"), ["start_time"]),
    v.forward(
      v.partialCheck([["start_time"]], (i) => rules.canOverrideDateLimits || !i.start_time || Date.parse(i.start_time) >= rules.todayStart, "form_error_date_in_past"),
      ["start_time"],
    ),
    v.forward(v.partialCheck([["start_time"], ["end_time"]], (i) => !i.start_time || !i.end_time || i.end_time >= i.start_time, "form_error_end_before_start"), ["end_time"]),
    v.forward(v.partialCheck([["is_in_person"], ["address"]], (i) => !i.is_in_person || !!i.address, "form_error_address_required"), ["address"]),
    v.forward(v.partialCheck([["latitude"], ["longitude"]], (i) => (i.latitude === null) === (i.longitude === null), "form_error_wrong_coords"), ["latitude"]),
    v.forward(v.partialCheck([["is_remote"], ["remote_url"]], (i) => !i.is_remote || !!i.remote_url, "form_error_remote_url_required"), ["remote_url"]),
    // A cap only where people take part; sent for another type it is dropped.
    v.transform((i) => ({
      ...i,
      max_participants: takesParticipants(i.type as InitiativeType) ? i.max_participants : null,
      location_precision: i.latitude === null ? null : i.location_precision,
      remote_url: i.is_remote ? i.remote_url || null : null,
    })),
  );
}

export type ProposalInput = v.InferOutput<ReturnType<typeof proposalInputSchema>>;

/** A proposal as the member's list shows it (GET /api/{org}/proposal). */
export interface ProposalSummary {
  id: string;
  title: string;
  type: InitiativeType;
  status: "proposed" | "open" | "rejected";
  created_at: string;
  reject_reason: string | null;
  /** The initiative made from it, once approved. */
  initiative_slug: string | null;
}

/** A moderator's decision (PUT /api/{org}/manage/proposals/{id}): approve, or reject with a reason. */
export const PROPOSAL_REASON_MAX_LENGTH = 500;
export const proposalDecisionSchema = v.pipe(
  v.strictObject(
    {
      status: v.picklist(["open", "rejected"], "form_error_invalid"),
      reject_reason: v.optional(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(PROPOSAL_REASON_MAX_LENGTH, "form_error_max_length"))),
    },
    "form_error_unknown_field",
  ),
  v.forward(v.partialCheck([["status"], ["reject_reason"]], (d) => d.status !== "rejected" || !!d.reject_reason, "form_error_required"), ["reject_reason"]),
);

/** The wizard's answers as its forms send them (and as the draft keeps them). */
export interface ProposalDraft extends Partial<WhenParts> {
  type?: string;
  title?: string;
  description?: string;
  max_participants?: string;
  is_in_person?: boolean;
  address?: string;
  latitude?: string;
  longitude?: string;
  location_precision?: string;
  is_remote?: boolean;
  remote_url?: string;
  sdgs?: string[];
  competences?: string[];
  help_organize?: boolean;
  /** The field errors of the last send, shown at their steps. */
  errors?: Record<string, string>;
}

/** The fields each step's form sends (a checkbox or a list left empty is not sent at all). */
export const STEP_FIELDS: Record<ProposalStep, (keyof ProposalDraft)[]> = {
  type: ["type"],
  title: ["title"],
  description: ["description", "max_participants"],
  when: ["start_date", "start_time", "end_date", "end_time"],
  where: ["is_in_person", "address", "latitude", "longitude", "location_precision", "is_remote", "remote_url"],
  sdgs: ["sdgs"],
  skills: ["competences", "help_organize"],
  send: [],
  finish: [],
};

const BOXES = new Set<keyof ProposalDraft>(["is_in_person", "is_remote", "help_organize"]);
const LISTS = new Set<keyof ProposalDraft>(["sdgs", "competences"]);

/** The draft with one step's form read into it (that step's fields replace what it had). */
export function withStepAnswers(draft: ProposalDraft, step: ProposalStep, form: { get(name: string): unknown; getAll(name: string): unknown[] }): ProposalDraft {
  const next: ProposalDraft = { ...draft };
  const record = next as Record<string, unknown>;
  for (const field of STEP_FIELDS[step]) {
    if (BOXES.has(field)) record[field] = form.get(field) === "on" || form.get(field) === "true";
    else if (LISTS.has(field)) record[field] = form.getAll(field).filter((value): value is string => typeof value === "string" && value !== "");
    else {
      const value = form.get(field);
      record[field] = typeof value === "string" ? value : "";
    }
  }
  return next;
}

/** The draft with a skipped step's answers cleared. */
export function withoutStep(draft: ProposalDraft, step: ProposalStep): ProposalDraft {
  const next: ProposalDraft = { ...draft };
  for (const field of STEP_FIELDS[step]) delete (next as Record<string, unknown>)[field];
  return next;
}

/** The when step's rule of section 5: if any of the four parts is given, all four are required. */
export function whenErrors(parts: Partial<WhenParts>): Record<string, string> {
  const keys = ["start_date", "start_time", "end_date", "end_time"] as const;
  const given = keys.filter((key) => !!parts[key]?.trim());
  if (given.length === 0 || given.length === keys.length) return {};
  return Object.fromEntries(keys.filter((key) => !given.includes(key)).map((key) => [key, "form_error_required"]));
}

/**
 * The draft as the API's body. Times are the wall-clock times of the organisation's zone, sent as
 * instants ("times are converted by adding the timezone offset before sending", section 5). What
 * is not a number stays as typed, so the API names its field.
 */
export function proposalPayload(draft: ProposalDraft, toInstant: (local: string) => string | null) {
  const number = (text: string | undefined) => {
    const raw = text?.trim().replace(",", ".");
    if (!raw) return null;
    return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  };
  const when = whenErrors(draft);
  const instant = (date?: string, time?: string) => (date && time ? (toInstant(`${date}T${time}`) ?? `${date}T${time}`) : null);
  const complete = Object.keys(when).length === 0;
  return {
    type: draft.type ?? "",
    title: draft.title ?? "",
    description: draft.description ?? "",
    start_time: complete ? instant(draft.start_date, draft.start_time) : null,
    end_time: complete ? instant(draft.end_date, draft.end_time) : null,
    is_in_person: draft.is_in_person ?? false,
    address: draft.address?.trim() || null,
    latitude: number(draft.latitude),
    longitude: number(draft.longitude),
    location_precision: draft.location_precision?.trim() || null,
    is_remote: draft.is_remote ?? false,
    remote_url: draft.remote_url?.trim() || null,
    sdgs: draft.sdgs ?? [],
    competences: draft.competences ?? [],
    help_organize: draft.help_organize ?? false,
    max_participants: number(draft.max_participants),
  };
}

/** The payload's error fields as the wizard's: the instants belong to the when step's date inputs. */
export const wizardField = (field: string) => (field === "start_time" ? "start_date" : field === "end_time" ? "end_date" : field);

/**
 * One step's check before moving on: the whole draft against the API's schema, keeping the errors
 * of this step's fields only (the rest is checked when their steps come, and again at sending).
 */
export function stepErrors(draft: ProposalDraft, step: ProposalStep, rules: ProposalRules, toInstant: (local: string) => string | null): Record<string, string> {
  const errors: Record<string, string> = step === "when" ? whenErrors(draft) : {};
  if (Object.keys(errors).length) return errors;
  const result = v.safeParse(proposalInputSchema(rules), proposalPayload(draft, toInstant));
  if (result.success) return errors;
  const own = new Set<string>(STEP_FIELDS[step]);
  for (const issue of result.issues) {
    const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
    const field = wizardField(path.split(".")[0]);
    if (own.has(field)) errors[field] ??= messageKeyOf(issue);
  }
  return errors;
}
