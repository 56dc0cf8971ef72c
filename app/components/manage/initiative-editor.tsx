/**
 * The initiative editor (issue 11, point 2): every field staff set on an initiative of any of the
 * five types, in sections a keyboard and a screen reader walk in order. One multipart form: the
 * action uploads a chosen image, then the API checks the whole body with the shared schema and its
 * field errors land here by field name (EditorErrors). Sections a type has no use for are left
 * out once the page runs (the API drops what a type does not take anyway); without JavaScript all
 * of them show. Times are the organisation's wall-clock times (docs/decisions/019).
 */
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { INITIATIVE_TYPES, VOLUNTEERING_SUBTYPES, type InitiativeType } from "~/domain/initiatives";
import { BLANK_INITIATIVE_INPUT, DESCRIPTION_MAX_LENGTH, inPersonByDefault, PARTICIPATION_METHODS, TITLE_MAX_LENGTH, takesParticipants, type DonationInput } from "~/domain/initiatives/editor";
import { zonedInputValue } from "~/domain/zoned-time";
import { sdgChoices } from "~/components/initiative/sdg";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import type { EditorOptions } from "../../../workers/manage/initiative-editor";
import { EditorDonation } from "./editor-donation";
import { EditorImage } from "./editor-image";
import { EditorIndicators, type IndicatorValue } from "./editor-indicators";
import type { Precision } from "~/lib/browser/geocode";
import { EditorLocation, type LocationValues } from "./editor-location";
import { CheckboxInput, ChoiceGroup, EditorErrors, EditorSection, SelectInput, TextArea, TextInput } from "./editor-parts";

/** What the form starts from: an initiative as GET .../initiatives/{id} answers it, or the body the last save sent. */
export interface EditorValues extends LocationValues {
  type: string;
  subtype: string | null;
  title: string;
  description: string;
  image: string | null;
  start_time: string | null;
  end_time: string | null;
  registration_end_time: string | null;
  categories: string[];
  competences: string[];
  sdgs: string[];
  target_audience: string[];
  max_participants: number | null;
  points?: number;
  program?: string | null;
  is_working_hours: boolean;
  minors_allowed: boolean;
  participation_method: string;
  hours_per_day: number;
  indicators: IndicatorValue[];
  donation_params: Partial<DonationInput> | null;
  contact_person: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  collaborators: string[];
  /** Someone joined or gave: the type no longer changes. */
  type_locked?: boolean;
}

export const BLANK_INITIATIVE: EditorValues = BLANK_INITIATIVE_INPUT;

export interface InitiativeEditorProps {
  mode: "create" | "edit";
  options: EditorOptions;
  values: EditorValues;
  zone: string;
  errors: Record<string, string>;
  /** The save failed for a reason that is not a field's. */
  failure: string | null;
  basemapUrl?: string;
  /** How approximate the stored pin is (EditorLocation says so until it is moved). */
  locationPrecision?: Precision | null;
  cancelHref: string;
  /** A section only some staff see (the administrators' impact fields), before the buttons. */
  extra?: ReactNode;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export function InitiativeEditor({ mode, options, values, zone, errors, failure, basemapUrl, locationPrecision = null, cancelHref, extra }: InitiativeEditorProps) {
  const { t } = useTranslation("editor");
  const { t: tl } = useTranslation("lookups");
  const { t: ti } = useTranslation("initiatives");
  const hydrated = useHydrated();
  const pending = usePending();
  const [type, setType] = useState(values.type as InitiativeType);
  const alert = useRef<HTMLDivElement>(null);
  const invalid = Object.keys(errors).length > 0 || failure !== null;
  // After a refused save, the summary takes the focus, so a screen reader hears why.
  useEffect(() => {
    if (invalid) alert.current?.focus();
  }, [errors, failure, invalid]);
  const shows = (visible: boolean) => visible || !hydrated;
  const time = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(iso) ? iso : zonedInputValue(iso, zone));
  const lookup = (prefix: string) => (slug: string) => ({ value: slug, label: tl(`${prefix}.${slug}`, { defaultValue: slug.replace(/-/g, " ") }) });

  return (
    <EditorErrors.Provider value={errors}>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-labelledby="initiative-editor-heading">
        <input type="hidden" name="zone" value={zone} />
        {invalid ? (
          <div ref={alert} tabIndex={-1} className="outline-none">
            <Alert>{failure ? t([`error_${failure}`, "error_save_failed"]) : t("error_summary", { count: Object.keys(errors).length })}</Alert>
          </div>
        ) : null}

        <EditorSection id="editor-basics" title={t("section_basics")}>
          {values.type_locked ? <input type="hidden" name="type" value={values.type} /> : null}
          <ChoiceGroup
            name="type"
            legend={t("field_type")}
            single
            disabled={values.type_locked}
            chosen={[values.type]}
            choices={INITIATIVE_TYPES.map((value) => ({ value, label: ti(`type_${value}`) }))}
            onChange={(value, checked) => checked && setType(value as InitiativeType)}
            hint={values.type_locked ? t("field_type_locked") : undefined}
          />
          {shows(type === "volunteering") ? (
            <SelectInput
              name="subtype"
              label={t("field_subtype")}
              defaultValue={values.subtype ?? ""}
              options={[{ value: "", label: t("field_subtype_none") }, ...VOLUNTEERING_SUBTYPES.map((value) => ({ value, label: ti(`subtype_${value}`) }))]}
              hint={hydrated ? undefined : t("field_subtype_hint")}
            />
          ) : null}
          <TextInput name="title" label={t("field_title")} defaultValue={values.title} required maxLength={TITLE_MAX_LENGTH} hint={t("field_title_hint", { max: TITLE_MAX_LENGTH })} />
          <TextArea name="description" label={t("field_description")} defaultValue={values.description} required rows={8} maxLength={DESCRIPTION_MAX_LENGTH} />
        </EditorSection>

        <EditorImage current={values.image} />

        <EditorSection id="editor-when" title={t("section_when")} description={t("section_when_intro", { zone })}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextInput name="start_time" type="datetime-local" label={t("field_start")} defaultValue={time(values.start_time)} />
            <TextInput name="end_time" type="datetime-local" label={t("field_end")} defaultValue={time(values.end_time)} />
            <TextInput name="registration_end_time" type="datetime-local" label={t("field_registration_end")} defaultValue={time(values.registration_end_time)} hint={t("field_registration_end_hint")} />
          </div>
        </EditorSection>

        <EditorLocation initial={values} center={options.center} basemapUrl={basemapUrl} inPersonDefault={mode === "create" ? inPersonByDefault(type) : undefined} initialPrecision={locationPrecision} />

        <EditorSection id="editor-topics" title={t("section_topics")}>
          <ChoiceGroup
            name="sdgs"
            legend={t("field_sdgs", { max: options.max_number_of_sdgs })}
            max={options.max_number_of_sdgs}
            chosen={values.sdgs}
            choices={sdgChoices(ti)}
            fold
          />
          <ChoiceGroup name="categories" legend={t("field_categories")} chosen={values.categories} choices={options.categories.map(lookup("category"))} fold />
          <ChoiceGroup name="competences" legend={t("field_competences")} chosen={values.competences} choices={options.competences.map(lookup("competence"))} fold />
          <ChoiceGroup name="target_audience" legend={t("field_audiences")} chosen={values.target_audience} choices={options.target_audiences.map(lookup("audience"))} fold />
        </EditorSection>

        {shows(takesParticipants(type)) ? (
          <EditorSection id="editor-participation" title={t("section_participation")}>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextInput name="max_participants" inputMode="numeric" label={t("field_max_participants")} defaultValue={text(values.max_participants)} hint={t("field_max_participants_hint")} />
              <TextInput name="hours_per_day" inputMode="numeric" label={t("field_hours_per_day")} defaultValue={text(values.hours_per_day || "")} hint={t("field_hours_per_day_hint")} />
            </div>
            <ChoiceGroup
              name="participation_method"
              legend={t("field_method")}
              single
              chosen={[values.participation_method]}
              choices={PARTICIPATION_METHODS.map((value) => ({ value, label: t(`method_${value}`) }))}
            />
            <CheckboxInput name="is_working_hours" label={t("field_working_hours")} defaultChecked={values.is_working_hours} hint={t("field_working_hours_hint")} />
            <CheckboxInput name="minors_allowed" label={t("field_minors")} defaultChecked={values.minors_allowed} />
            {options.features.points || options.features.program ? (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {options.features.points ? <TextInput name="points" inputMode="numeric" label={t("field_points")} defaultValue={text(values.points ?? 0)} /> : null}
                {options.features.program ? <TextInput name="program" label={t("field_program")} defaultValue={text(values.program)} maxLength={200} /> : null}
              </div>
            ) : null}
          </EditorSection>
        ) : null}

        {shows(takesParticipants(type)) ? <EditorIndicators initial={values.indicators} /> : null}

        {shows(type === "donation") ? <EditorDonation initial={values.donation_params} region={options.region} currency={options.currency} /> : null}

        <EditorSection id="editor-contact" title={t("section_contact")}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextInput name="contact_person" label={t("field_contact_person")} defaultValue={text(values.contact_person)} autoComplete="name" maxLength={200} />
            <TextInput name="contact_email" type="email" label={t("field_contact_email")} defaultValue={text(values.contact_email)} autoComplete="email" />
            <TextInput name="contact_phone" type="tel" label={t("field_contact_phone")} defaultValue={text(values.contact_phone)} autoComplete="tel" maxLength={32} />
          </div>
          {options.collaborators.length ? (
            <ChoiceGroup name="collaborators" legend={t("field_collaborators")} chosen={values.collaborators} choices={options.collaborators.map((c) => ({ value: c.slug, label: c.name }))} />
          ) : null}
        </EditorSection>

        {extra}

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {mode === "edit" ? t("save") : t("create")}
          </Button>
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </EditorErrors.Provider>
  );
}
