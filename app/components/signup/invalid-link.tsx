import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** A sign-up or invitation link whose organisation cannot be found (404). */
export function InvalidLink({ titleKey = "signup_invalid_link_title", bodyKey = "signup_invalid_link_body" }: { titleKey?: string; bodyKey?: string }) {
  const { t } = useTranslation("signup");
  return (
    <Card className="flex flex-col gap-4 p-5 text-center sm:p-8">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
      <p className="text-muted-foreground">{t(bodyKey)}</p>
      <Link to="/signup" className={buttonVariants()}>
        {t("signup_invalid_link_action")}
      </Link>
      <Link to="/signin" className={buttonVariants({ variant: "link" })}>
        {t("signup_signin_link")}
      </Link>
    </Card>
  );
}
