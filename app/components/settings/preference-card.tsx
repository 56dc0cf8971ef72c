/* eslint-disable jsx-a11y/no-autofocus -- an editor opens in place of its card when the member asks
   for it, so focus moves to its first field, as a keyboard or screen-reader user expects. */
import { Form, Link } from "@remix-run/react";
import { useMemo, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useTranslation, type TFunction } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { TagList } from "~/components/ui/tag-list";
import { socialUrl } from "~/domain/social";
import {
  DETAIL_STEPS,
  isListStep,
  LIST_STEPS,
  preferenceField,
  type DetailField,
  type ListStep,
  type LookupEntry,
  type OnboardingStep,
  type PreferenceContext,
  type PreferenceValues,
} from "~/domain/preferences";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

export interface PreferenceResult {
  step: OnboardingStep;
  error: string | null;
  fields: Record<string, string>;
}

interface CardProps {
  step: OnboardingStep;
  values: PreferenceValues;
  context: PreferenceContext;
  editing: boolean;
  saved: boolean;
  result: PreferenceResult | null;
}

const LOOKUP_PREFIX: Record<ListStep, string | null> = { public_groups: null, categories: "category", target_audience: "audience" };

/** The choices of a list step, named in the page's language (groups are named by the organisation). */
function listEntries(step: ListStep, values: PreferenceValues, t: TFunction) {
  const entries: LookupEntry[] = values[LIST_STEPS[step]];
  const prefix = LOOKUP_PREFIX[step];
  return entries.map((entry) => ({
    ...entry,
    label: prefix ? t(`lookups:${prefix}.${entry.slug}`, { defaultValue: entry.name ?? entry.slug }) : entry.name ?? entry.slug,
  }));
}

/** One onboarding step as a card: its current value, and its form while the member edits it. */
export function PreferenceCard({ step, values, context, editing, saved, result }: CardProps) {
  const { t } = useTranslation("settings");
  const title = t(`step_${step}_title`);
  return (
    <section id={`pref-${step}`} aria-labelledby={`pref-${step}-title`} className="flex scroll-mt-24 flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`pref-${step}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{t(`step_${step}_hint`)}</p>
        </div>
        {editing ? null : (
          <Link
            to={`?edit=${step}#pref-${step}`}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={t("preferences_edit_step", { step: title })}
          >
            {t("preferences_edit")}
          </Link>
        )}
      </div>
      {editing ? <PreferenceForm step={step} values={values} context={context} result={result} /> : <PreferenceValue step={step} values={values} context={context} />}
      {saved && !editing ? <Alert variant="success">{t("settings_saved")}</Alert> : null}
    </section>
  );
}

function NotSet() {
  const { t } = useTranslation("settings");
  return <p className="text-sm italic text-muted-foreground">{t("preferences_not_set")}</p>;
}

const Chips = ({ items }: { items: string[] }) => (items.length ? <TagList items={items} /> : <NotSet />);

const optionLabel = (t: TFunction, field: DetailField, value: string) =>
  field.kind === "choice" && field.translate ? t(`option_${field.name}_${value}`, { defaultValue: value }) : value;

function detailText(field: DetailField, value: unknown, t: TFunction, locale: string): ReactNode {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return null;
  switch (field.kind) {
    case "flag":
      return t(value ? "preferences_yes" : "preferences_no");
    case "choice":
      return (Array.isArray(value) ? value : [value]).map((item) => optionLabel(t, field, String(item))).join(", ");
    case "hours": {
      const hours = value as { start: string; end: string };
      return `${hours.start}–${hours.end}`;
    }
    case "date":
      return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
    default:
      return String(value);
  }
}

function PreferenceValue({ step, values, context }: { step: OnboardingStep; values: PreferenceValues; context: PreferenceContext }) {
  const { t, i18n } = useTranslation("settings");
  if (isListStep(step)) return <Chips items={listEntries(step, values, t).filter((entry) => entry.member).map((entry) => entry.label)} />;
  if (step === "phone") return values.phone ? <p dir="ltr">{values.phone}</p> : <NotSet />;
  if (step === "social_networks") {
    const set = context.networks.filter((network) => values.social[network]);
    if (!set.length) return <NotSet />;
    return (
      <ul className="flex flex-col gap-1">
        {set.map((network) => (
          <li key={network}>
            <span className="text-muted-foreground">{t(`account_social_${network}`)}: </span>
            <a className="font-medium text-brand underline" href={socialUrl(network, values.social[network])} target="_blank" rel="noreferrer">
              {values.social[network]}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  const fields = DETAIL_STEPS[step] ?? [];
  const shown = fields.map((field) => ({ field, text: detailText(field, values.details[field.name], t, i18n.language) }));
  if (shown.every((entry) => entry.text === null)) return <NotSet />;
  if (fields.length === 1) return <p className="whitespace-pre-line break-words">{shown[0].text}</p>;
  return (
    <dl className="flex flex-col gap-3">
      {shown.map(({ field, text }) => (
        <div key={field.name}>
          <dt className="text-sm text-muted-foreground">{t(`field_${field.name}`)}</dt>
          <dd className="whitespace-pre-line break-words">{text ?? <span className="italic text-muted-foreground">{t("preferences_not_set")}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

const CONTROL =
  "w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

function TextareaField({ id, label, error, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error: string | null }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea id={id} rows={4} className={`${CONTROL} py-2`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A group of checkboxes (several choices) with its legend and error. */
function CheckboxGroup({
  name,
  legend,
  hideLegend,
  options,
  error,
  autoFocus,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  options: { value: string; label: string; checked: boolean }[];
  error: string | null;
  autoFocus?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={hideLegend ? "sr-only" : "mb-1 text-sm font-medium"}>{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-muted"
          >
            <input type="checkbox" name={name} value={option.value} defaultChecked={option.checked} autoFocus={autoFocus && index === 0} className="size-4 shrink-0 accent-brand" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

function DetailInput({ field, value, error, first }: { field: DetailField; value: unknown; error: (name: string) => string | null; first: boolean }) {
  const { t } = useTranslation("settings");
  const id = `field-${field.name}`;
  const label = t(`field_${field.name}`);
  switch (field.kind) {
    case "textarea":
      return <TextareaField id={id} name={field.name} label={label} defaultValue={(value as string) ?? ""} error={error(field.name)} autoFocus={first} />;
    case "text":
    case "date":
      return (
        <Field
          id={id}
          name={field.name}
          type={field.kind}
          label={label}
          defaultValue={(value as string) ?? ""}
          error={error(field.name)}
          autoFocus={first}
          {...(field.kind === "date" ? { max: new Date().toISOString().slice(0, 10) } : {})}
        />
      );
    case "flag":
      return (
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input type="checkbox" name={field.name} value="true" defaultChecked={value === true} autoFocus={first} className="size-4 shrink-0 accent-brand" />
          <span>{label}</span>
        </label>
      );
    case "choice":
      if (field.multiple) {
        const chosen = new Set((value as string[] | null) ?? []);
        return (
          <CheckboxGroup
            name={field.name}
            legend={label}
            options={field.options.map((option) => ({ value: option, label: optionLabel(t, field, option), checked: chosen.has(option) }))}
            error={error(field.name)}
            autoFocus={first}
          />
        );
      }
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{label}</Label>
          <select
            id={id}
            name={field.name}
            defaultValue={(value as string) ?? ""}
            autoFocus={first}
            className={`${CONTROL} h-11`}
            aria-invalid={error(field.name) ? true : undefined}
            aria-describedby={error(field.name) ? `${id}-error` : undefined}
          >
            <option value="">{t("preferences_choose")}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {optionLabel(t, field, option)}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-error`} error={error(field.name)} />
        </div>
      );
    case "hours": {
      const hours = value as { start: string; end: string } | null;
      const message = error(field.name);
      return (
        <fieldset className="flex flex-col gap-2" aria-describedby={message ? `${id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{label}</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-start`} name={`${field.name}_start`} type="time" label={t("field_availability_hours_start")} defaultValue={hours?.start ?? ""} />
            <Field id={`${id}-end`} name={`${field.name}_end`} type="time" label={t("field_availability_hours_end")} defaultValue={hours?.end ?? ""} />
          </div>
          <FieldError id={`${id}-error`} error={message} />
        </fieldset>
      );
    }
  }
}

/** The fields of one step: the same in its settings card and in the onboarding wizard. */
export function StepFields({ step, values, context, error }: { step: OnboardingStep; values: PreferenceValues; context: PreferenceContext; error: (name: string) => string | null }) {
  const { t } = useTranslation("settings");
  if (isListStep(step)) {
    const name = LIST_STEPS[step];
    const options = listEntries(step, values, t).map((entry) => ({ value: entry.slug, label: entry.label, checked: entry.member }));
    return <CheckboxGroup name={name} legend={t(`step_${step}_title`)} hideLegend options={options} error={error(name)} autoFocus />;
  }
  if (step === "phone") {
    return <Field id="field-phone" name="phone" type="tel" label={t("account_phone")} hint={t("account_phone_hint")} defaultValue={values.phone} autoComplete="tel" error={error("phone")} autoFocus />;
  }
  if (step === "social_networks") {
    return (
      <>
        {context.networks.map((network, index) => (
          <Field
            key={network}
            id={`field-social-${network}`}
            name={network}
            label={t(`account_social_${network}`)}
            defaultValue={values.social[network] ? socialUrl(network, values.social[network]) : ""}
            placeholder={socialUrl(network, t("account_social_placeholder_handle"))}
            inputMode="url"
            error={error(network)}
            autoFocus={index === 0}
          />
        ))}
      </>
    );
  }
  return (
    <>
      {(DETAIL_STEPS[step] ?? []).map((field, index) => (
        <DetailInput key={field.name} field={field} value={values.details[field.name]} error={error} first={index === 0} />
      ))}
    </>
  );
}

/** A failed save's alert: the phone-in-use notification (409) or the profile error of its code. */
export function StepSaveAlert({ error }: { error: string | null | undefined }) {
  const { t } = useTranslation("settings");
  if (error === "phone_in_use") {
    return (
      <Alert>
        <strong className="block">{t("profile_update_error_title")}</strong>
        {t("profile_update_error_desc")}
      </Alert>
    );
  }
  return error ? <Alert>{t([`profile_error_${error}`, "profile_error_default"])}</Alert> : null;
}

/**
 * A step's form checks: the action's own schema (preferenceSchema) in the browser first, then the
 * server's field errors; `error(name)` answers the translated message of a field.
 */
export function useStepForm(step: OnboardingStep, context: PreferenceContext, id: string, errors: Record<string, string> | undefined, pending: boolean) {
  const { t } = useTranslation("settings");
  // The schema arrives with the first touch of a card, not with the page (the phone card's carries
  // libphonenumber's metadata): docs/decisions/039-first-visit-weight.md.
  const schema = useMemo(() => () => import("~/domain/preference-schema").then((module) => module.preferenceSchema(step, context)), [step, context]);
  // A field says what is wrong as the member leaves it (a phone number typed short), not only after
  // Save, and stops saying it as soon as it is right.
  const { props, error: fieldError } = useSchemaForm(schema, { id, errors, pending, field: preferenceField, serverChecksOnly: true, shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const error = (name: string) => {
    const key = fieldError(name);
    return key ? t(key) : null;
  };
  return { props, error };
}

/** The form of one card. Posts without JavaScript; with it, the action's own schema (preferenceSchema) checks first. */
function PreferenceForm({ step, values, context, result }: { step: OnboardingStep; values: PreferenceValues; context: PreferenceContext; result: PreferenceResult | null }) {
  const { t } = useTranslation("settings");
  const pending = usePending();
  const { props, error } = useStepForm(step, context, `pref-${step}-form`, result?.fields, pending);

  return (
    <Form method="post" className="flex flex-col gap-4" {...props}>
      <input type="hidden" name="intent" value={step} />
      <StepFields step={step} values={values} context={context} error={error} />
      <StepSaveAlert error={result?.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={`/settings/preferences#pref-${step}`} preventScrollReset className={buttonVariants({ variant: "ghost" })}>
          {t("preferences_cancel")}
        </Link>
        <Button type="submit" disabled={pending}>
          {t("settings_save")}
        </Button>
      </div>
    </Form>
  );
}
