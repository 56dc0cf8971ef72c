import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { Bell, ChevronRight, Languages, SlidersHorizontal, UserRound } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { Button } from "~/components/ui/button";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { signOutDevice } from "~/lib/browser/sign-out-device";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_title");

const SECTIONS = [
  { name: "account", icon: UserRound },
  { name: "notification", icon: Bell },
  { name: "preferences", icon: SlidersHorizontal },
  { name: "language", icon: Languages },
] as const;

export default function SettingsMenu() {
  const { contactEmail } = useSignedIn();
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("settings_title")}</h1>
      <nav aria-label={t("settings_title")}>
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {SECTIONS.map(({ name, icon: Icon }) => (
            <li key={name}>
              <Link to={`/settings/${name}`} className="flex items-center gap-3 px-4 py-4 hover:bg-muted">
                <Icon aria-hidden="true" className="size-5 text-brand" />
                <span className="flex-1 font-medium">{t(`settings_${name}`)}</span>
                <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action="/logout" onSubmit={signOutDevice}>
        <Button type="submit" variant="outline" className="w-full">
          {t("settings_logout")}
        </Button>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        {t("settings_contact")}{" "}
        <a className="font-medium text-brand underline" href={`mailto:${contactEmail}`}>
          {contactEmail}
        </a>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
