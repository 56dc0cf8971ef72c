import { useTranslation } from "~/i18n/react";
import type { DraftOrganization } from "~/domain/signup-types";

/** The corporate screen's header (SPEC.md section 2): the organisation's logo and a "member of" text. */
export function OrganizationBanner({ organization, caption = true }: { organization: DraftOrganization; caption?: boolean }) {
  const { t } = useTranslation("signup");
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {organization.logo ? <img src={organization.logo} alt={organization.name} className="h-14 max-w-[12rem] object-contain" /> : null}
      {caption ? <p className="text-sm text-muted-foreground">{t("signup_member_of", { organization: organization.name })}</p> : null}
    </div>
  );
}
