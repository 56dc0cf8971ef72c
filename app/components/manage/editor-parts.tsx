/**
 * The initiative editor's small parts: its sections, labelled inputs, boxes and choice groups,
 * each with its error (a message key from the API, at the field's own name) wired to
 * aria-describedby and aria-invalid. Errors reach them through EditorErrors, so a field only names itself.
 */
import { createContext, useContext, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { Field } from "~/components/ui/field";

/** The field errors of the last save: field name → message key. */
export const EditorErrors = createContext<Record<string, string>>({});

/** An id for the field's name (`indicators.0.name` → `editor-indicators-0-name`). */
export const fieldId = (name: string) => `editor-${name.replace(/[^a-z0-9]+/gi, "-")}`;

/** The translated error of one field (or of the first of `names` that has one), or null. */
export function useFieldError(...names: string[]) {
  const errors = useContext(EditorErrors);
  const { t } = useTranslation("editor");
  const key = names.map((name) => errors[name]).find(Boolean);
  return key ? t([`error_${key}`, "error_form_error_invalid"]) : null;
}

const control = "w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

/** A field's hint and error, with the ids describedBy names. */
export function Described({ id, hint, error }: { id: string; hint?: ReactNode; error: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}

export const describedBy = (id: string, hint: unknown, error: unknown) => [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

export function EditorSection({ id, title, children, description }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

type TextProps = { name: string; label: string; hint?: ReactNode; errorNames?: string[] } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/** A labelled input (the app's Field) named by the body's path, with the error of that path (or of `errorNames`). */
export function TextInput({ name, label, hint, errorNames = [], className, ...input }: TextProps) {
  const error = useFieldError(name, ...errorNames);
  return (
    <div className={className}>
      <Field id={fieldId(name)} name={name} label={label} hint={hint} error={error} {...input} />
    </div>
  );
}

export function TextArea({ name, label, hint, ...input }: { name: string; label: string; hint?: ReactNode } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const id = fieldId(name);
  const error = useFieldError(name);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea id={id} name={name} className={control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectInput({
  name,
  label,
  options,
  hint,
  errorNames = [],
  ...select
}: { name: string; label: string; options: { value: string; label: string }[]; hint?: ReactNode; errorNames?: string[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const id = fieldId(name);
  const error = useFieldError(name, ...errorNames);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} className={control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** One ticked-or-not box; its error (if any) under it. */
export function CheckboxInput({ name, label, hint, id: givenId, ...input }: { name: string; label: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  // A given id where one name is on several forms of a page (each provider's own "enforced").
  const id = givenId ?? fieldId(name);
  const error = useFieldError(name);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" name={name} className="mt-1 size-4 shrink-0 accent-brand" aria-describedby={describedBy(id, hint, error)} {...input} />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A group of choices under one name (checkboxes, or radios with `single`), as a fieldset whose
 * legend names it. Long lists fold into a disclosure that says how many are chosen.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  chosen,
  single = false,
  fold = false,
  hint,
  onChange,
  disabled,
  max,
}: {
  name: string;
  legend: string;
  choices: { value: string; label: ReactNode }[];
  chosen: readonly string[];
  single?: boolean;
  fold?: boolean;
  hint?: ReactNode;
  onChange?: (value: string, checked: boolean) => void;
  disabled?: boolean;
  /** At most this many (the SDG cap): the other boxes rest disabled until one is unticked. */
  max?: number;
}) {
  const id = fieldId(name);
  const error = useFieldError(name);
  const { t } = useTranslation("editor");
  const [picked, setPicked] = useState(() => new Set(chosen));
  const change = (value: string, checked: boolean) => {
    setPicked((before) => {
      const next = new Set(single ? [] : before);
      if (checked) next.add(value);
      else next.delete(value);
      return next;
    });
    onChange?.(value, checked);
  };
  const boxes = (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 text-sm">
          <input
            type={single ? "radio" : "checkbox"}
            name={name}
            value={choice.value}
            defaultChecked={chosen.includes(choice.value)}
            disabled={disabled || (max !== undefined && picked.size >= max && !picked.has(choice.value))}
            onChange={(event) => change(choice.value, event.currentTarget.checked)}
            className="mt-1 size-4 shrink-0 accent-brand"
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {fold ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer text-sm text-brand">{t("choices_summary", { count: picked.size })}</summary>
          <div className="pt-3">{boxes}</div>
        </details>
      ) : (
        boxes
      )}
      <Described id={id} hint={hint} error={error} />
    </fieldset>
  );
}
