import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { ResendButton } from "./resend";
import { signinPath } from "~/lib/signed-out";
import type { SignupFailure } from "~/domain/signup-types";

/**
 * A refused sign-up (SPEC.md section 8): 409 (the account exists; the tip goes to /signin with the
 * e-mail) and 412 (not confirmed; the tip sends the confirmation again), both with a tip; otherwise
 * signup_error_{status}_{code}, signup_error_{status} or signup_error_default.
 */
export function SignupError({ failure }: { failure: SignupFailure }) {
  const { t, i18n } = useTranslation("signup");
  const keys = [`signup_error_${failure.status}_${failure.code}`, `signup_error_${failure.status}`];
  const message = t(keys.find((key) => i18n.exists(`signup:${key}`)) ?? "signup_error_default");
  return (
    <Alert className="flex flex-col items-start gap-2">
      <p>{message}</p>
      {failure.status === 409 ? (
        <Link to={failure.signin ?? signinPath(null, failure.email)} className="font-semibold underline underline-offset-4">
          {t("signup_error_409_tip")}
        </Link>
      ) : null}
      {failure.status === 412 ? (
        <ResendButton email={failure.email} className="text-left font-semibold underline underline-offset-4 disabled:opacity-50">
          {t("signup_error_412_tip")}
        </ResendButton>
      ) : null}
    </Alert>
  );
}
