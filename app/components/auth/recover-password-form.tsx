import { Form, Link } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { EmailField } from "./email-field";
import { FailureAlert } from "./failure-alert";
import { EmailFormSchema, type AuthFailure, type FieldErrors } from "~/domain/auth-forms";
import { useHydrated } from "~/lib/use-hydrated";
import { linkClass, SubmitButton } from "./controls";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

export interface RecoverResult {
  email: string;
  sent?: boolean;
  errors?: FieldErrors;
  failure?: AuthFailure;
}

/** The e-mail form of /recover_password, then "check your inbox" (SPEC.md section 4: requested, loading, error). */
export function RecoverPasswordForm({ initialEmail, result, canSignUp = true }: { initialEmail: string; result?: RecoverResult; canSignUp?: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending();
  const [email, setEmail] = useState(result?.email || initialEmail);
  const { props, error } = useSchemaForm(EmailFormSchema, { id: "recover-password", errors: result?.errors, pending: submitting });

  if (result?.sent) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden className="size-12 text-brand" />
        <p>{t("recover_password_sent", { email: result.email })}</p>
        <p className="text-sm text-muted-foreground">{t("recover_password_sent_hint")}</p>
        <Form method="post">
          <input type="hidden" name="email" value={result.email} />
          <Button type="submit" variant="link" disabled={submitting}>
            {t("recover_password_send_again")}
          </Button>
        </Form>
      </div>
    );
  }

  return (
    <Form method="post" {...props} className="flex flex-col gap-4">
      {result?.failure ? (
        <FailureAlert
          prefix="recover_password"
          failure={result.failure}
          tip={
            result.failure.status === 404 && canSignUp ? (
              <Link className={linkClass} to={`/signup?${new URLSearchParams({ email: result.email })}`}>
                {t("recover_password_error_404_tip")}
              </Link>
            ) : null
          }
        />
      ) : null}
      <EmailField value={email} onChange={setEmail} error={error("email")} autoFocus />
      <SubmitButton busy={submitting} disabled={hydrated && submitting}>
        {t("recover_password_submit")}
      </SubmitButton>
    </Form>
  );
}
