/**
 * /logout (SPEC.md section 2; issue 25): POST ends the session, then /signin. GET, which any site
 * can link to, only asks for the confirmation, unless the session cannot be used any more
 * (app/lib/server/entry-redirects.server.ts, logoutPage).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { Button, buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { logout, logoutPage } from "~/lib/server/entry-redirects.server";
import { signOutDevice } from "~/lib/browser/sign-out-device";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "auth", "logout_title");

export const loader = (args: LoaderFunctionArgs) => logoutPage(args);
export const action = (args: ActionFunctionArgs) => logout(args);

export default function Logout() {
  const { t } = useTranslation("auth");
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{t("logout_title")}</h1>
      <p>{t("logout_text")}</p>
      {/* This device stops keeping the member's pages and getting their notifications (decision 046). */}
      <Form method="post" action="/logout" className="flex flex-col gap-3" onSubmit={signOutDevice}>
        <Button type="submit">{t("logout_confirm")}</Button>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          {t("logout_cancel")}
        </Link>
      </Form>
    </main>
  );
}
