/**
 * Staff taking back or correcting hours they validated before (issue 32: a credential that relied
 * on them is revoked): new hours with a reason, or a refusal with a reason. Members are told why,
 * so the reason is required either way.
 */
import * as v from "valibot";
import { MAX_HOURS_PER_DAY } from "./initiatives/reporting";
import { REVIEW_REASON_MAX_LENGTH } from "./manage";

export const RECORD_CORRECTIONS = ["corrected", "rejected"] as const;
export type RecordCorrection = (typeof RECORD_CORRECTIONS)[number];

/** `{ status: "corrected", hours, reason }` or `{ status: "rejected", reason }`: whole hours as a report takes them (1 to 24). */
export const recordCorrectionSchema = v.pipe(
  v.strictObject(
    {
      status: v.picklist(RECORD_CORRECTIONS, "form_error_invalid"),
      hours: v.optional(
        v.pipe(v.number("form_error_invalid_number"), v.integer("form_error_invalid_number"), v.minValue(1, "form_error_invalid_number"), v.maxValue(MAX_HOURS_PER_DAY, "form_error_invalid_number")),
      ),
      reason: v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(REVIEW_REASON_MAX_LENGTH, "form_error_max_length")),
    },
    "form_error_unknown_field",
  ),
  v.forward(
    v.check((body) => body.status !== "corrected" || body.hours !== undefined, "form_error_required"),
    ["hours"],
  ),
  v.forward(
    v.check((body) => body.status !== "rejected" || body.hours === undefined, "form_error_unknown_field"),
    ["hours"],
  ),
);
export type RecordCorrectionInput = v.InferOutput<typeof recordCorrectionSchema>;
