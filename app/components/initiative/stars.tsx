import { Star } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { formatOneDecimal } from "~/domain/initiatives/format";

const FIVE = [1, 2, 3, 4, 5];

/** Rounded to the half stars the display has (SPEC.md section 9). */
export const toHalfSteps = (value: number) => Math.round(value * 2) / 2;

function StarShape({ fill, className }: { fill: "full" | "half" | "empty"; className?: string }) {
  return (
    <span className={cn("relative inline-block", className)} aria-hidden="true">
      <Star className="absolute inset-0 size-full text-amber-600" strokeWidth={1.5} />
      {fill !== "empty" ? (
        <Star
          className={cn("absolute inset-0 size-full fill-amber-400 text-amber-600", fill === "half" && "[clip-path:inset(0_50%_0_0)]")}
          strokeWidth={1.5}
        />
      ) : null}
    </span>
  );
}

/** Average stars in half steps, the average with one decimal and how many rated (read-only). */
export function StarRating({ value, count, label, size = "size-5" }: { value: number | null; count: number; label: string; size?: string }) {
  const { t, i18n } = useTranslation("initiative");
  if (value === null || count === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{label}: </span>
        {t("rating_none")}
      </p>
    );
  }
  const half = toHalfSteps(value);
  const average = formatOneDecimal(value, i18n.language);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-medium">{label}</span>
      <span role="img" aria-label={t("rating_average_label", { average, count })} className="inline-flex items-center gap-0.5">
        {FIVE.map((n) => (
          <StarShape key={n} className={size} fill={half >= n ? "full" : half >= n - 0.5 ? "half" : "empty"} />
        ))}
      </span>
      <span aria-hidden="true" className="font-semibold">
        {average}
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        ({t("rating_count", { count })})
      </span>
    </div>
  );
}

/**
 * A rating input: ten native radio buttons of half steps (0.5 .. 5) in a fieldset, so arrows move
 * and select, and the form posts without JavaScript. The halves up to the chosen one are filled
 * by CSS (`:has(~ … :checked)`), so the stars follow the choice even before hydration.
 */
export function StarInput({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation("initiative");
  const steps = FIVE.flatMap((n) => [n - 0.5, n]);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex items-center">
        {steps.map((step) => {
          const left = !Number.isInteger(step);
          return (
            <label
              key={step}
              className={cn(
                "group/half relative block h-10 w-5 cursor-pointer overflow-hidden",
                "has-[input:focus-visible]:z-10 has-[input:focus-visible]:rounded-sm has-[input:focus-visible]:outline has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring",
              )}
            >
              <input
                type="radio"
                name={name}
                value={step}
                checked={value === step}
                onChange={() => onChange(step)}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                aria-label={t("rating_stars_value", { value: formatOneDecimal(step, i18n.language) })}
              />
              <Star
                aria-hidden="true"
                strokeWidth={1.5}
                className={cn(
                  "pointer-events-none absolute top-1 size-8 max-w-none fill-transparent text-amber-600",
                  left ? "left-1" : "-left-4",
                  "group-has-[input:checked]/half:fill-amber-400",
                  "group-[&:has(~label_input:checked)]/half:fill-amber-400",
                )}
              />
            </label>
          );
        })}
        <span className="ml-3 text-sm font-semibold" aria-hidden="true">
          {value > 0 ? formatOneDecimal(value, i18n.language) : ""}
        </span>
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
