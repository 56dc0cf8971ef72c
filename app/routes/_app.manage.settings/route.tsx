/**
 * /manage/settings: the organisation's settings for its administrators (issue 15, point 2), one
 * tab per purpose (features; sign-up and accounts; initiatives and approvals; onboarding;
 * proposals; rating; appearance; texts). Each form saves through PUT /api/{org}/admin/config,
 * which validates every key and drops the cached organisation, so members see the change on their
 * next page. Works without JavaScript; the colour's contrast check and the map pick need it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { TabLinks } from "~/components/initiative/tabs";
import { ManageSection } from "~/components/manage/decision-parts";
import { EditorErrors, EditorSection } from "~/components/manage/editor-parts";
import { SettingInput } from "~/components/manage/settings-fields";
import { CentreForm, ImageForm, MapServicesInfo, TextsTab } from "~/components/manage/settings-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SETTINGS_GROUPS, SETTINGS_TABS, type SettingsGroup } from "~/domain/organization-settings";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { loadSettings, saveSettings } from "./settings.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "settings_title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadSettings(args);
  return data(answer, { status: answer.settings ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, answer } = await saveSettings(args);
  return data(answer, { status });
}

function GroupForm({ group, settings }: { group: SettingsGroup; settings: unknown }) {
  const { t } = useTranslation("manage");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" aria-labelledby="settings-group-title">
      <h3 id="settings-group-title" className="text-base font-semibold">
        {t(`settings_group_${group}`)}
      </h3>
      <input type="hidden" name="intent" value={group} />
      {SETTINGS_GROUPS[group].map((field) => (
        <SettingInput key={field.path} field={field} settings={settings} />
      ))}
      <div>
        <Button type="submit" disabled={busy}>
          {t("settings_save")}
        </Button>
      </div>
    </Form>
  );
}

export default function ManageSettings() {
  const { tab, settings, texts, maps } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { basemapUrl } = useSignedIn();
  const { t } = useTranslation("manage");
  const fieldErrors = answer?.fields ?? {};
  return (
    <ManageSection id="settings-title" title={t("settings_title")} intro={t("settings_intro")}>
      <TabLinks label={t("settings_groups")} current={tab} tabs={SETTINGS_TABS.map((id) => ({ id, label: t(`settings_group_${id}`), to: `/manage/settings?tab=${id}` }))} />
      <div aria-live="polite" className="empty:hidden">
        {answer?.saved ? <Alert variant="success">{t("settings_saved")}</Alert> : null}
        {answer && !answer.saved ? <Alert>{t(Object.keys(fieldErrors).length ? "settings_invalid" : "manage_error_default")}</Alert> : null}
      </div>
      {!settings ? (
        <Alert>{t("manage_error_default")}</Alert>
      ) : (
        <EditorErrors.Provider value={fieldErrors}>
          {tab === "texts" && texts ? (
            <TextsTab texts={texts} />
          ) : tab !== "texts" ? (
            <div className="flex flex-col gap-4">
              <GroupForm key={tab} group={tab} settings={settings} />
              {tab === "initiatives" ? <CentreForm latitude={settings.community.default_latitude ?? null} longitude={settings.community.default_longitude ?? null} basemapUrl={basemapUrl ?? undefined} /> : null}
              {tab === "initiatives" && maps ? <MapServicesInfo maps={maps} /> : null}
              {tab === "appearance" ? (
                <EditorSection id="settings-images" title={t("setting_images")} description={t("setting_images_hint")}>
                  <div className="grid gap-3 md:grid-cols-3">
                    <ImageForm kind="logo" url={settings.logo} />
                    <ImageForm kind="logo_small" url={settings.logo_small} />
                    <ImageForm kind="cover" url={settings.community.cover_url ?? null} />
                  </div>
                </EditorSection>
              ) : null}
            </div>
          ) : null}
        </EditorErrors.Provider>
      )}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
