import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { Check } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import * as v from "valibot";
import { RouteErrorBoundary } from "~/components/error-page";
import { SettingsPage } from "~/components/settings/settings-page";
import { LOCALE_NAMES, LocaleSchema } from "~/domain/locales";
import { localeCookie } from "~/i18n/locale.server";
import { saveProfile } from "~/lib/server/settings.server";
import { useSignedIn } from "~/lib/signed-in";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/server/form.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_language");

const ORDER = ["en-US", "es-ES", "pt-BR", "pt-PT", "eu-ES"] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = v.safeParse(LocaleSchema, (await readForm(request)).get("language"));
  if (!parsed.success) throw new Response("Unknown language", { status: 400 });
  const saved = await saveProfile({ request, context }, { language: parsed.output });
  if (!saved.ok) throw new Response(saved.error, { status: saved.status });
  // The cookie makes the choice effective on every page at once, signed in or not.
  return redirect("/settings/language", { headers: { "set-cookie": await localeCookie.serialize(parsed.output) } });
}

export default function LanguageSettings() {
  const current = useSignedIn().settings.language;
  const { t } = useTranslation("settings");
  return (
    <SettingsPage title={t("settings_language")}>
      <Form method="post">
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {ORDER.map((locale) => (
            <li key={locale}>
              <button
                type="submit"
                name="language"
                value={locale}
                lang={locale}
                aria-current={locale === current ? "true" : undefined}
                className="flex w-full items-center gap-3 px-4 py-4 text-left hover:bg-muted"
              >
                <span className="flex-1 font-medium">{LOCALE_NAMES[locale]}</span>
                {locale === current ? <Check aria-label={t("settings_language_current")} className="size-5 text-brand" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </SettingsPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
