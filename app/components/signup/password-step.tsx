import { Form, Link } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { PasswordField } from "~/components/auth/password-field";
import { Button } from "~/components/ui/button";
import { checkPasswordPolicy, type PasswordPolicy } from "~/domain/password-policy";
import { ResendOutcome } from "./resend";
import { SignupError } from "./signup-error";
import { StepCard } from "./step-card";
import type { DraftOrganization, StepResult } from "~/domain/signup-types";
import { useHydrated } from "~/lib/use-hydrated";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";
import { signupPasswordFormSchema } from "~/domain/signup";

/**
 * The password step (SPEC.md sections 2 and 5): who is signing up, a password with the
 * organisation's policy as a live hint, and Register, disabled while the password breaks a rule.
 */
export function PasswordStep({
  name,
  email,
  policy,
  back,
  organization,
  result,
}: {
  name: string;
  email: string;
  policy: PasswordPolicy;
  back: string;
  organization: DraftOrganization | null;
  result?: StepResult;
}) {
  const { t } = useTranslation("signup");
  const hydrated = useHydrated();
  const busy = usePending(null);
  const [password, setPassword] = useState("");
  const valid = password !== "" && checkPasswordPolicy(password, policy, email) === null;
  const schema = useMemo(() => signupPasswordFormSchema(policy, email), [policy, email]);
  const { props, error } = useSchemaForm(schema, { id: "signup-password-form", errors: result?.errors, pending: busy });
  // The action's verdict stands until the password is edited again; the live hint shows the rules meanwhile.
  const [edited, setEdited] = useState(false);
  useEffect(() => setEdited(false), [result]);

  return (
    <StepCard organization={organization} title={t("signup_password_title")} subtitle={t("signup_password_subtitle")}>
      {result?.failure ? <SignupError failure={result.failure} /> : null}
      <ResendOutcome result={result} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted px-4 py-3 text-sm">
        <dt className="text-muted-foreground">{t("signup_name_label")}</dt>
        <dd className="break-words font-medium">{name}</dd>
        <dt className="text-muted-foreground">{t("signup_email_label")}</dt>
        <dd className="break-all font-medium">{email}</dd>
        <dd className="col-span-2 text-right">
          <Link to={back} className="font-semibold text-brand underline-offset-4 hover:underline">
            {t("signup_change_details")}
          </Link>
        </dd>
      </dl>
      <Form method="post" className="flex flex-col gap-4" {...props}>
        {/* For password managers: the account this new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id="signup-password"
          name="password"
          autoComplete="new-password"
          required
          label={t("signup_password_label")}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setEdited(true);
          }}
          policy={policy}
          email={email}
          error={edited ? null : error("password")}
        />
        <Button type="submit" size="lg" disabled={hydrated && (!valid || busy)} aria-busy={busy || undefined}>
          {busy ? t("signup_sending") : t("signup_register")}
        </Button>
      </Form>
    </StepCard>
  );
}
