import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import * as v from "valibot";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { normalizeEmail } from "~/domain/email";
import { fieldErrors } from "~/domain/field-errors";
import { SignupSchema } from "~/domain/signup";
import { CheckboxField } from "./checkbox-field";
import { ruleMessage } from "~/i18n/rule-message";
import { ResendOutcome } from "./resend";
import { SignupError } from "./signup-error";
import { PLATFORM_TERMS_URL, type StepResult } from "~/domain/signup-types";
import { useHydrated } from "~/lib/use-hydrated";
import { usePending } from "~/lib/pending";

export interface FirstStepDefaults {
  name: string;
  email: string;
  agreeComms: boolean;
}

/**
 * The first step (SPEC.md sections 2 and 5): e-mail (lowercased and trimmed as it is typed), full
 * name, the terms, and commercial communications. Next waits for name, e-mail and terms; the same
 * SignupSchema checks the form here for instant feedback and in the action for the truth.
 */
export function FirstStepForm({ defaults, result }: { defaults: FirstStepDefaults; result?: StepResult }) {
  const { t, i18n } = useTranslation("signup");
  const hydrated = useHydrated();
  const busy = usePending(null);
  const initial = result?.values ?? defaults;
  const [email, setEmail] = useState(initial.email);
  const [name, setName] = useState(initial.name);
  const [agreeTC, setAgreeTC] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // A field's error from the action stands until that field is edited again.
  const [edited, setEdited] = useState<string[]>([]);
  useEffect(() => setEdited([]), [result]);
  const serverErrors = Object.fromEntries(Object.entries(result?.errors ?? {}).filter(([field]) => !edited.includes(field)));
  const errors = { ...serverErrors, ...clientErrors };
  const edit = (field: string) => setEdited((fields) => (fields.includes(field) ? fields : [...fields, field]));
  const ready = name.trim() !== "" && email !== "" && agreeTC;

  function check(fields: string[]) {
    const parsed = v.safeParse(SignupSchema, { name, email, agreeTC });
    const next = { ...clientErrors };
    for (const field of fields) delete next[field];
    if (!parsed.success) {
      for (const [field, key] of Object.entries(fieldErrors(parsed.issues))) if (fields.includes(field)) next[field] ??= key;
    }
    setClientErrors(next);
    return parsed.success;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!check(["name", "email", "agreeTC"])) event.preventDefault();
  }

  return (
    <div className="flex flex-col gap-5">
      {/* Outside the form: the 412 tip is a form of its own, and forms do not nest. */}
      {result?.failure ? <SignupError failure={result.failure} /> : null}
      <ResendOutcome result={result} />
      <Form method="post" className="flex flex-col gap-5" noValidate={hydrated} onSubmit={onSubmit}>
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
            edit("email");
          }}
          onBlur={() => email && check(["email"])}
          error={ruleMessage(t, i18n, errors.email)}
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
            edit("name");
          }}
          onBlur={() => name && check(["name"])}
          error={ruleMessage(t, i18n, errors.name)}
        />
        <CheckboxField
          id="signup-terms"
          name="agreeTC"
          required
          checked={agreeTC}
          onChange={(event) => {
            setAgreeTC(event.target.checked);
            edit("agreeTC");
            if (event.target.checked) setClientErrors(({ agreeTC: _, ...rest }) => rest);
          }}
          label={
            <Trans
              t={t}
              i18nKey="signup_terms_label"
              // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the translated link text inside
              components={{ terms: <a href={PLATFORM_TERMS_URL} target="_blank" rel="noreferrer" className="font-semibold text-brand underline underline-offset-4" /> }}
            />
          }
          error={ruleMessage(t, i18n, errors.agreeTC)}
        />
        <CheckboxField id="signup-comms" name="agreeComms" defaultChecked={initial.agreeComms} label={t("signup_comms_label")} />
        <Button type="submit" size="lg" disabled={hydrated && (!ready || busy)} aria-busy={busy || undefined}>
          {busy ? t("signup_sending") : t("signup_next")}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t("signup_have_account")}{" "}
          <Link to={email ? `/signin?email=${encodeURIComponent(email)}` : "/signin"} className="font-semibold text-brand underline-offset-4 hover:underline">
            {t("signup_signin_link")}
          </Link>
        </p>
      </Form>
    </div>
  );
}
