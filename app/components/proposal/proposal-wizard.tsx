/**
 * The proposal wizard's screens (SPEC.md sections 2, 4 and 5; issue 12): the intro, one form per
 * step (type, title, description, when, where, sdgs, skills, send) and the final screen. Every step
 * is a plain form the server checks and answers (it works without JavaScript); with it, the title
 * counts its characters, the dates fill their defaults, the address is searched as it is typed and
 * the pin moves on the map. Errors come from the server, at their fields (EditorErrors).
 */
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SDG_SLUGS } from "~/domain/initiatives";
import { takesParticipants, TITLE_MAX_LENGTH } from "~/domain/initiatives/editor";
import { pickEndDate, pickStartDate, proposalSteps, SKIPPABLE_STEPS, type ProposalDraft, type ProposalStep, type WhenParts } from "~/domain/proposals";
import { sdgChoices, sdgName } from "~/components/initiative/sdg";
import { EditorLocation } from "~/components/manage/editor-location";
import { ChoiceGroup, CheckboxInput, EditorErrors, TextArea, TextInput } from "~/components/manage/editor-parts";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { Precision } from "~/lib/browser/geocode";
import { usePending } from "~/lib/pending";
import type { InitiativeType } from "~/domain/initiatives/types";
import type { WizardRules } from "../../../workers/proposals/service";

export interface WizardProps {
  step: ProposalStep;
  steps: ProposalStep[];
  draft: ProposalDraft;
  rules: WizardRules;
  errors: Record<string, string>;
  failure: string | null;
  basemapUrl?: string;
  /** How approximate the draft's pin is (a city's centre the geocoder gave), or null. */
  locationPrecision?: Precision | null;
}

/** The wizard's intro, above its first step while nothing is answered yet. */
function WizardIntro() {
  const { t } = useTranslation("proposals");
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4">
      <p className="text-lg font-semibold">{t("intro_title")}</p>
      <p className="text-sm">{t("intro_body")}</p>
    </div>
  );
}

export function WizardFinish() {
  const { t } = useTranslation("proposals");
  return (
    <section aria-labelledby="wizard-title" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-6">
      <h1 id="wizard-title" className="text-2xl font-bold">
        {t("finish_title")}
      </h1>
      <p>{t("finish_body")}</p>
      <div>
        <Link to="/proposal" className={buttonVariants()}>
          {t("finish_back")}
        </Link>
      </div>
    </section>
  );
}

export function WizardStep({ step, steps, draft, rules, errors, failure, basemapUrl, locationPrecision = null }: WizardProps) {
  const { t } = useTranslation("proposals");
  const pending = usePending();
  const summary = useRef<HTMLDivElement>(null);
  const shown = { ...(draft.errors ?? {}), ...errors };
  const invalid = Object.keys(shown).length > 0 || failure !== null;
  useEffect(() => {
    if (invalid) summary.current?.focus();
  }, [invalid, errors, failure]);
  const number = steps.indexOf(step) + 1;
  return (
    <EditorErrors.Provider value={shown}>
      <section aria-labelledby="wizard-title" className="flex flex-col gap-4">
        {number === 1 && !draft.title && !draft.type ? <WizardIntro /> : null}
        <p className="text-sm text-muted-foreground">{t("step_of", { number, total: steps.length })}</p>
        <h1 id="wizard-title" className="text-2xl font-bold">
          {t(`step_${step}`)}
        </h1>
        {invalid ? (
          <div ref={summary} tabIndex={-1} className="outline-none">
            <Alert>{failure ? t(`error_${failure}`) : t("error_summary")}</Alert>
          </div>
        ) : null}
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
          <StepFields step={step} draft={draft} rules={rules} basemapUrl={basemapUrl} locationPrecision={locationPrecision} />
          <div className="flex flex-wrap gap-3 border-t border-border pt-4">
            {/* The default button (Enter) goes on: it comes first in the form. */}
            <Button type="submit" name="intent" value={step === "send" ? "send" : "next"} disabled={pending}>
              {step === "send" ? t("send") : t("next")}
            </Button>
            {SKIPPABLE_STEPS.includes(step) ? (
              <Button type="submit" name="intent" value="skip" variant="outline" disabled={pending}>
                {t("skip")}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="back" variant="outline" disabled={pending}>
              {t("back")}
            </Button>
          </div>
        </Form>
        <details className="rounded-md border border-border">
          <summary className="flex h-11 cursor-pointer list-none items-center px-4 text-sm font-semibold text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {t("cancel")}
          </summary>
          <Form method="post" className="flex flex-col gap-3 border-t border-border p-3">
            <p className="text-sm">{t("cancel_confirm")}</p>
            <div>
              <Button type="submit" name="intent" value="cancel" variant="destructive">
                {t("cancel_yes")}
              </Button>
            </div>
          </Form>
        </details>
      </section>
    </EditorErrors.Provider>
  );
}

function StepFields({ step, draft, rules, basemapUrl, locationPrecision }: { step: ProposalStep; draft: ProposalDraft; rules: WizardRules; basemapUrl?: string; locationPrecision: Precision | null }) {
  const { t } = useTranslation("proposals");
  const { t: ti } = useTranslation("initiatives");
  const { t: tl } = useTranslation("lookups");
  switch (step) {
    case "type":
      return (
        <ChoiceGroup
          name="type"
          legend={t("field_type")}
          single
          chosen={draft.type ? [draft.type] : []}
          choices={rules.allowedTypes.map((type) => ({ value: type, label: ti(`type_${type}`) }))}
        />
      );
    case "title":
      return <TitleField value={draft.title ?? ""} />;
    case "description":
      return (
        <>
          <TextArea name="description" label={t("field_description")} defaultValue={draft.description ?? ""} rows={8} maxLength={10_000} required />
          {takesParticipants((draft.type ?? "volunteering") as InitiativeType) ? (
            <TextInput name="max_participants" inputMode="numeric" label={t("field_max_participants")} defaultValue={draft.max_participants ?? ""} hint={t("field_max_participants_hint")} />
          ) : null}
        </>
      );
    case "when":
      return <WhenFields draft={draft} zone={rules.zone} />;
    case "where":
      return (
        <EditorLocation
          bare
          withDetail={false}
          searchAsYouType
          pinZoom={18}
          startZoom={18}
          center={rules.center}
          basemapUrl={basemapUrl}
          initialPrecision={locationPrecision}
          initial={{
            is_in_person: draft.is_in_person ?? false,
            address: draft.address ?? null,
            address_detail: null,
            latitude: draft.latitude ? Number(draft.latitude) : null,
            longitude: draft.longitude ? Number(draft.longitude) : null,
            is_remote: draft.is_remote ?? false,
            remote_url: draft.remote_url ?? null,
          }}
        />
      );
    case "sdgs":
      return (
        <>
          <p className="text-sm text-muted-foreground">{t("sdgs_cap", { max: rules.maxSdgs })}</p>
          <ChoiceGroup
            name="sdgs"
            legend={t("field_sdgs", { max: rules.maxSdgs })}
            max={rules.maxSdgs}
            chosen={draft.sdgs ?? []}
            choices={sdgChoices(ti)}
          />
        </>
      );
    case "skills":
      return (
        <>
          {rules.memberCompetences.length ? (
            <ChoiceGroup
              name="competences"
              legend={t("field_skills")}
              chosen={draft.competences ?? []}
              choices={rules.memberCompetences.map((slug) => ({ value: slug, label: tl(`competence.${slug}`, { defaultValue: slug.replace(/-/g, " ") }) }))}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {t("skills_none")}{" "}
              <Link to="/settings/preferences" className="font-medium text-brand underline-offset-2 hover:underline">
                {t("skills_add")}
              </Link>
            </p>
          )}
          <CheckboxInput name="help_organize" label={t("field_help_organize")} defaultChecked={draft.help_organize ?? false} />
        </>
      );
    case "send":
      return <SendSummary draft={draft} steps={proposalSteps(draft.type ?? null, rules.allowedTypes)} />;
    default:
      return null;
  }
}

/** The title with its count of characters against the 75 allowed. */
function TitleField({ value }: { value: string }) {
  const { t } = useTranslation("proposals");
  const [length, setLength] = useState(value.length);
  return (
    <TextInput
      name="title"
      label={t("field_title")}
      defaultValue={value}
      maxLength={TITLE_MAX_LENGTH}
      required
      onChange={(event) => setLength(event.currentTarget.value.length)}
      hint={<span aria-live="polite">{t("title_counter", { length, max: TITLE_MAX_LENGTH })}</span>}
    />
  );
}

/** The four parts of when, with the defaults of section 5 filled as dates are picked. */
function WhenFields({ draft, zone }: { draft: ProposalDraft; zone: string }) {
  const { t } = useTranslation("proposals");
  const [parts, setParts] = useState<WhenParts>({
    start_date: draft.start_date ?? "",
    start_time: draft.start_time ?? "",
    end_date: draft.end_date ?? "",
    end_time: draft.end_time ?? "",
  });
  const set = (field: keyof WhenParts) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setParts((before) => (field === "start_date" && value ? pickStartDate(before, value) : field === "end_date" && value ? pickEndDate(before, value) : { ...before, [field]: value }));
  };
  return (
    <>
      <p className="text-sm text-muted-foreground">{t("when_intro", { zone })}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput name="start_date" type="date" label={t("field_start_date")} value={parts.start_date} onChange={set("start_date")} />
        <TextInput name="start_time" type="time" label={t("field_start_time")} value={parts.start_time} onChange={set("start_time")} />
        <TextInput name="end_date" type="date" label={t("field_end_date")} value={parts.end_date} onChange={set("end_date")} />
        <TextInput name="end_time" type="time" label={t("field_end_time")} value={parts.end_time} onChange={set("end_time")} />
      </div>
    </>
  );
}

/** What will be sent, each part with a link back to its step. */
function SendSummary({ draft, steps }: { draft: ProposalDraft; steps: ProposalStep[] }) {
  const { t } = useTranslation("proposals");
  const { t: ti } = useTranslation("initiatives");
  const rows: [ProposalStep, string, string][] = [
    ["type", t("field_type"), draft.type ? ti(`type_${draft.type}`) : "—"],
    ["title", t("field_title"), draft.title || "—"],
    ["description", t("field_description"), draft.description || "—"],
    ["when", t("step_when"), draft.start_date ? `${draft.start_date} ${draft.start_time} – ${draft.end_date} ${draft.end_time}` : t("not_given")],
    ["where", t("step_where"), [draft.is_in_person ? draft.address : null, draft.is_remote ? draft.remote_url : null].filter(Boolean).join(" · ") || t("not_given")],
    ["sdgs", t("step_sdgs"), draft.sdgs?.length ? draft.sdgs.map((slug) => sdgName(ti, SDG_SLUGS.indexOf(slug as (typeof SDG_SLUGS)[number]) + 1)).join(", ") : t("not_given")],
  ];
  return (
    <dl className="flex flex-col divide-y divide-border">
      {rows.filter(([step]) => steps.includes(step)).map(([step, label, value]) => (
        <div key={step} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between">
          <dt className="text-sm font-medium">{label}</dt>
          <dd className="flex flex-wrap items-baseline gap-3 text-sm">
            <span className="whitespace-pre-line break-words">{value}</span>
            <Link to={`/proposal/new/${step}`} className="text-brand underline-offset-2 hover:underline" aria-label={t("change_named", { part: label })}>
              {t("change")}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}
