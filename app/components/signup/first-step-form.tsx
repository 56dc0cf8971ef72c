import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { normalizeEmail } from "~/domain/email";
import { SignupFirstStepFormSchema } from "~/domain/signup";
import { CheckboxField } from "./checkbox-field";
import { ruleMessage } from "~/i18n/rule-message";
import { ResendOutcome } from "./resend";
import { SignupError } from "./signup-error";
import { signinPath } from "~/lib/signed-out";
import { PLATFORM_TERMS_URL, type StepResult } from "~/domain/signup-types";
import { useHydrated } from "~/lib/use-hydrated";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

export interface FirstStepDefaults {
  name: string;
  email: string;
  agreeComms: boolean;
}

/**
 * The first step (SPEC.md sections 2 and 5): e-mail (lowercased and trimmed as it is typed), full
 * name, the terms, and commercial communications. Next waits for name, e-mail and terms; the same
 * SignupFirstStepFormSchema checks the form here (each field as it is left) and in the action.
 */
export function FirstStepForm({ defaults, result, landing }: { defaults: FirstStepDefaults; result?: StepResult; landing?: string | null }) {
  const { t, i18n } = useTranslation("signup");
  const hydrated = useHydrated();
  const busy = usePending(null);
  const initial = result?.values ?? defaults;
  const [email, setEmail] = useState(initial.email);
  const [name, setName] = useState(initial.name);
  const [agreeTC, setAgreeTC] = useState(false);
  // The action's schema, checked here as each field is left and on submit; the action's verdict
  // on a field stands until the member leaves that field again.
  const { props, error } = useSchemaForm(SignupFirstStepFormSchema, { id: "signup-first-step-form", errors: result?.errors, pending: busy, shouldValidate: "onBlur" });
  const ready = name.trim() !== "" && email !== "" && agreeTC;

  return (
    <div className="flex flex-col gap-5">
      {/* Outside the form: the 412 tip is a form of its own, and forms do not nest. */}
      {result?.failure ? <SignupError failure={result.failure} /> : null}
      <ResendOutcome result={result} />
      <Form method="post" className="flex flex-col gap-5" {...props}>
        <Field
          id="signup-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          label={t("signup_email_label")}
          value={email}
          onChange={(event) => {
            setEmail(normalizeEmail(event.target.value));
          }}
          error={ruleMessage(t, i18n, error("email"))}
        />
        <Field
          id="signup-name"
          name="name"
          autoComplete="name"
          required
          maxLength={120}
          label={t("signup_name_label")}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          error={ruleMessage(t, i18n, error("name"))}
        />
        <CheckboxField
          id="signup-terms"
          name="agreeTC"
          required
          checked={agreeTC}
          onChange={(event) => {
            setAgreeTC(event.target.checked);
          }}
          label={
            <Trans
              t={t}
              i18nKey="signup_terms_label"
              // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the translated link text inside
              components={{ terms: <a href={PLATFORM_TERMS_URL} target="_blank" rel="noreferrer" className="font-semibold text-brand underline underline-offset-4" /> }}
            />
          }
          error={ruleMessage(t, i18n, error("agreeTC"))}
        />
        <CheckboxField id="signup-comms" name="agreeComms" defaultChecked={initial.agreeComms} label={t("signup_comms_label")} />
        <Button type="submit" size="lg" disabled={hydrated && (!ready || busy)} aria-busy={busy || undefined}>
          {busy ? t("signup_sending") : t("signup_next")}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t("signup_have_account")}{" "}
          <Link to={signinPath(landing, email)} className="font-semibold text-brand underline-offset-4 hover:underline">
            {t("signup_signin_link")}
          </Link>
        </p>
      </Form>
    </div>
  );
}
