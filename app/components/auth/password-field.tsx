import { Check, Circle, Eye, EyeOff, X } from "lucide-react";
import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { PASSWORD_RULES, failedPasswordRules, type PasswordPolicy, type PasswordRule } from "~/domain/password-policy";
import { useHydrated } from "~/lib/use-hydrated";

/** The rules worth listing for a policy: the lengths always, the others when the policy asks for them. */
export function policyRules(policy: PasswordPolicy): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => {
    if (rule === "minLength" || rule === "maxLength") return true;
    if (rule === "forbiddenWords") return policy.forbiddenWords.some((word) => word.trim() !== "");
    return policy[rule];
  });
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type">;

/**
 * A password input with a show/hide toggle (with JavaScript) and, given a policy, a live checklist
 * of its rules (SPEC.md section 5; messages password_policy_{rule} with min and max). The one
 * password input of sign-in, sign-up, confirmation and recovery. `error` is a message key of the
 * auth namespace; a key it does not know reads as form_error_invalid.
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  policy,
  email = "",
  error,
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (password: string) => void;
  policy?: PasswordPolicy;
  email?: string;
  error?: string | null;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const failed = policy ? new Set(failedPasswordRules(value, policy, email)) : null;
  const describedBy = [policy ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const params = policy ? { min: policy.minLength, max: policy.maxLength } : {};
  const listId = useId();

  return (
    <div className="flex flex-col gap-1.5 text-left">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={hydrated ? "pr-12" : undefined}
          {...input}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
            <span className="sr-only">{t("password_show")}</span>
          </button>
        ) : null}
      </div>
      {policy && failed ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          <p id={listId}>{t("password_policy_title")}</p>
          <ul aria-labelledby={listId} className="mt-1 flex flex-col gap-1">
            {policyRules(policy).map((rule) => {
              // Before anything is typed (and without JavaScript) the list is a plain list of requirements.
              const state = value === "" ? "pending" : failed.has(rule) ? "failed" : "met";
              return (
                <li key={rule} className={cn("flex items-start gap-1.5", state === "met" && "text-success", state === "failed" && "text-destructive")}>
                  {state === "met" ? (
                    <Check aria-hidden className="mt-px size-3.5 shrink-0" />
                  ) : state === "failed" ? (
                    <X aria-hidden className="mt-px size-3.5 shrink-0" />
                  ) : (
                    <Circle aria-hidden className="mt-0.5 size-2.5 shrink-0" />
                  )}
                  <span>
                    {t(`password_policy_${rule}`, params)}
                    {state !== "pending" ? <span className="sr-only"> ({t(state === "met" ? "password_rule_met" : "password_rule_failed")})</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {t([error, "form_error_invalid"], params)}
        </p>
      ) : null}
    </div>
  );
}
