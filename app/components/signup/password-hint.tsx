import { Check, Circle } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { failedPasswordRules, passwordPolicyMessageKey, type PasswordPolicy, type PasswordRule } from "~/domain/password-policy";
import { cn } from "~/lib/cn";

/** The values the password_policy_{rule} messages interpolate. */
export const policyParams = (policy: PasswordPolicy) => ({
  minLength: policy.minLength,
  maxLength: policy.maxLength,
  words: policy.forbiddenWords.join(", "),
});

/** The rules this policy asks for; the maximum length only once it is broken. */
function shownRules(policy: PasswordPolicy, failed: Set<PasswordRule>): PasswordRule[] {
  const rules: PasswordRule[] = ["minLength"];
  if (failed.has("maxLength")) rules.push("maxLength");
  if (policy.hasSymbols) rules.push("hasSymbols");
  if (policy.hasUppercase) rules.push("hasUppercase");
  if (policy.hasLowercase) rules.push("hasLowercase");
  if (policy.hasNumbers) rules.push("hasNumbers");
  if (policy.forbiddenWords.some((word) => word.trim() !== "")) rules.push("forbiddenWords");
  if (policy.forbidEmail) rules.push("forbidEmail");
  return rules;
}

/** The live policy hint (SPEC.md section 5): every rule of the organisation's policy, ticked when met. */
export function PasswordHint({ password, policy, email }: { password: string; policy: PasswordPolicy; email: string }) {
  const { t } = useTranslation("signup");
  const failed = new Set(failedPasswordRules(password, policy, email));
  const params = policyParams(policy);
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {shownRules(policy, failed).map((rule) => {
        const met = password !== "" && !failed.has(rule);
        return (
          <li key={rule} className={cn("flex items-center gap-2", met && "text-success")}>
            {met ? <Check aria-hidden className="size-4 shrink-0" /> : <Circle aria-hidden className="size-4 shrink-0" />}
            <span>
              {t(passwordPolicyMessageKey(rule), params)}
              <span className="sr-only"> {met ? t("signup_password_rule_met") : t("signup_password_rule_unmet")}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
