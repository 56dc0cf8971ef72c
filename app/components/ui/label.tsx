import { forwardRef, type LabelHTMLAttributes, type MouseEvent } from "react";
import { cn } from "~/lib/cn";

/**
 * A form label. What Radix's Label added, kept without its four packages (about 2 KiB gzip on every
 * page with a form, docs/decisions/039-first-visit-weight.md): a double click on the label's text does
 * not select it, while a click on a control inside the label behaves as the control's own.
 */
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(({ className, onMouseDown, ...props }, ref) => (
  // A building block: each use gives htmlFor or wraps its control. The mouse handler only stops a
  // double click selecting the label's text, as Radix's Label did.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control, jsx-a11y/no-noninteractive-element-interactions
  <label
    ref={ref}
    className={cn("text-sm font-medium", className)}
    onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
      if ((event.target as Element).closest("button, input, select, textarea")) return;
      onMouseDown?.(event);
      if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
    }}
    {...props}
  />
));
Label.displayName = "Label";
