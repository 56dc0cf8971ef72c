/**
 * The phone rule of SPEC.md section 5: required (form_error_required), a valid number
 * (form_error_invalid_phone) of a real country. Numbers are kept in E.164 ("+34612345678").
 * Shared by the phone drawers and PUT {org}/profile.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import * as v from "valibot";

/** The country a national number is read in: the organisation's region (ES, BR, PT, ...). */
export function normalizePhone(raw: string, defaultCountry?: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode | undefined);
  return phone && phone.country && phone.isValid() ? phone.number : null;
}

export const phoneSchema = (defaultCountry?: string) =>
  v.pipe(
    v.string("form_error_required"),
    v.trim(),
    v.nonEmpty("form_error_required"),
    v.maxLength(40, "form_error_invalid_phone"),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const normalized = normalizePhone(dataset.value, defaultCountry);
      if (!normalized) {
        addIssue({ message: "form_error_invalid_phone" });
        return NEVER;
      }
      return normalized;
    }),
  );
