import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "common", "sso_error_title");

export async function loader({ params }: LoaderFunctionArgs) {
  return { code: (params.code ?? "").replace(/[^a-z0-9_]/gi, "").slice(0, 60) };
}

// SPEC.md section 8: sso_error_{code}, else the default message.
export default function SsoError() {
  const { code } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{t("sso_error_title")}</h1>
      <p>{t([`sso_error_${code}`, "sso_error_default"])}</p>
      <p className="text-sm text-muted-foreground">{t("sso_error_code", { code })}</p>
      {/* An account with this address exists: its owner signs in with the password, then links the sign-in (decision 029). */}
      {code === "email_in_use" || code === "link_not_signed_in" ? (
        <Link className="block rounded-md border border-brand px-4 py-3 font-semibold text-brand" to={`/signin?${new URLSearchParams({ redirect: "/settings/account" })}`}>
          {t("sso_error_signin_then_link")}
        </Link>
      ) : null}
      <Link className="block rounded-md bg-brand px-4 py-3 font-semibold text-brand-foreground" to="/signin">
        {t("sso_error_back")}
      </Link>
    </main>
  );
}
