import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { errorKeys, type AuthFailure } from "~/domain/auth-failure";

/**
 * An API refusal in words (SPEC.md section 8): `{prefix}_error_{code}_{error}`, then
 * `{prefix}_error_{code}`, then `{prefix}_error_default`; with an optional tip (a link or a button).
 */
export function FailureAlert({ prefix, failure, tip }: { prefix: string; failure: AuthFailure; tip?: ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <Alert className="flex flex-col gap-2">
      <p>{t(errorKeys(prefix, failure))}</p>
      {tip ? <div>{tip}</div> : null}
    </Alert>
  );
}
