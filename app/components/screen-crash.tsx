import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { ErrorPage } from "~/components/error-page";

export type CrashArea = "social_cv" | "initiatives" | "wall" | "ranking" | "proposals" | "program" | "default";

/** SPEC.md section 2, "Screen crash": a title, an area-specific message and a reload button. */
export function ScreenCrash({ area = "default" }: { area?: CrashArea }) {
  const { t } = useTranslation("common");
  const error = useRouteError();
  // A screen that is not there (a feature the organisation switched off) or not this member's is
  // the page error of SPEC.md section 8, not a crash: reloading would not help.
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) return <ErrorPage status={error.status} inShell />;
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
      <h2 className="text-xl font-semibold">{t("crash_title")}</h2>
      <p className="text-muted-foreground">{t(`crash_message_${area}`)}</p>
      <form method="get">
        <Button type="submit">{t("crash_reload")}</Button>
      </form>
    </section>
  );
}
