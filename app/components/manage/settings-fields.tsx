/**
 * The organisation settings screen's fields (issue 15, point 2), drawn from the descriptors of
 * app/domain/organization-settings.ts: each named by its path in the API's change, so the API's
 * field errors (through EditorErrors) land under the field they are about. The brand colour shows
 * its contrast against WCAG AA as the administrator picks it, with a sample of where it is used.
 */
import { useState } from "react";
import { AA_CONTRAST, brandColourReadable, contrastRatio, HEX_COLOUR, PAGE_BACKGROUND, readableOn } from "~/domain/contrast";
import { LOCALE_NAMES, type Locale } from "~/domain/locales";
import { settingId, valueAt, type SettingField } from "~/domain/organization-settings";
import { offsetsText } from "~/domain/reminders";
import { useTranslation, type TFunction } from "~/i18n/react";
import { ChoiceGroup, CheckboxInput, describedBy, Described, fieldId, SelectInput, TextArea, TextInput, useFieldError } from "./editor-parts";

/** The label of one of a list's options, from the message set that already names it. */
function optionLabel(t: TFunction, id: string, option: string): string {
  if (id === "language") return LOCALE_NAMES[option as Locale] ?? option;
  if (id === "region") return t(`setting_region_${option}`);
  if (id === "currency") return option;
  if (id === "proposal_types") return t(`initiatives:type_${option}`);
  if (id.endsWith("social_network_profiles")) return t(`settings:account_social_${option}`);
  if (id.endsWith("onboarding_steps")) return t(`settings:step_${option}_title`);
  return option;
}

export function SettingInput({ field, settings }: { field: SettingField; settings: unknown }) {
  const { t, i18n } = useTranslation("manage");
  const id = settingId(field.path);
  const label = t(`setting_${id}`);
  const hint = i18n.exists(`setting_${id}_hint`) ? t(`setting_${id}_hint`) : undefined;
  const value = valueAt(settings, field.path);
  const options = (field.options ?? []).map((option) => ({ value: option, label: optionLabel(t, id, option) }));
  switch (field.kind) {
    case "switch":
      return <CheckboxInput name={field.path} label={label} hint={hint} defaultChecked={value === true} />;
    case "integer":
      return <TextInput name={field.path} label={label} hint={hint} type="number" inputMode="numeric" min={field.min} max={field.max} step={1} defaultValue={typeof value === "number" ? value : ""} required />;
    case "text":
    case "email":
      return <TextInput name={field.path} label={label} hint={hint} type={field.kind === "email" ? "email" : "text"} maxLength={field.maxLength} defaultValue={typeof value === "string" ? value : ""} />;
    case "textarea":
      return <TextArea name={field.path} label={label} hint={hint} maxLength={field.maxLength} rows={field.maxLength && field.maxLength > 1000 ? 10 : 3} defaultValue={typeof value === "string" ? value : ""} />;
    case "select":
      return <SelectInput name={field.path} label={label} hint={hint} options={options} defaultValue={typeof value === "string" ? value : undefined} />;
    case "choices":
      return <ChoiceGroup name={field.path} legend={label} hint={hint} choices={options} chosen={Array.isArray(value) ? value.map(String) : []} />;
    case "offsets":
      return <TextInput name={field.path} label={label} hint={hint} type="text" maxLength={60} spellCheck={false} defaultValue={Array.isArray(value) ? offsetsText(value.map(Number)) : ""} />;
    case "colour":
      return <ColourField name={field.path} label={label} hint={hint} initial={typeof value === "string" ? value : ""} />;
  }
}

/** The brand colour: a picker and its hex, the contrast it gives, and a sample button and link. */
function ColourField({ name, label, hint, initial }: { name: string; label: string; hint?: string; initial: string }) {
  const { t } = useTranslation("manage");
  const [colour, setColour] = useState(initial);
  const id = fieldId(name);
  const error = useFieldError(name);
  const valid = HEX_COLOUR.test(colour);
  const ratio = valid ? contrastRatio(colour, PAGE_BACKGROUND) : null;
  const passes = valid && brandColourReadable(colour);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={t("setting_colour_picker", { label })}
          value={valid && colour.length === 7 ? colour : "#000000"}
          onChange={(event) => setColour(event.currentTarget.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-card"
        />
        <input
          id={id}
          name={name}
          value={colour}
          onChange={(event) => setColour(event.currentTarget.value.trim())}
          placeholder="#1d4ed8"
          maxLength={7}
          spellCheck={false}
          className="h-10 w-32 rounded-md border border-input bg-card px-3 font-mono text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy(id, hint, error), `${id}-contrast`].filter(Boolean).join(" ")}
        />
      </div>
      <p id={`${id}-contrast`} role="status" className={passes ? "text-sm text-success" : "text-sm text-destructive"}>
        {ratio === null ? t("setting_colour_invalid") : t(passes ? "setting_colour_passes" : "setting_colour_fails", { ratio: ratio.toFixed(1), minimum: AA_CONTRAST })}
      </p>
      {valid ? (
        <div className="flex flex-wrap items-center gap-4 rounded-md border border-border p-3" aria-label={t("setting_colour_sample")} role="group">
          <span className="rounded-md px-4 py-2 text-sm font-semibold" style={{ backgroundColor: colour, color: readableOn(colour) }}>
            {t("setting_colour_sample_button")}
          </span>
          <span className="text-sm font-medium underline" style={{ color: colour }}>
            {t("setting_colour_sample_link")}
          </span>
        </div>
      ) : null}
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}
