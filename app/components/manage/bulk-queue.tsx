/**
 * A staff queue decided one item at a time or many together (/manage/records, /manage/uploads,
 * /manage/money, /manage/approvals): one form for the page, so the items ticked get the decision
 * of a button at the foot, and each waiting item has its own buttons (`decide` = `value:id`). The
 * reason (or note) at the foot goes with either. Without JavaScript everything works (the buttons
 * post); with it, "select all" appears.
 */
import { Form } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import { ReasonField } from "./decision-parts";
import type { DecisionButton } from "./decision-row";

export interface QueueItem {
  id: string;
  person: { name: string; avatar: string | null };
  /** The first line, in bold: the person's name, and what they reported where that says it best. */
  title: ReactNode;
  /** What the item is, under the title. */
  children: ReactNode;
  /** The checkbox's label: who, what and where, since the row's text is not its label. */
  selectLabel: string;
  /** The status of an item that waits for no decision here (no checkbox, no buttons then). */
  decided: string | null;
}

export function BulkQueue({
  id,
  intent,
  items,
  buttons,
  reason,
  reasonError,
  foot,
}: {
  /** Names the foot's reason field. */
  id: string;
  intent: string;
  items: QueueItem[];
  /** Each decision: its button on every waiting row, and its "... selected" button at the foot. */
  buttons: (DecisionButton & { selectedLabel: string })[];
  /** Whether a refusal takes a reason, and whether it must; or a note that goes with either decision. */
  reason: "required" | "optional" | "note";
  reasonError: string | null;
  /** More fields that go with every decision of the form (the records' time basis), at the foot. */
  foot?: ReactNode;
}) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  const pending = usePending(intent);
  const form = useRef<HTMLFormElement>(null);
  const waiting = items.some((item) => !item.decided);
  const selectAll = () => form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]').forEach((box) => (box.checked = true));
  return (
    <Form ref={form} method="post" preventScrollReset className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {waiting && hydrated ? (
        <div>
          <Button type="button" variant="outline" onClick={selectAll}>
            {t("select_all")}
          </Button>
        </div>
      ) : null}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {items.map((item) => {
          const summary = `item-${item.id}`;
          return (
            <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {item.decided ? null : <input type="checkbox" name="ids" value={item.id} aria-label={item.selectLabel} className="mt-2 size-5 shrink-0 accent-[var(--color-brand)]" />}
                <Avatar name={item.person.name} src={item.person.avatar} />
                <div id={summary} className="min-w-0 text-sm">
                  <p className="font-semibold">{item.title}</p>
                  {item.children}
                </div>
              </div>
              {item.decided ? (
                <span className="self-start rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold sm:self-center">{t(`status_${item.decided}`)}</span>
              ) : (
                <div className="flex gap-2">
                  {buttons.map((button) => (
                    <Button
                      key={button.value}
                      type="submit"
                      name="decide"
                      value={`${button.value}:${item.id}`}
                      variant={button.primary ? "default" : "outline"}
                      aria-describedby={summary}
                      disabled={pending}
                    >
                      {button.label}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {waiting ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
          <ReasonField id={id} required={reason === "required"} note={reason === "note"} error={reasonError} />
          {foot}
          <div className="flex flex-wrap gap-2">
            {buttons.map((button) => (
              <Button key={button.value} type="submit" name="decide" value={button.value} variant={button.primary ? "default" : "outline"} disabled={pending}>
                {button.selectedLabel}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </Form>
  );
}
