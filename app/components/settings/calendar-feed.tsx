/**
 * The calendar feed in /settings/notification (issue 29): turn it on, copy the private URL, get a
 * new one (the old stops at once), turn it off, and whether interests are in it. Plain forms that
 * work without JavaScript; with it, the copy button fills the clipboard and says so.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FEED_DAYS_BACK, type CalendarAnswer, type CalendarFeedState } from "~/domain/calendar";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { SubmitSwitch } from "./submit-switch";

const DONE: Record<CalendarAnswer["intent"], string> = {
  calendar_on: "calendar_feed_turned_on",
  calendar_renew: "calendar_feed_regenerated",
  calendar_off: "calendar_feed_turned_off",
  calendar_interests: "calendar_feed_saved",
};

export function CalendarFeedSettings({ feed, answer }: { feed: CalendarFeedState; answer?: CalendarAnswer | null }) {
  const { t } = useTranslation("calendar");
  const navigation = useNavigation();
  const [copied, setCopied] = useState(false);
  const pendingInterests = navigation.formData?.get("intent") === "calendar_interests" ? navigation.formData.get("include_interests") === "true" : null;
  const interests = pendingInterests ?? feed.include_interests;

  async function copy() {
    if (!feed.url) return;
    await navigator.clipboard.writeText(feed.url);
    setCopied(true);
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="calendar-feed-title" className="font-medium">
        {t("calendar_feed_title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("calendar_feed_hint", { count: FEED_DAYS_BACK })}</p>
      {!feed.enabled || !feed.url ? (
        <Form method="post">
          <Button type="submit" name="intent" value="calendar_on" variant="outline">
            {t("calendar_feed_turn_on")}
          </Button>
        </Form>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="calendar-feed-url" className="text-sm font-medium">
              {t("calendar_feed_url_label")}
            </label>
            <div className="flex gap-2">
              <Input id="calendar-feed-url" readOnly value={feed.url} aria-describedby="calendar-feed-url-hint" onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
              <Button type="button" variant="outline" onClick={copy} onBlur={() => setCopied(false)}>
                {t("calendar_feed_copy")}
              </Button>
            </div>
            <p id="calendar-feed-url-hint" className="text-sm text-muted-foreground">
              {t("calendar_feed_url_hint")}
            </p>
            <p role="status" className="text-sm text-success">
              {copied ? t("calendar_feed_copied") : ""}
            </p>
          </div>
          <Form method="post" className="flex items-center gap-4">
            <div className="flex-1">
              <p id="calendar-interests-label" className="text-sm font-medium">
                {t("calendar_feed_interests_label")}
              </p>
              <p id="calendar-interests-hint" className="text-sm text-muted-foreground">
                {t("calendar_feed_interests_hint")}
              </p>
            </div>
            <input type="hidden" name="include_interests" value={interests ? "false" : "true"} />
            <SubmitSwitch on={interests} name="intent" value="calendar_interests" labelledBy="calendar-interests-label" describedBy="calendar-interests-hint" />
          </Form>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <Button type="submit" name="intent" value="calendar_renew" variant="outline" size="sm" aria-describedby="calendar-renew-hint">
                {t("calendar_feed_regenerate")}
              </Button>
            </Form>
            <Form method="post">
              <Button type="submit" name="intent" value="calendar_off" variant="ghost" size="sm">
                {t("calendar_feed_turn_off")}
              </Button>
            </Form>
          </div>
          <p id="calendar-renew-hint" className="text-sm text-muted-foreground">
            {t("calendar_feed_regenerate_hint")}
          </p>
        </>
      )}
      {answer ? answer.done ? <Alert variant="success">{t(DONE[answer.intent])}</Alert> : <Alert>{t("calendar_feed_error")}</Alert> : null}
    </section>
  );
}
