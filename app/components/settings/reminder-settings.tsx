/**
 * The reminders' switches on /settings/notification (issue 29): reminders per channel and, for those
 * who organise initiatives, the morning digest. Each switch is its own form (intent "reminders"),
 * like the page's other switches, and shows the state being saved while it saves.
 */
import { useNavigation } from "@remix-run/react";
import type { NotificationTopic, ReminderChannelName } from "~/domain/reminders";
import { useTranslation } from "~/i18n/react";
import { SwitchRow } from "./switch-row";

export interface ReminderSwitches {
  reminder: Record<ReminderChannelName, boolean>;
  staff_digest: Record<ReminderChannelName, boolean> | null;
}

export function ReminderSettings({ settings }: { settings: ReminderSwitches | null }) {
  const { t } = useTranslation("reminders");
  if (!settings) return null;
  const rows: { topic: NotificationTopic; channel: ReminderChannelName; on: boolean; label: string }[] = [
    ...Object.entries(settings.reminder).map(([channel, on]) => ({ topic: "reminder" as const, channel: channel as ReminderChannelName, on, label: `channel_${channel}` })),
    ...Object.entries(settings.staff_digest ?? {}).map(([channel, on]) => ({ topic: "staff_digest" as const, channel: channel as ReminderChannelName, on, label: `staff_digest_${channel}` })),
  ];
  return (
    <section aria-labelledby="reminder-settings" className="flex flex-col gap-3">
      <h2 id="reminder-settings" className="text-lg font-semibold">
        {t("settings_title")}
      </h2>
      {rows.map((row) => (
        <ReminderSwitch key={`${row.topic}-${row.channel}`} {...row} />
      ))}
    </section>
  );
}

function ReminderSwitch({ topic, channel, on: stored, label }: { topic: NotificationTopic; channel: ReminderChannelName; on: boolean; label: string }) {
  const { t } = useTranslation("reminders");
  const navigation = useNavigation();
  const id = `${topic}-${channel}`;
  const saving = navigation.formData?.get("intent") === "reminders" && navigation.formData.get("topic") === topic && navigation.formData.get("channel") === channel;
  const on = saving ? navigation.formData?.get("enabled") === "true" : stored;
  return (
    <SwitchRow id={id} name="enabled" on={on} label={t(`${label}_label`)} hint={t(`${label}_hint`)}>
      <input type="hidden" name="intent" value="reminders" />
      <input type="hidden" name="topic" value={topic} />
      <input type="hidden" name="channel" value={channel} />
    </SwitchRow>
  );
}
