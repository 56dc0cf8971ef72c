/** A member's name (SPEC.md section 5): required, trimmed, at most 120 characters. */
import * as v from "valibot";

export const MemberNameSchema = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(120, "form_error_max_length"));
