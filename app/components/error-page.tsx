import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonVariants } from "~/components/ui/button";

const IMAGES: Record<number, string> = { 403: "/errors/403.svg", 404: "/errors/404.svg" };
/** The statuses with their own title and message (400: an address whose query a list refused). */
const KNOWN = [400, 403, 404];

/**
 * SPEC.md section 8, "Page errors": error_title_{code} and error_message_{code}, with defaults,
 * and the 404, 403 or default image; a 400 (a list's address it cannot read) has its own words
 * too. The one boundary every route's ErrorBoundary renders.
 */
export function ErrorPage({ status, inShell = false }: { status: number; inShell?: boolean }) {
  const { t } = useTranslation("common");
  const known = KNOWN.includes(status);
  // Inside the signed-in shell the page already has its <main>: a second one is a landmark too many.
  const Landmark = inShell ? "section" : "main";
  return (
    <Landmark className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-12 text-center">
      <img src={IMAGES[status] ?? "/errors/error.svg"} alt="" width={240} height={160} />
      <h1 className="text-2xl font-bold">{t(known ? `error_title_${status}` : "error_title_default")}</h1>
      <p className="text-muted-foreground">{t(known ? `error_message_${status}` : "error_message_default")}</p>
      <Link to="/" className={buttonVariants()}>
        {t("error_back_home")}
      </Link>
    </Landmark>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
