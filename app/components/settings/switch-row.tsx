/**
 * One switch of /settings/notification: its own form, a label and a hint, and a button with the
 * switch role that posts the opposite of its state as `name`. Hidden fields (`children`) say which
 * setting it is when `name` alone does not.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

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
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        name={name}
        value={on ? "false" : "true"}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${on ? "bg-brand" : "bg-input"}`}
      >
        <span className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${on ? "left-[1.375rem]" : "left-0.5"}`} />
      </button>
    </Form>
  );
}
