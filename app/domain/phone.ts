/**
 * The phone rule of SPEC.md section 5: required (form_error_required), a valid number
 * (form_error_invalid_phone) of a real country. Numbers are kept in E.164 ("+34612345678").
 * Shared by the phone drawers, the account settings and PUT {org}/profile.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import * as v from "valibot";

/** The country a national number is read in: the organisation's region (ES, BR, PT, ...). */
export function normalizePhone(raw: string, defaultCountry?: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode | undefined);
  return phone && phone.country && phone.isValid() ? phone.number : null;
}

/** An organisation requires a phone when it asks for one to join, or makes the onboarding phone step mandatory. */
export function phoneRequired(community: { ask_member_phone?: boolean; required_onboarding_steps?: readonly string[] }): boolean {
  return Boolean(community.ask_member_phone) || (community.required_onboarding_steps ?? []).includes("phone");
}

/** Empty → null (or form_error_required), a number → E.164, anything else → form_error_invalid_phone. */
const phoneRule = <TInput extends string | null>(defaultCountry: string | undefined, required: boolean) =>
  v.rawTransform<TInput, string | null>(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value?.trim() ?? "";
    if (value === "") {
      if (!required) return null;
      addIssue({ message: "form_error_required" });
      return NEVER;
    }
    const normalized = value.length <= 40 ? normalizePhone(value, defaultCountry) : null;
    if (!normalized) {
      addIssue({ message: "form_error_invalid_phone" });
      return NEVER;
    }
    return normalized;
  });

/** A phone that must be given (the join drawer): E.164 out. */
export const phoneSchema = (defaultCountry?: string) =>
  // Required: the rule never lets null through.
  v.pipe(v.string("form_error_required"), phoneRule<string>(defaultCountry, true), v.transform((phone) => phone as string));

/**
 * The phone of the member's profile: null or "" clears it, unless the organisation requires one
 * (phoneRequired), where it is form_error_required.
 */
export const profilePhoneSchema = (defaultCountry: string | undefined, required: boolean) =>
  v.pipe(v.nullable(v.string("form_error_invalid_phone")), phoneRule<string | null>(defaultCountry, required));

/** The phone drawer's form (ask_member_phone before joining), as the browser sends it. */
export const phoneFormSchema = (region: string) => v.object({ phone: phoneSchema(region) });
