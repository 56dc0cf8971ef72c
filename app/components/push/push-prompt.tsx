/**
 * After joining (the "You're in" dialog of /initiative): a small offer to turn on notifications on
 * this device, shown only where the browser can receive push, push is on here, and the member has
 * not decided yet (the browser's permission still asks, and the offer was not answered before).
 */
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { pushDecided, pushState, rememberPromptAnswered, subscribe } from "~/lib/browser/push-device";

export function PushPrompt() {
  const { t } = useTranslation("push");
  const [key, setKey] = useState<string | null>(null);
  const [state, setState] = useState<"offer" | "busy" | "failed" | "done">("offer");
  useEffect(() => {
    if (pushDecided()) return;
    let live = true;
    pushState()
      .then((found) => live && found.available && setKey(found.public_key))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!key || state === "done") return null;
  const answer = async (accept: boolean) => {
    rememberPromptAnswered();
    if (!accept) return setState("done");
    setState("busy");
    const outcome = await subscribe(key);
    setState(outcome === "failed" ? "failed" : "done");
  };
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg border border-border p-3 text-sm">
      <p>{t("push_prompt_text")}</p>
      {state === "failed" ? <p role="alert">{t("push_failed")}</p> : null}
      <div className="flex gap-2">
        <Button type="button" size="sm" className="flex-1" disabled={state === "busy"} onClick={() => answer(true)}>
          {t("push_prompt_accept")}
        </Button>
        <Button type="button" size="sm" variant="outline" className="flex-1" onClick={() => answer(false)}>
          {t("push_prompt_dismiss")}
        </Button>
      </div>
    </div>
  );
}
