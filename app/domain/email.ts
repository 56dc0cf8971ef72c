/**
 * The e-mail rule of SPEC.md section 5, shared by browser and server: local part up to 64
 * characters, "@", dot-separated domain labels of up to 63 characters, and a TLD of 2 to 63 letters.
 */
import * as v from "valibot";

const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
export const EMAIL_PATTERN = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** What the sign-up field does on every keystroke: lowercase and trim. */
export const normalizeEmail = (raw: string) => raw.trim().toLowerCase();

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email);

/** Required (form_error_required), normalised, then the pattern (form_error_invalid_email). */
export const EmailSchema = v.pipe(
  v.string("form_error_required"),
  v.transform(normalizeEmail),
  v.nonEmpty("form_error_required"),
  v.maxLength(320, "form_error_invalid_email"),
  v.regex(EMAIL_PATTERN, "form_error_invalid_email"),
);
