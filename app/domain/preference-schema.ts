/**
 * The one schema of each preference card's form (preferences.ts lists the cards), and the action's
 * parse with it. A module of its own so the settings page fetches it (with libphonenumber's metadata,
 * for the phone card) when the member first touches a card, not with the page
 * (docs/decisions/039-first-visit-weight.md).
 */
import * as v from "valibot";
import { fieldErrors } from "~/domain/field-errors";
import { phoneSchema } from "~/domain/phone";
import { ProfileDetailsSchema } from "~/domain/profile-details";
import { SocialSchema } from "~/domain/social";
import { DETAIL_STEPS, isListStep, LIST_STEPS, preferenceField, type DetailField, type OnboardingStep, type PreferenceContext, type RawForm } from "~/domain/preferences";

const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value ?? "").trim();
const orNull = (value: string) => (value === "" ? null : value);

/** The `details` a details step posts: empty texts clear the value, unticked boxes are false. */
function detailsOf(fields: DetailField[], raw: RawForm): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.kind === "flag") details[field.name] = one(value) === "true";
    else if (field.kind === "choice") details[field.name] = field.multiple ? list(value) : orNull(one(value));
    else if (field.kind === "hours") {
      const start = one(raw[`${field.name}_start`]);
      const end = one(raw[`${field.name}_end`]);
      details[field.name] = start || end ? { start, end } : null;
    } else details[field.name] = orNull(one(value));
  }
  return details;
}

const rawSchema = v.record(v.string(), v.union([v.string(), v.array(v.string())]));

/** The one schema of a step's form: posted values in, the partial profile body out. */
export function preferenceSchema(step: OnboardingStep, context: PreferenceContext) {
  const details = DETAIL_STEPS[step];
  if (details) {
    return v.pipe(rawSchema, v.transform((raw) => ({ details: detailsOf(details, raw) })), v.object({ details: ProfileDetailsSchema }));
  }
  if (isListStep(step)) {
    const key = LIST_STEPS[step];
    return v.pipe(rawSchema, v.transform((raw) => ({ [key]: list(raw[key]) })), v.record(v.string(), v.array(v.string())));
  }
  if (step === "phone") {
    return v.pipe(rawSchema, v.transform((raw) => ({ phone: one(raw.phone) })), v.object({ phone: phoneSchema(context.region) }));
  }
  // social_networks: links in, handles out ("" removes a network, as the API reads it).
  return v.pipe(
    rawSchema,
    v.transform((raw) => ({ social: Object.fromEntries(context.networks.map((network) => [network, one(raw[network])])) })),
    v.object({ social: SocialSchema }),
    v.transform(({ social }) => ({ social: Object.fromEntries(Object.entries(social).map(([network, handle]) => [network, handle ?? ""])) })),
  );
}

export type PreferenceResult = { ok: true; body: Record<string, unknown> } | { ok: false; fields: Record<string, string> };

/** Runs a step's schema; errors are message keys by field name (`details.alias` → `alias`). */
export function parsePreference(step: OnboardingStep, raw: RawForm, context: PreferenceContext): PreferenceResult {
  const parsed = v.safeParse(preferenceSchema(step, context), raw);
  if (parsed.success) return { ok: true, body: parsed.output as Record<string, unknown> };
  return { ok: false, fields: fieldErrors(parsed.issues, { field: preferenceField }) };
}

