/**
 * Profile details (SPEC.md section 3, "Profile details") and their lookups, as one partial schema:
 * PUT {org}/profile {details} sends only what changed. Shared by the onboarding steps and the API.
 */
import * as v from "valibot";

export const TSHIRT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const RELATIONS_WITH_ORG = ["employee", "retired", "group_employee", "friends_family", "customer"] as const;
export const VOLUNTEERING_MOTIVATIONS = [
  "curiosity",
  "useful_to_others",
  "develop_other_skills",
  "opportunity_to_exercise_citizenship",
  "other_reason",
] as const;
export const AVAILABILITY_LOCATIONS = ["country", "municipality", "continent", "place_live_and_work", "autonomous"] as const;
export const AVAILABILITY_DAYS = ["everyday", "working_days", "working_days_after_work", "weekends_and_holidays"] as const;

const text = (max = 2000) => v.nullable(v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(max, "form_error_max_length")));
const flag = v.nullable(v.boolean("form_error_invalid"));
const hhmm = v.pipe(v.string("form_error_invalid"), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "form_error_invalid_time"));

function isRealDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= Date.now();
}

export const ProfileDetailsSchema = v.partial(
  v.strictObject(
    {
      address: text(300),
      professional_experience: text(),
      volunteering_experience: text(),
      social_work_motivations: text(),
      talents_and_skills: text(),
      education: text(),
      technical_skills: text(),
      leadership_skills: text(),
      alias: text(80),
      machine_number: text(40),
      relation_with_org: v.nullable(v.picklist(RELATIONS_WITH_ORG, "form_error_invalid")),
      tshirt_size: v.nullable(v.picklist(TSHIRT_SIZES, "form_error_invalid")),
      specific_training_cap_ccp: flag,
      specific_training_first_aid: flag,
      specific_training_received_volunteering_training: flag,
      specific_training_received_volunteering_training_where: text(300),
      availability_preferred_location: v.array(v.picklist(AVAILABILITY_LOCATIONS, "form_error_invalid")),
      availability_days: v.array(v.picklist(AVAILABILITY_DAYS, "form_error_invalid")),
      availability_hours: v.nullable(
        v.pipe(
          v.object({ start: hhmm, end: hhmm }),
          v.check((hours) => hours.start < hours.end, "form_error_invalid_time_range"),
        ),
      ),
      availability_and_mobility: text(),
      volunteering_motivation_reason: v.array(v.picklist(VOLUNTEERING_MOTIVATIONS, "form_error_invalid")),
      motivations_and_expectations: text(),
      date_of_birth: v.nullable(
        v.pipe(v.string("form_error_invalid"), v.regex(/^\d{4}-\d{2}-\d{2}$/, "form_error_invalid_date"), v.check(isRealDate, "form_error_invalid_date")),
      ),
    },
    "form_error_unknown_field",
  ),
);
export type ProfileDetailsInput = v.InferOutput<typeof ProfileDetailsSchema>;
