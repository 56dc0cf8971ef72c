/** An initiative's status (open, suspended, cancelled) and pin, with the buttons that change them (PUT .../initiatives/{id}). */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";

export const STATE_INTENT = "initiative_state";

const NEXT: Record<string, { status: string; label: string }[]> = {
  open: [
    { status: "suspended", label: "action_suspend" },
    { status: "canceled", label: "action_cancel" },
  ],
  suspended: [
    { status: "open", label: "action_reopen" },
    { status: "canceled", label: "action_cancel" },
  ],
  canceled: [{ status: "open", label: "action_reopen" }],
};

export function InitiativeState({ initiative }: { initiative: { status: string; pinned: boolean; can_pin: boolean } }) {
  const { t } = useTranslation("manage");
  const pending = usePending(STATE_INTENT);
  return (
    <section aria-labelledby="state-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center">
      <div className="flex-1 text-sm">
        <h3 id="state-title" className="font-semibold">
          {t("state_label")}
        </h3>
        <p>{t(`state_${initiative.status}`)}</p>
        {initiative.can_pin && initiative.pinned ? <p className="text-muted-foreground">{t("state_pinned")}</p> : null}
      </div>
      <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={STATE_INTENT} />
        {NEXT[initiative.status].map((next) => (
          <Button key={next.status} type="submit" name="status" value={next.status} variant={next.status === "open" ? "default" : "outline"} disabled={pending}>
            {t(next.label)}
          </Button>
        ))}
        {initiative.can_pin ? (
          <Button type="submit" name="pinned" value={initiative.pinned ? "false" : "true"} variant="outline" disabled={pending}>
            {t(initiative.pinned ? "action_unpin" : "action_pin")}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
