import type { InputHTMLAttributes, ReactNode } from "react";

/** A native checkbox (works without JavaScript) with its label, and an error wired to it. */
export function CheckboxField({
  id,
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; error?: string | null }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-input accent-brand"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="pl-8 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
