import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { SettingsPage } from "~/components/settings/settings-page";
import { Alert } from "~/components/ui/alert";
import { saveProfile } from "~/lib/settings.server";
import { useSignedIn } from "~/lib/signed-in";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/form.server";
import { isPending } from "~/lib/pending";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_notification");

export async function action({ request, context }: ActionFunctionArgs) {
  const value = (await readForm(request)).get("commercial_comms_accepted");
  const saved = await saveProfile({ request, context }, { commercial_comms_accepted: value === "true" });
  return saved.ok ? { saved: true, error: null } : { saved: false, error: saved.error };
}

/** One switch (SPEC.md section 2): commercial communications. The button shows and flips the state. */
export default function NotificationSettings() {
  const accepted = useSignedIn().settings.commercialCommsAccepted;
  const navigation = useNavigation();
  const { t } = useTranslation("settings");
  // While saving, show the state being saved.
  const pending = navigation.formData?.get("commercial_comms_accepted");
  const on = pending ? pending === "true" : accepted;
  return (
    <SettingsPage title={t("settings_notification")}>
      <Form method="post" className="flex items-center gap-4 rounded-lg border border-border bg-card p-4">
        <div className="flex-1">
          <p id="comms-label" className="font-medium">
            {t("settings_comms_label")}
          </p>
          <p id="comms-hint" className="text-sm text-muted-foreground">
            {t("settings_comms_hint")}
          </p>
        </div>
        <button
          type="submit"
          role="switch"
          aria-checked={on}
          aria-labelledby="comms-label"
          aria-describedby="comms-hint"
          name="commercial_comms_accepted"
          value={on ? "false" : "true"}
          className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${on ? "bg-brand" : "bg-input"}`}
        >
          <span className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${on ? "left-[1.375rem]" : "left-0.5"}`} />
        </button>
      </Form>
      {!isPending(navigation) ? null : <p className="sr-only" role="status">{t("settings_saving")}</p>}
      <ActionError />
    </SettingsPage>
  );
}

function ActionError() {
  const { t } = useTranslation("settings");
  const result = useActionData<typeof action>();
  if (!result) return null;
  return result.saved ? <Alert variant="success">{t("settings_saved")}</Alert> : <Alert>{t([`profile_error_${result.error}`, "profile_error_default"])}</Alert>;
}

export const ErrorBoundary = RouteErrorBoundary;
