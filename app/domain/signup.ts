/**
 * The sign-up payload of SPEC.md section 3 and its rules of section 5: name required (trimmed),
 * e-mail required and valid (lowercased, trimmed), terms accepted. Shared by the sign-up form and
 * POST /api/signup.
 */
import * as v from "valibot";
import { EmailSchema } from "./email";
import { FormCheckbox } from "./form-values";
import { checkPasswordPolicy, passwordPolicyMessageKey, type PasswordPolicy } from "./password-policy";
import { SUPPORTED_LOCALES } from "./locales";
import { isSlug, slugSchema } from "./slug";
import { LINK_TOKEN_PATTERN } from "./tokens";

export const SignupSchema = v.object({
  name: v.pipe(
    v.string("form_error_required"),
    v.trim(),
    v.nonEmpty("form_error_required"),
    v.maxLength(120, "form_error_max_length"),
  ),
  email: EmailSchema,
  password: v.optional(v.pipe(v.string("form_error_invalid"), v.maxLength(1024, "password_policy_maxLength"))),
  agreeTC: v.literal(true, "form_error_terms_required"),
  agreeComms: v.optional(v.boolean("form_error_invalid"), false),
  language: v.optional(v.picklist(SUPPORTED_LOCALES, "form_error_invalid")),
  signup_token: v.optional(v.pipe(v.string("form_error_invalid"), v.regex(LINK_TOKEN_PATTERN, "form_error_invalid"))),
  public_organization_slug: v.optional(slugSchema()),
  /**
   * Where the confirmation link goes on to once it has signed the member in (a sign-up link's
   * initiative): a path of this site, else dropped (app/domain/same-origin.ts; issue 28).
   */
  redirect_path: v.optional(v.pipe(v.string("form_error_invalid"), v.maxLength(500, "form_error_invalid"))),
});
export type SignupInput = v.InferOutput<typeof SignupSchema>;

/** The first step's form (e-mail, name, terms, commercial e-mails) as the browser sends it: SignupSchema's rules. */
export const SignupFirstStepFormSchema = v.object({
  email: SignupSchema.entries.email,
  name: SignupSchema.entries.name,
  agreeTC: v.pipe(FormCheckbox, v.literal(true, "form_error_terms_required")),
  agreeComms: FormCheckbox,
});

/** The password step's form: the organisation's password policy, its broken rule as the message key. */
export const signupPasswordFormSchema = (policy: PasswordPolicy, email: string) =>
  v.object({
    password: v.pipe(
      v.string("form_error_required"),
      v.nonEmpty("form_error_required"),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const rule = checkPasswordPolicy(dataset.value, policy, email);
        if (rule) addIssue({ message: passwordPolicyMessageKey(rule) });
      }),
    ),
  });

/** The organisation step's form: one public organisation chosen (no radio ticked sends no field at all). */
export const SignupOrganizationFormSchema = v.object({
  organization: v.pipe(v.optional(v.string(), ""), v.check((slug: string) => isSlug(slug), "form_error_choose_organization")),
});

/** What the sign-up answer says is still missing, and so which screen comes next (/signup/{missing}). */
export const SIGNUP_MISSING = ["organization", "password", "email_confirmation", "sso_confirmation"] as const;
export type SignupMissing = (typeof SIGNUP_MISSING)[number];
