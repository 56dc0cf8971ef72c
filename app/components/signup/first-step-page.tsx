import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FirstStepForm, type FirstStepDefaults } from "./first-step-form";
import { OrganizationBanner } from "./organization-banner";
import { signinPath } from "~/lib/signed-out";
import type { DraftOrganization, SignupClosed, StepResult } from "~/domain/signup-types";

const CLOSED_MESSAGES: Record<SignupClosed, string> = {
  disabled: "signup_error_403",
  invitation_required: "signup_error_403_invitation_required",
};

/** The first step as /signup and /signup/c/{token} show it, with the organisation when one is known. */
export function FirstStepPage({
  organization,
  closed,
  defaults,
  result,
  landing,
}: {
  organization: DraftOrganization | null;
  closed: SignupClosed | null;
  defaults: FirstStepDefaults;
  result?: StepResult;
  /** Where the sign-up link leads (its initiative): signing in instead goes there too. */
  landing?: string | null;
}) {
  const { t } = useTranslation("signup");
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-8">
      {organization ? <OrganizationBanner organization={organization} /> : null}
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-bold">{t("signup_title")}</h1>
        <p className="text-muted-foreground">{t("signup_subtitle")}</p>
      </div>
      {closed ? (
        <>
          <Alert variant="info">{t(CLOSED_MESSAGES[closed])}</Alert>
          <Link to={signinPath(landing)} className={buttonVariants({ variant: "outline" })}>
            {t("signup_signin_link")}
          </Link>
        </>
      ) : (
        <FirstStepForm defaults={defaults} result={result} landing={landing} />
      )}
    </Card>
  );
}
