import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { NewPasswordResult } from "~/domain/auth-forms";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import { SubmitButton } from "./controls";
import { FailureAlert } from "./failure-alert";

/**
 * A confirmation link of an account that chose its password at sign-up (issue 28): the address and
 * one button that confirms it and signs in. A button, not a confirmation on opening the page: mail
 * scanners open links, and would use the single-use link up before its owner.
 */
export function ConfirmEmailForm({ email, result }: { email: string; result?: NewPasswordResult }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending("confirm");
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="confirm" />
      {result?.intent === "confirm" && result.failure ? <FailureAlert prefix="confirm_email" failure={result.failure} /> : null}
      <div className="flex flex-col gap-1 rounded-md bg-muted px-3 py-2 text-sm">
        <span className="text-muted-foreground">{t("confirm_email_address")}</span>
        <span className="break-all font-medium">{email}</span>
      </div>
      <SubmitButton busy={submitting} disabled={hydrated && submitting}>
        {t("confirm_email_confirm_submit")}
      </SubmitButton>
    </Form>
  );
}
