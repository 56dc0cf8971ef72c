import { Link } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

/** SPEC.md section 2: an initiative that fails to load shows an error panel with "check wall". */
export function InitiativeLoadError() {
  const { t } = useTranslation("initiative");
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-lg border border-border bg-card px-6 py-10 text-center">
      <img src="/errors/error.svg" alt="" width={200} height={133} />
      <h1 className="text-xl font-bold">{t("load_error_title")}</h1>
      <p className="text-muted-foreground">{t("load_error_description")}</p>
      <Link to="/" className={buttonVariants()}>
        {t("load_error_check_wall")}
      </Link>
    </div>
  );
}
