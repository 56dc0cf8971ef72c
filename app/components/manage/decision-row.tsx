/**
 * One item of a staff list decided on its own (a file, a donation, an attendance): who and what on
 * the left, and a form with the decision's buttons (and the reason, where a refusal takes one).
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { ReasonField } from "./decision-parts";

export interface DecisionButton {
  value: string;
  label: string;
  primary?: boolean;
}

export function DecisionRow({
  id,
  intent,
  person,
  children,
  hidden,
  buttons,
  reason,
  reasonError,
  decided,
}: {
  id: string;
  intent: string;
  person: { name: string; avatar: string | null };
  /** What the item is, under the person's name. */
  children: ReactNode;
  /** The form's fields that name the item. */
  hidden: Record<string, string>;
  buttons: DecisionButton[];
  /** Whether a refusal takes a reason, and whether it must; or a note that goes with either decision. */
  reason: "required" | "optional" | "note" | "none";
  reasonError?: string | null;
  /** The status of an item already decided (no buttons then). */
  decided?: string | null;
}) {
  const { t } = useTranslation("manage");
  const pending = usePending(intent);
  const summary = `item-${id}`;
  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <Avatar name={person.name} src={person.avatar} />
        <div id={summary} className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">{person.name}</p>
          {children}
        </div>
        {decided ? <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">{t(`status_${decided}`)}</span> : null}
      </div>
      {decided ? null : (
        <Form method="post" preventScrollReset className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {reason !== "none" ? <ReasonField id={`reason-${id}`} required={reason === "required"} note={reason === "note"} error={reasonError} className="flex-1" /> : null}
          <div className="flex gap-2">
            {buttons.map((button) => (
              <Button key={button.value} type="submit" name="decide" value={button.value} variant={button.primary ? "default" : "outline"} aria-describedby={summary} disabled={pending}>
                {button.label}
              </Button>
            ))}
          </div>
        </Form>
      )}
    </li>
  );
}
