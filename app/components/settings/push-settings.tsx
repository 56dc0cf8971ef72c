/**
 * /settings/notification's push part (decision 046): notifications on this device (on or off:
 * the browser's subscription, stored for the member here), and which notifications the member
 * wants by push, one switch each (forms that work without JavaScript, like the e-mail switches).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { SubmitSwitch } from "./submit-switch";
import { useTranslation } from "~/i18n/react";
import { currentSubscription, pushState, pushSupported, subscribe, unsubscribe } from "~/lib/browser/push-device";
import type { PushSettings as Settings } from "~/lib/server/push.server";

const KINDS = ["participation", "chat", "reminders"] as const;

type Device = "checking" | "unsupported" | "denied" | "on" | "off";

function useDevice(): [Device, (next: Device) => void] {
  const [device, setDevice] = useState<Device>("checking");
  useEffect(() => {
    if (!pushSupported()) return setDevice("unsupported");
    if (Notification.permission === "denied") return setDevice("denied");
    let live = true;
    currentSubscription()
      .then(async (subscription) => (subscription ? (await pushState(subscription)).subscribed : false))
      .then((on) => live && setDevice(on ? "on" : "off"))
      .catch(() => live && setDevice("off"));
    return () => {
      live = false;
    };
  }, []);
  return [device, setDevice];
}

export function PushSettings({ push }: { push: Settings }) {
  const { t } = useTranslation("push");
  const navigation = useNavigation();
  const [device, setDevice] = useDevice();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!push.available) return null;
  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    if (device === "on") {
      const done = await unsubscribe();
      setFailed(!done);
      if (done) setDevice("off");
    } else if (push.publicKey) {
      const outcome = await subscribe(push.publicKey);
      setFailed(outcome === "failed");
      setDevice(outcome === "on" ? "on" : outcome === "denied" ? "denied" : "off");
    }
    setBusy(false);
  };
  const status = { checking: null, unsupported: t("push_unsupported"), denied: t("push_denied"), on: t("push_on"), off: t("push_off") }[device];
  return (
    <section aria-labelledby="push-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex items-center gap-4">
        <div className="flex-1">
          <h2 id="push-title" className="font-medium">
            {t("push_settings_title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("push_settings_hint")}</p>
          {status ? (
            <p className="mt-1 text-sm" role="status">
              {status}
            </p>
          ) : null}
        </div>
        {device === "on" || device === "off" ? (
          <Button type="button" variant={device === "on" ? "outline" : "default"} disabled={busy} onClick={toggle}>
            {t(device === "on" ? "push_turn_off" : "push_turn_on")}
          </Button>
        ) : null}
      </div>
      {failed ? <p role="alert" className="text-sm text-destructive">{t("push_failed")}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("push_kinds_title")}</legend>
        {KINDS.map((kind) => {
          const pending = navigation.formData?.get("push_kind") === kind ? navigation.formData.get("value") : null;
          const on = pending ? pending === "true" : push.preferences[kind];
          return (
            <Form key={kind} method="post" className="flex items-center gap-4">
              <input type="hidden" name="push_kind" value={kind} />
              <span id={`push-${kind}-label`} className="flex-1 text-sm">
                {t(`push_kind_${kind}`)}
              </span>
              <SubmitSwitch on={on} name="value" labelledBy={`push-${kind}-label`} />
            </Form>
          );
        })}
      </fieldset>
    </section>
  );
}
