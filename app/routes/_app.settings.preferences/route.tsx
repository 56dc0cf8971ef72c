import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { SlidersHorizontal } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { PreferenceCard } from "~/components/settings/preference-card";
import { loadPreferences, savePreference } from "~/routes/_app.settings.preferences/preferences.server";
import { SettingsPage } from "~/components/settings/settings-page";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_preferences");

export const loader = (args: LoaderFunctionArgs) => loadPreferences(args);

export const action = (args: ActionFunctionArgs) => savePreference(args);

/** SPEC.md section 2: one card per onboarding step the organisation configures. */
export default function PreferencesSettings() {
  const { steps, context, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? null;
  const [params] = useSearchParams();
  const { t } = useTranslation("settings");
  const editing = result?.step ?? params.get("edit");
  const saved = result ? null : params.get("saved");
  return (
    <SettingsPage title={t("settings_preferences")}>
      {steps.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
          <SlidersHorizontal aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t("preferences_empty_title")}</h2>
          <p className="text-sm text-muted-foreground">{t("preferences_empty_body")}</p>
        </div>
      ) : (
        <>
          <p className="text-muted-foreground">{t("preferences_intro")}</p>
          {steps.map((step) => (
            <PreferenceCard
              key={step}
              step={step}
              values={values}
              context={context}
              editing={editing === step}
              saved={saved === step}
              result={result?.step === step ? result : null}
            />
          ))}
        </>
      )}
    </SettingsPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
