/** The editor's page around the form: its heading, what it starts from (blank, a copy, the initiative), the way back. */
import { Link } from "@remix-run/react";
import type { EditorAnswer } from "~/lib/server/initiative-editor.server";
import { asPrecision } from "~/domain/location-precision";
import { useTranslation } from "~/i18n/react";
import type { Precision } from "~/lib/browser/geocode";
import { useSignedIn } from "~/lib/signed-in";
import type { EditableInitiative, EditorOptions } from "../../../workers/manage/initiative-editor";
import { EditorImpact, type EditorImpactValues } from "./editor-impact";
import { BLANK_INITIATIVE, InitiativeEditor, type EditorValues } from "./initiative-editor";

export interface EditorLoad {
  options: EditorOptions;
  initiative: EditableInitiative | null;
  zone: string;
  copy: boolean;
  /** How approximate the stored pin is (a city's centre the geocoder gave), or null. */
  locationPrecision?: Precision | null;
  /** The initiative's impact attributes, for administrators only (the section is theirs). */
  impact?: EditorImpactValues | null;
}

/** A copy starts from everything but what belongs to the original: its indicators are new ones, its type free to change. */
function startingValues(loaded: EditorLoad): EditorValues {
  const initiative = loaded.initiative;
  if (!initiative) return { ...BLANK_INITIATIVE, donation_params: null };
  if (!loaded.copy) return initiative;
  return { ...initiative, type_locked: false, indicators: initiative.indicators.map(({ name, unit }) => ({ name, unit })) };
}

export function EditorPage({ mode, loaded, answer }: { mode: "create" | "edit"; loaded: EditorLoad; answer: EditorAnswer | undefined }) {
  const { t } = useTranslation("editor");
  const basemapUrl = useSignedIn().basemapUrl ?? undefined;
  const start = startingValues(loaded);
  // After a refused save, the form shows what was sent (a page without JavaScript has nothing else).
  const values = answer?.values ? ({ ...start, ...answer.values, type_locked: start.type_locked } as EditorValues) : start;
  const back = mode === "edit" && loaded.initiative ? `/manage/initiatives/${loaded.initiative.id}` : "/manage/initiatives";
  return (
    <section className="flex flex-col gap-4">
      <Link to={back} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
        ← {mode === "edit" ? t("back_to_initiative") : t("back_to_list")}
      </Link>
      <div>
        <h2 id="initiative-editor-heading" className="text-xl font-semibold">
          {mode === "edit" ? t("title_edit") : loaded.copy ? t("title_copy") : t("title_new")}
        </h2>
        {mode === "edit" && loaded.initiative ? <p className="text-sm text-muted-foreground">{loaded.initiative.title}</p> : null}
        {loaded.copy && loaded.initiative ? <p className="text-sm text-muted-foreground">{t("copy_intro", { title: loaded.initiative.title })}</p> : null}
      </div>
      <InitiativeEditor
        key={answer ? "answered" : "loaded"}
        mode={mode}
        options={loaded.options}
        values={values}
        zone={loaded.zone}
        errors={answer?.fields ?? {}}
        failure={answer?.error && answer.error !== "validation_error" ? answer.error : null}
        basemapUrl={basemapUrl}
        // After a refused save the pin is what was sent, with the precision sent for it.
        locationPrecision={answer ? asPrecision(answer.values?.location_precision) : (loaded.locationPrecision ?? null)}
        cancelHref={back}
        extra={loaded.impact ? <EditorImpact values={answer?.values?.impact ? (answer.values.impact as EditorImpactValues) : loaded.impact} /> : null}
      />
    </section>
  );
}
