import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { checkPasswordPolicy, type PasswordPolicy } from "~/domain/password-policy";
import { EmailField } from "./email-field";
import { FailureAlert } from "./failure-alert";
import { EmailFormSchema, InitialPasswordFormSchema, NewPasswordFormSchema, type NewPasswordResult } from "~/domain/auth-forms";
import { PasswordField } from "./password-field";
import { useHydrated } from "~/lib/use-hydrated";
import { linkClass, SubmitButton } from "./controls";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

function Checkbox({
  name,
  required,
  children,
  error,
  onChange,
}: {
  name: string;
  required?: boolean;
  children: ReactNode;
  error?: string | null;
  onChange?: (checked: boolean) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          name={name}
          required={required}
          onChange={(event) => onChange?.(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Choose a password for the account the link was sent for: the e-mail, the password with the
 * policy's live hint, and for the set-initial-password variant the terms and commercial e-mails.
 * The button stays disabled while the password is empty or breaks the policy, or a request runs;
 * an empty submit is ignored (SPEC.md section 5).
 */
export function NewPasswordForm({
  email,
  policy,
  initial,
  submitLabel,
  errorPrefix,
  result,
}: {
  email: string;
  policy: PasswordPolicy;
  initial: boolean;
  submitLabel: string;
  errorPrefix: string;
  result?: NewPasswordResult;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending("save");
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  // The browser checks the action's own schema; the live policy hint stays on the password field.
  const { props, error } = useSchemaForm(initial ? InitialPasswordFormSchema : NewPasswordFormSchema, {
    id: initial ? "initial-password-form" : "new-password-form",
    errors: result?.intent === "save" ? result.errors : undefined,
    pending: submitting,
  });
  // A field error goes once the member changes that field again.
  const [edited, setEdited] = useState<Record<string, boolean>>({});
  useEffect(() => setEdited({}), [result]);
  const fieldError = (name: string) => (edited[name] ? null : error(name));

  const invalid = password === "" || checkPasswordPolicy(password, policy, email) !== null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // SPEC.md section 5: an empty submit is ignored.
    if (password === "") return event.preventDefault();
    setEdited({});
    props.onSubmit(event);
  };

  return (
    <Form method="post" {...props} onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      {result?.failure ? <FailureAlert prefix={errorPrefix} failure={result.failure} /> : null}
      <div className="flex flex-col gap-1 rounded-md bg-muted px-3 py-2 text-sm">
        <span className="text-muted-foreground">{t("new_password_for")}</span>
        <span className="break-all font-medium">{email}</span>
      </div>
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <PasswordField
        id="password"
        name="password"
        label={t("new_password_label")}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setEdited((was) => ({ ...was, password: true }));
        }}
        policy={policy}
        email={email}
        autoComplete="new-password"
        required
        autoFocus
        error={fieldError("password")}
      />
      {initial ? (
        <div className="flex flex-col gap-3">
          <Checkbox
            name="agreeTC"
            required
            onChange={(checked) => {
              setAgreed(checked);
              setEdited((was) => ({ ...was, agreeTC: true }));
            }}
            error={fieldError("agreeTC") ? t(fieldError("agreeTC")!) : null}
          >
            {t("agree_terms")}
          </Checkbox>
          <Checkbox name="agreeComms">{t("agree_comms")}</Checkbox>
        </div>
      ) : null}
      <SubmitButton busy={submitting} disabled={hydrated && (invalid || submitting || (initial && !agreed))}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

/**
 * The link expired or was used (401): back to sign-in, and a way to get another link. Confirmation
 * links are sent again from here (POST /auth/confirm_email); recovery links from /recover_password.
 */
export function LinkExpired({ kind, result }: { kind: "recover_password" | "confirm_email"; result?: NewPasswordResult }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending("resend");
  const [email, setEmail] = useState(result?.email ?? "");
  const { props, error } = useSchemaForm(EmailFormSchema, {
    id: "link-expired-resend",
    errors: result?.intent === "resend" ? result.errors : undefined,
    pending: submitting,
  });

  return (
    <div className="flex flex-col gap-4">
      <Alert variant="info">{t("link_expired_body")}</Alert>
      {kind === "recover_password" ? (
        <Link to="/recover_password" className={buttonVariants({ size: "lg" })}>
          {t("link_expired_new_link")}
        </Link>
      ) : result?.intent === "resend" && result.resent ? (
        <Alert variant="success">{t("link_expired_sent", { email: result.email })}</Alert>
      ) : (
        <Form method="post" {...props} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-sm text-muted-foreground">{t("link_expired_ask")}</p>
          {result?.intent === "resend" && result.failure ? (
            <FailureAlert
              prefix="confirm_resend"
              failure={result.failure}
              tip={
                result.failure.status === 409 ? (
                  <Link className={linkClass} to={`/signin?${new URLSearchParams({ email })}`}>
                    {t("back_to_signin")}
                  </Link>
                ) : null
              }
            />
          ) : null}
          <EmailField value={email} onChange={setEmail} error={error("email")} />
          <SubmitButton busy={submitting} disabled={hydrated && submitting}>
            {t("link_expired_new_link")}
          </SubmitButton>
        </Form>
      )}
      <Link to="/signin" className={buttonVariants({ variant: "outline", size: "lg" })}>
        {t("link_expired_signin")}
      </Link>
    </div>
  );
}
