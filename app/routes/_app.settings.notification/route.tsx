import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PushSettings } from "~/components/settings/push-settings";
import { loadPushSettings, savePushPreference } from "~/lib/server/push.server";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { SettingsPage } from "~/components/settings/settings-page";
import { CalendarFeedSettings } from "~/components/settings/calendar-feed";
import { isCalendarIntent } from "~/domain/calendar";
import { calendarAction, loadCalendarFeed } from "~/lib/server/calendar.server";
import { Alert } from "~/components/ui/alert";
import { saveProfile } from "~/lib/server/settings.server";
import { useSignedIn } from "~/lib/signed-in";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/server/form.server";
import { isPending } from "~/lib/pending";
import { ReminderSettings } from "~/components/settings/reminder-settings";
import { SwitchRow } from "~/components/settings/switch-row";
import { loadReminderSettings, REMINDERS_INTENT, saveReminderSetting } from "./reminder-settings.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_notification");

/** The profile's e-mail switches (SPEC.md section 2, and issue 11's participation e-mails), as the form names them. */
const SWITCHES = [
  { name: "commercial_comms_accepted", label: "settings_comms_label", hint: "settings_comms_hint" },
  { name: "participation_emails", label: "settings_participation_emails_label", hint: "settings_participation_emails_hint" },
] as const;

type SwitchName = (typeof SWITCHES)[number]["name"];

export async function loader(args: LoaderFunctionArgs) {
  const [calendar, reminders, push] = await Promise.all([loadCalendarFeed(args), loadReminderSettings(args), loadPushSettings(args)]);
  return { calendar, reminders, push };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  // The calendar feed's forms (components/settings/calendar-feed.tsx) name an intent.
  const intent = form.get("intent");
  if (isCalendarIntent(intent)) {
    const { status, answer } = await calendarAction({ request, context }, intent, form);
    return data({ calendar: answer }, { status });
  }
  if (form.get("intent") === REMINDERS_INTENT) return saveReminderSetting({ request, context }, form);
  if (form.has("push_kind")) return savePushPreference({ request, context }, form);
  // Each switch is its own form: the one posted is the one to save.
  const posted = SWITCHES.find(({ name }) => form.has(name));
  if (!posted) throw new Response("Unknown setting", { status: 400 });
  const saved = await saveProfile({ request, context }, { [posted.name]: form.get(posted.name) === "true" });
  return saved.ok ? { saved: true, error: null } : { saved: false, error: saved.error };
}

/** One switch per kind of e-mail: news and offers, and what staff decide about my participation. Each button shows and flips its state. */
export default function NotificationSettings() {
  const { commercialCommsAccepted, participationEmails } = useSignedIn().settings;
  const { calendar, reminders, push } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("settings");
  const stored: Record<SwitchName, boolean> = { commercial_comms_accepted: commercialCommsAccepted, participation_emails: participationEmails };
  return (
    <SettingsPage title={t("settings_notification")}>
      <div className="flex flex-col gap-3">
        {SWITCHES.map(({ name, label, hint }) => {
          // While saving, show the state being saved.
          const pending = navigation.formData?.get(name);
          const on = pending ? pending === "true" : stored[name];
          return <SwitchRow key={name} id={name} name={name} on={on} label={t(label)} hint={t(hint)} />;
        })}
      </div>
      <PushSettings push={push} />
      <ReminderSettings settings={reminders} />
      <CalendarFeedSettings feed={calendar} answer={answer && "calendar" in answer ? answer.calendar : null} />
      {!isPending(navigation) ? null : <p className="sr-only" role="status">{t("settings_saving")}</p>}
      <ActionError />
    </SettingsPage>
  );
}

function ActionError() {
  const { t } = useTranslation("settings");
  const result = useActionData<typeof action>();
  if (!result || "calendar" in result) return null;
  return result.saved ? <Alert variant="success">{t("settings_saved")}</Alert> : <Alert>{t([`profile_error_${result.error}`, "profile_error_default"])}</Alert>;
}

export const ErrorBoundary = RouteErrorBoundary;
