import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoaderCircle } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/lib/page-title";
import { localeCookie } from "~/i18n/locale.server";
import { loadingRedirect } from "~/lib/server/entry-redirects.server";
import { RouteErrorBoundary } from "~/components/error-page";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "auth", "loading_title") }];

// SPEC.md section 2: check the session, then where the member was going (or /wall); /signin on error.
export const loader = (args: LoaderFunctionArgs) => loadingRedirect(args, localeCookie);

export default function Loading() {
  const { t } = useTranslation("auth");
  return (
    <main className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-brand" />
      <h1 className="sr-only">{t("loading_title")}</h1>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
