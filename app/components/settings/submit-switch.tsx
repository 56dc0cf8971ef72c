/**
 * A form's submit button drawn as a switch: it posts `name` = the opposite of its state, so it flips
 * what is stored, with or without JavaScript (/settings/notification's e-mail and push switches).
 * A form that names its action by the button (`name="intent"`) gives the button's `value` and
 * carries the new state in a field of its own (the calendar feed's interests).
 */
export function SubmitSwitch({ on, name, value, labelledBy, describedBy }: { on: boolean; name: string; value?: string; labelledBy: string; describedBy?: string }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      name={name}
      value={value ?? (on ? "false" : "true")}
      className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${on ? "bg-brand" : "bg-input"}`}
    >
      <span className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${on ? "left-[1.375rem]" : "left-0.5"}`} />
    </button>
  );
}
