/**
 * The password policy of SPEC.md section 5, shared by the browser (live hint) and the server
 * (the truth). Pure: no I/O, no platform APIs.
 */
import * as v from "valibot";

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  hasSymbols: boolean;
  hasUppercase: boolean;
  hasLowercase: boolean;
  hasNumbers: boolean;
  forbiddenWords: string[];
  forbidEmail: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: 80,
  hasSymbols: false,
  hasUppercase: false,
  hasLowercase: false,
  hasNumbers: false,
  forbiddenWords: [],
  forbidEmail: true,
};

/** The rules in the order they are checked; the first failing one is reported. */
export const PASSWORD_RULES = [
  "minLength",
  "maxLength",
  "hasSymbols",
  "hasUppercase",
  "hasLowercase",
  "hasNumbers",
  "forbiddenWords",
  "forbidEmail",
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** i18n key of a failed rule, e.g. `password_policy_minLength`. */
export const passwordPolicyMessageKey = (rule: PasswordRule) => `password_policy_${rule}` as const;

/** An organisation may store a partial policy; missing fields take the defaults. */
export const PasswordPolicySchema = v.pipe(
  v.partial(
    v.object({
      minLength: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1024)),
      maxLength: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1024)),
      hasSymbols: v.boolean(),
      hasUppercase: v.boolean(),
      hasLowercase: v.boolean(),
      hasNumbers: v.boolean(),
      forbiddenWords: v.array(v.string()),
      forbidEmail: v.boolean(),
    }),
  ),
  v.transform(
    (partial): PasswordPolicy => ({
      ...DEFAULT_PASSWORD_POLICY,
      ...partial,
      // A fresh array, so no caller can change the default policy through it.
      forbiddenWords: [...(partial.forbiddenWords ?? DEFAULT_PASSWORD_POLICY.forbiddenWords)],
    }),
  ),
);

const SYMBOL = /[^\p{L}\p{N}\s]/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{N}/u;

function containsEmailSequence(password: string, email: string): boolean {
  const lowerPassword = password.toLowerCase();
  const lowerEmail = email.trim().toLowerCase();
  if (!lowerEmail) return false;
  if (lowerEmail.length <= 3) return lowerPassword.includes(lowerEmail);
  for (let i = 0; i + 3 <= lowerEmail.length; i++) {
    if (lowerPassword.includes(lowerEmail.slice(i, i + 3))) return true;
  }
  return false;
}

function failsRule(rule: PasswordRule, password: string, policy: PasswordPolicy, email: string): boolean {
  // Length counts characters as people see them, not UTF-16 units.
  const length = [...password].length;
  switch (rule) {
    case "minLength":
      return length < policy.minLength;
    case "maxLength":
      return length > policy.maxLength;
    case "hasSymbols":
      return policy.hasSymbols && !SYMBOL.test(password);
    case "hasUppercase":
      return policy.hasUppercase && !UPPER.test(password);
    case "hasLowercase":
      return policy.hasLowercase && !LOWER.test(password);
    case "hasNumbers":
      return policy.hasNumbers && !DIGIT.test(password);
    case "forbiddenWords": {
      const lower = password.toLowerCase();
      return policy.forbiddenWords.some((word) => word.trim() !== "" && lower.includes(word.trim().toLowerCase()));
    }
    case "forbidEmail":
      return policy.forbidEmail && containsEmailSequence(password, email);
  }
}

/** The first rule the password breaks, in the order of SPEC.md section 5, or null when it passes. */
export function checkPasswordPolicy(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  email = "",
): PasswordRule | null {
  for (const rule of PASSWORD_RULES) {
    if (failsRule(rule, password, policy, email)) return rule;
  }
  return null;
}

/** Every rule the password breaks, for a checklist hint. */
export function failedPasswordRules(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  email = "",
): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => failsRule(rule, password, policy, email));
}
