/**
 * One switch of /settings/notification: its own form, a label and a hint, and the submit switch
 * (./submit-switch.tsx) that posts the opposite of its state as `name`. Hidden fields (`children`) say which
 * setting it is when `name` alone does not.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitSwitch } from "./submit-switch";

export function SwitchRow({ id, name, on, label, hint, children }: { id: string; name: string; on: boolean; label: string; hint: string; children?: ReactNode }) {
  return (
    <Form method="post" className="flex items-center gap-4 rounded-lg border border-border bg-card p-4">
      {children}
      <div className="flex-1">
        <p id={`${id}-label`} className="font-medium">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <SubmitSwitch on={on} name={name} labelledBy={`${id}-label`} describedBy={`${id}-hint`} />
    </Form>
  );
}
