/**
 * The initiative editor's impact section (issue 30, section 1), for administrators: the
 * initiative's motivation class (B4SI "why": charitable gift, community investment, commercial
 * initiative) and its country (ISO 3166 code; empty for a remote one or one in several places,
 * whose hours count in each member's country). Saved after the initiative itself
 * (PUT /api/{org}/admin/impact/initiatives/{slug}).
 */
import { IMPACT_MOTIVATIONS } from "~/domain/impact";
import { useTranslation } from "~/i18n/react";
import { EditorSection, SelectInput, TextInput } from "./editor-parts";

export interface EditorImpactValues {
  motivation: string;
  country: string | null;
}

export function EditorImpact({ values }: { values: EditorImpactValues }) {
  const { t } = useTranslation("impact");
  return (
    <EditorSection id="editor-impact" title={t("editor_section")} description={t("editor_intro")}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectInput name="impact_motivation" label={t("group_motivation")} defaultValue={values.motivation} options={IMPACT_MOTIVATIONS.map((value) => ({ value, label: t(`motivation_${value}`) }))} />
        <TextInput name="impact_country" label={t("group_country")} hint={t("editor_country_hint")} defaultValue={values.country ?? ""} maxLength={2} autoComplete="off" />
      </div>
    </EditorSection>
  );
}
