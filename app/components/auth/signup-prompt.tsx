import { Link, useLocation } from "@remix-run/react";
import { signupPath } from "~/lib/signed-out";
import { useTranslation } from "~/i18n/react";

/**
 * Below the sign-in card: "No account yet? Create one", unless the organisation closed sign-up.
 * A visitor on the way to an initiative signs up through that initiative's link.
 */
export function SignupPrompt({ email }: { email?: string }) {
  const { t } = useTranslation("auth");
  const redirect = new URLSearchParams(useLocation().search).get("redirect");
  return (
    <p>
      {t("signin_no_account")}{" "}
      <Link className="font-semibold text-brand underline underline-offset-4" to={signupPath(redirect, email)}>
        {t("signin_create_account")}
      </Link>
    </p>
  );
}

/** Below the recovery and confirmation cards: back to sign-in. */
export function SigninPrompt() {
  const { t } = useTranslation("auth");
  return (
    <Link className="font-semibold text-brand underline underline-offset-4" to="/signin">
      {t("back_to_signin")}
    </Link>
  );
}
