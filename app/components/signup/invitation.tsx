import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonVariants } from "~/components/ui/button";
import { InvalidLink } from "./invalid-link";
import { StepCard } from "./step-card";
import type { DraftOrganization } from "~/domain/signup-types";

/**
 * /invite/{token}: what an invitation is and where it leads. In Commons an invitation carries the
 * organisation's sign-up token, so accepting it is signing up at /signup/{token}.
 */
export function Invitation({ token, organization }: { token: string; organization: DraftOrganization | null }) {
  const { t } = useTranslation("signup");
  if (!organization) return <InvalidLink titleKey="invite_invalid_title" bodyKey="invite_invalid_body" />;
  return (
    <StepCard organization={organization} caption={false} title={t("invite_title", { organization: organization.name })}>
      <p>{t("invite_body", { organization: organization.name })}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
        <li>{t("invite_point_initiatives")}</li>
        <li>{t("invite_point_impact")}</li>
        <li>{t("invite_point_account")}</li>
      </ul>
      <Link to={`/signup/${encodeURIComponent(token)}`} className={buttonVariants({ size: "lg" })}>
        {t("invite_accept")}
      </Link>
      <p className="text-center text-sm text-muted-foreground">
        {t("signup_have_account")}{" "}
        <Link to="/signin" className="font-semibold text-brand underline-offset-4 hover:underline">
          {t("signup_signin_link")}
        </Link>
      </p>
    </StepCard>
  );
}
