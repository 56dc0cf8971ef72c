import { Form, Link, useNavigation } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { EmailField } from "./email-field";
import { FailureAlert } from "./failure-alert";
import { emailSubmitGuard, type AuthFailure, type FieldErrors } from "~/domain/auth-forms";
import { useHydrated } from "~/lib/use-hydrated";
import { linkClass, SubmitButton } from "./controls";

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
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [email, setEmail] = useState(result?.email || initialEmail);
  const [errors, setErrors] = useState<FieldErrors | undefined>(result?.errors);
  useEffect(() => setErrors(result?.errors), [result]);

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

  const onSubmit = emailSubmitGuard(email, submitting, setErrors);

  return (
    <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="flex flex-col gap-4">
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
      <EmailField value={email} onChange={setEmail} error={errors?.email} autoFocus />
      <SubmitButton busy={submitting} disabled={hydrated && submitting}>
        {t("recover_password_submit")}
      </SubmitButton>
    </Form>
  );
}
