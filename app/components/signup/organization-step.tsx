import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { OrganizationPicker } from "./organization-picker";
import { ResendOutcome } from "./resend";
import { SignupError } from "./signup-error";
import { StepCard } from "./step-card";
import type { SignupOrganization, StepResult } from "~/domain/signup-types";

export function OrganizationStep({ organizations, back, result }: { organizations: SignupOrganization[]; back: string; result?: StepResult }) {
  const { t } = useTranslation("signup");
  return (
    <StepCard title={t("signup_organization_title")} subtitle={t("signup_organization_subtitle")}>
      {result?.failure ? <SignupError failure={result.failure} /> : null}
      <ResendOutcome result={result} />
      {organizations.length ? (
        <OrganizationPicker organizations={organizations} errors={result?.errors} />
      ) : (
        <Alert variant="info">{t("signup_organization_none")}</Alert>
      )}
      <Link to={back} className="text-center text-sm font-semibold text-brand underline-offset-4 hover:underline">
        {t("signup_back")}
      </Link>
    </StepCard>
  );
}
