/**
 * The indicators participants report besides hours (kilograms collected, trees planted...), each
 * with its unit. Rows are added and removed in place; one that already has reports stays (the API
 * refuses dropping it too). Without JavaScript one blank row waits below the existing ones.
 */
import { useState } from "react";
import { INDICATOR_UNITS } from "~/domain/initiatives";
import { MAX_INDICATORS } from "~/domain/initiatives/editor";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import { EditorSection, SelectInput, TextInput, useFieldError } from "./editor-parts";

export interface IndicatorValue {
  id?: string;
  name: string;
  unit: string;
  has_reports?: boolean;
}

let nextKey = 0;
const keyed = (indicator: IndicatorValue) => ({ ...indicator, key: `indicator-${nextKey++}` });

export function EditorIndicators({ initial }: { initial: IndicatorValue[] }) {
  const { t } = useTranslation("editor");
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => initial.map(keyed));
  const error = useFieldError("indicators");
  const blank = { name: "", unit: "number" };
  // Without JavaScript nothing can add a row: offer an empty one.
  const shown = hydrated ? rows : [...rows, ...(rows.length < MAX_INDICATORS ? [{ ...blank, key: "indicator-blank" }] : [])];
  const units = INDICATOR_UNITS.map((unit) => ({ value: unit, label: t(`unit_${unit}`) }));
  return (
    <EditorSection id="editor-indicators" title={t("section_indicators")} description={t("section_indicators_intro")}>
      {shown.length ? (
        <ol className="flex flex-col gap-3">
          {shown.map((row, index) => (
            <li key={row.key} className="grid grid-cols-1 gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
              {row.id ? <input type="hidden" name={`indicators.${index}.id`} value={row.id} /> : null}
              <TextInput name={`indicators.${index}.name`} label={t("indicator_name", { number: index + 1 })} defaultValue={row.name} maxLength={100} />
              <SelectInput name={`indicators.${index}.unit`} label={t("indicator_unit", { number: index + 1 })} options={units} defaultValue={row.unit} />
              {hydrated ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={row.has_reports}
                  aria-label={t("indicator_remove", { name: row.name || index + 1 })}
                  onClick={() => setRows((before) => before.filter((other) => other.key !== row.key))}
                >
                  {t("indicator_remove_short")}
                </Button>
              ) : null}
              {row.has_reports ? <p className="text-xs text-muted-foreground sm:col-span-3">{t("indicator_has_reports")}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t("indicators_none")}</p>
      )}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {hydrated && rows.length < MAX_INDICATORS ? (
        <div>
          <Button type="button" variant="outline" onClick={() => setRows((before) => [...before, keyed(blank)])}>
            {t("indicator_add")}
          </Button>
        </div>
      ) : null}
    </EditorSection>
  );
}
