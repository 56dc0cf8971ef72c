/**
 * The proposal wizard's step logic (SPEC.md sections 4 and 5; issue 12): the steps of each type,
 * the single allowed type, the step of the first error, the date defaults, the four-part rule and
 * each step's own check.
 */
import { describe, expect, it } from "vitest";
import {
  firstErrorStep,
  nextStep,
  pickEndDate,
  pickStartDate,
  previousStep,
  proposalPayload,
  proposalSteps,
  stepErrors,
  whenErrors,
  withStepAnswers,
  withoutStep,
  type ProposalRules,
} from "../../app/domain/proposals";
import { instantOfZoned } from "../../app/domain/zoned-time";

const DEFAULT_TYPES = ["volunteering", "donation", "collection", "informative"];
const rules: ProposalRules = { allowedTypes: DEFAULT_TYPES, maxSdgs: 3, canOverrideDateLimits: false, todayStart: Date.parse("2026-11-25T00:00:00Z"), memberCompetences: ["communication"] };
const toInstant = (local: string) => instantOfZoned(local, "UTC");

describe("the steps of each type", () => {
  it("walks every step for volunteering", () => {
    expect(proposalSteps("volunteering", DEFAULT_TYPES)).toEqual(["type", "title", "description", "when", "where", "sdgs", "skills", "send", "finish"]);
  });
  it("skips SDGs and skills for informative and collection", () => {
    for (const type of ["informative", "collection"]) expect(proposalSteps(type, DEFAULT_TYPES)).toEqual(["type", "title", "description", "when", "where", "send", "finish"]);
  });
  it("skips when (and skills) for a donation: where, sdgs, send", () => {
    expect(proposalSteps("donation", DEFAULT_TYPES)).toEqual(["type", "title", "description", "where", "sdgs", "send", "finish"]);
    expect(nextStep("description", "donation", DEFAULT_TYPES)).toBe("where");
    expect(nextStep("sdgs", "donation", DEFAULT_TYPES)).toBe("send");
  });
  it("leaves the type step out when one type is allowed", () => {
    expect(proposalSteps("volunteering", ["volunteering"])[0]).toBe("title");
    expect(previousStep("title", "volunteering", ["volunteering"])).toBeNull();
    expect(previousStep("title", "volunteering", DEFAULT_TYPES)).toBe("type");
  });
  it("goes from where to send for informative, and nowhere after finish", () => {
    expect(nextStep("where", "informative", DEFAULT_TYPES)).toBe("send");
    expect(nextStep("finish", "volunteering", DEFAULT_TYPES)).toBeNull();
  });
});

describe("firstErrorStep", () => {
  it("is the earliest step, in the wizard's order, with an error", () => {
    expect(firstErrorStep({ sdgs: "form_error_max_sdgs", title: "form_error_required" }, "volunteering", DEFAULT_TYPES)).toBe("title");
    expect(firstErrorStep({ latitude: "form_error_wrong_coords", end_time: "form_error_end_before_start" }, "volunteering", DEFAULT_TYPES)).toBe("when");
    expect(firstErrorStep({ max_participants: "form_error_invalid_number" }, "volunteering", DEFAULT_TYPES)).toBe("description");
    expect(firstErrorStep({}, "volunteering", DEFAULT_TYPES)).toBeNull();
  });
});

describe("the when step", () => {
  it("picking a start date sets 10:00, the same end day and 18:00", () => {
    expect(pickStartDate({ start_date: "", start_time: "", end_date: "", end_time: "" }, "2026-12-05")).toEqual({ start_date: "2026-12-05", start_time: "10:00", end_date: "2026-12-05", end_time: "18:00" });
    expect(pickStartDate({ start_date: "", start_time: "09:30", end_date: "", end_time: "" }, "2026-12-05").start_time).toBe("09:30");
  });
  it("picking the start's day as the end clears the end time; another day sets 18:00", () => {
    const start = pickStartDate({ start_date: "", start_time: "", end_date: "", end_time: "" }, "2026-12-05");
    expect(pickEndDate(start, "2026-12-05").end_time).toBe("");
    expect(pickEndDate({ ...start, end_time: "" }, "2026-12-06").end_time).toBe("18:00");
  });
  it("wants all four parts once one is given", () => {
    expect(whenErrors({})).toEqual({});
    expect(whenErrors({ start_date: "2026-12-05" })).toEqual({ start_time: "form_error_required", end_date: "form_error_required", end_time: "form_error_required" });
    expect(whenErrors({ start_date: "2026-12-05", start_time: "10:00", end_date: "2026-12-05", end_time: "12:00" })).toEqual({});
  });
  it("checks the dates against today and each other", () => {
    const draft = { type: "volunteering", title: "T", description: "D" };
    expect(stepErrors({ ...draft, start_date: "2026-11-20", start_time: "10:00", end_date: "2026-11-20", end_time: "12:00" }, "when", rules, toInstant)).toEqual({ start_date: "form_error_date_in_past" });
    expect(stepErrors({ ...draft, start_date: "2026-12-05", start_time: "10:00", end_date: "2026-12-04", end_time: "12:00" }, "when", rules, toInstant)).toEqual({ end_date: "form_error_end_before_start" });
    expect(stepErrors({ ...draft, start_date: "2026-11-20", start_time: "10:00", end_date: "2026-11-20", end_time: "12:00" }, "when", { ...rules, canOverrideDateLimits: true }, toInstant)).toEqual({});
  });
});

describe("each step's check and the draft", () => {
  it("reports only the step's own fields", () => {
    expect(stepErrors({ type: "volunteering", title: "x".repeat(76) }, "title", rules, toInstant)).toEqual({ title: "form_error_max_title_length" });
    // The empty description is the next step's concern.
    expect(stepErrors({ type: "volunteering", title: "Fine" }, "title", rules, toInstant)).toEqual({});
    expect(stepErrors({ type: "training" }, "type", rules, toInstant)).toEqual({ type: "form_error_required" });
    expect(stepErrors({ type: "volunteering", sdgs: ["no-poverty", "zero-hunger", "climate-action", "life-on-land"] }, "sdgs", rules, toInstant)).toEqual({ sdgs: "form_error_max_sdgs" });
    expect(stepErrors({ type: "volunteering", is_in_person: true, latitude: "40.1" }, "where", rules, toInstant)).toMatchObject({ address: "form_error_address_required", latitude: "form_error_wrong_coords" });
  });

  it("reads a step's form into the draft, and clears a skipped step", () => {
    const form = new FormData();
    form.append("sdgs", "no-poverty");
    form.append("sdgs", "zero-hunger");
    const draft = withStepAnswers({ title: "T" }, "sdgs", form);
    expect(draft).toEqual({ title: "T", sdgs: ["no-poverty", "zero-hunger"] });
    expect(withoutStep(draft, "sdgs")).toEqual({ title: "T" });
    const where = new FormData();
    where.set("address", "Calle Mayor 1");
    expect(withStepAnswers({}, "where", where)).toMatchObject({ is_in_person: false, address: "Calle Mayor 1", is_remote: false });
  });

  it("sends times with the organisation's offset, and none when the when step was skipped", () => {
    const madrid = (local: string) => instantOfZoned(local, "Europe/Madrid");
    const payload = proposalPayload({ type: "volunteering", start_date: "2026-12-05", start_time: "10:00", end_date: "2026-12-05", end_time: "18:00", max_participants: "12" }, madrid);
    expect(payload).toMatchObject({ start_time: "2026-12-05T09:00:00.000Z", end_time: "2026-12-05T17:00:00.000Z", max_participants: 12 });
    expect(proposalPayload({ type: "volunteering" }, madrid)).toMatchObject({ start_time: null, end_time: null, max_participants: null });
  });
});
