/**
 * The organisation settings screen's parts beyond plain fields (issue 15, point 2): the images
 * (logo, small logo, cover: upload or remove, each its own form), the default map centre (typed,
 * or picked on the lazily loaded map), and the texts reworded per locale (`appIntl`: find a text,
 * reword it, see it beside its bundled wording).
 */
import { Form } from "@remix-run/react";
import { useState } from "react";
import { MapView } from "~/components/map/map-view";
import { Button } from "~/components/ui/button";
import { uploadAccept } from "~/domain/attachments";
import { defaultMapCenter } from "~/domain/community-config";
import { COMPLETE_LOCALES, LOCALE_NAMES } from "~/domain/locales";
import type { OrganizationImage } from "~/domain/organization-settings";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import type { MapServices } from "../../../workers/maps";
import { Described, describedBy, EditorSection, fieldId, TextInput, useFieldError } from "./editor-parts";
import { Labelled, STAFF_FIELD } from "./decision-parts";

export function ImageForm({ kind, url }: { kind: OrganizationImage; url: string | null }) {
  const { t } = useTranslation("manage");
  const error = useFieldError(`image.${kind}`);
  const id = fieldId(`image-${kind}`);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <p className="text-sm font-medium">{t(`setting_image_${kind}`)}</p>
      {url ? (
        <img src={url} alt={t("setting_image_current", { name: t(`setting_image_${kind}`) })} className={kind === "cover" ? "max-h-40 w-full rounded-md object-cover" : "max-h-20 max-w-48 object-contain"} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("setting_image_none")}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
        <input type="hidden" name="kind" value={kind} />
        <label htmlFor={id} className="text-sm">
          {t("setting_image_choose")}
        </label>
        <input id={id} type="file" name="file" accept={uploadAccept("image")} required aria-describedby={describedBy(id, true, error)} className="text-sm" />
        <Described id={id} hint={t("setting_image_hint")} error={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline">
            {t("setting_image_upload")}
          </Button>
        </div>
      </Form>
      {url ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove_image" />
          <input type="hidden" name="kind" value={kind} />
          <Button type="submit" variant="ghost">
            {t("setting_image_remove")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** Six decimals: about 10 cm, more than a map's centre needs. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function CentreForm({ latitude, longitude, basemapUrl }: { latitude: number | null; longitude: number | null; basemapUrl?: string }) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  const [lat, setLat] = useState(latitude === null ? "" : String(latitude));
  const [lng, setLng] = useState(longitude === null ? "" : String(longitude));
  const pinned = lat !== "" && lng !== "" && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng));
  // No centre of the organisation's yet: the app's own default (the one maps use without it).
  const fallback = defaultMapCenter({ default_latitude: null, default_longitude: null });
  return (
    <EditorSection id="settings-centre" title={t("setting_centre")} description={t("setting_centre_hint")}>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="centre" />
        <div className="grid grid-cols-2 gap-3">
          <TextInput name="latitude" errorNames={["community.default_latitude"]} label={t("setting_centre_latitude")} inputMode="decimal" value={lat} onChange={(event) => setLat(event.currentTarget.value)} />
          <TextInput name="longitude" errorNames={["community.default_longitude"]} label={t("setting_centre_longitude")} inputMode="decimal" value={lng} onChange={(event) => setLng(event.currentTarget.value)} />
        </div>
        {hydrated ? (
          <MapView
            latitude={pinned ? Number(lat) : fallback.latitude}
            longitude={pinned ? Number(lng) : fallback.longitude}
            zoom={pinned ? 11 : 4}
            label={t("setting_centre_map")}
            url={basemapUrl}
            height={240}
            onPick={(latitude, longitude) => {
              setLat(String(round(latitude)));
              setLng(String(round(longitude)));
            }}
          />
        ) : null}
        <div>
          <Button type="submit">{t("settings_save")}</Button>
        </div>
      </Form>
    </EditorSection>
  );
}

/** The deployment's basemap and geocoder (BASEMAP_URL, GEOCODER_URL: workers/maps.ts), for the administrator to see, not to change. */
export function MapServicesInfo({ maps }: { maps: MapServices }) {
  const { t } = useTranslation("manage");
  return (
    <EditorSection id="settings-maps" title={t("settings_maps")} description={t("settings_maps_hint")}>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t("settings_maps_basemap")}</dt>
        <dd data-basemap={maps.basemap.source} className="break-all">
          {t(`settings_maps_basemap_${maps.basemap.source}`, { url: maps.basemap.url })}
        </dd>
        <dt className="font-medium">{t("settings_maps_geocoder")}</dt>
        <dd data-geocoder={maps.geocoder.kind} className="break-all">
          {t(`settings_maps_geocoder_${maps.geocoder.kind}`, { url: maps.geocoder.url ?? "" })}
        </dd>
      </dl>
    </EditorSection>
  );
}

export interface TextsView {
  locale: string;
  query: string;
  overrides: { key: string; text: string; original: string | null }[];
  found: { key: string; text: string }[];
}

/** One text's form: its key, the bundled wording as the preview's "before", and the new wording. */
function TextForm({ locale, entry, current }: { locale: string; entry: { key: string; original: string | null }; current: string | null }) {
  const { t } = useTranslation("manage");
  const id = fieldId(`text-${entry.key}`);
  const error = useFieldError(`community.appIntl.${locale}.${entry.key}`);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p className="font-mono text-xs text-muted-foreground">{entry.key}</p>
      <p className="text-sm">
        <span className="font-medium">{t("texts_original")}</span> {entry.original ?? t("texts_original_none")}
      </p>
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="key" value={entry.key} />
        <label htmlFor={id} className="text-sm font-medium">
          {t("texts_new")}
        </label>
        <textarea id={id} name="text" rows={2} maxLength={2000} defaultValue={current ?? entry.original ?? ""} className={`${STAFF_FIELD} h-auto py-2`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, false, error)} />
        <Described id={id} error={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="text_set" variant="outline">
            {t("texts_save")}
          </Button>
          {current !== null ? (
            <Button type="submit" name="intent" value="text_remove" variant="ghost">
              {t("texts_restore")}
            </Button>
          ) : null}
        </div>
      </Form>
    </li>
  );
}

export function TextsTab({ texts }: { texts: TextsView }) {
  const { t } = useTranslation("manage");
  const reworded = new Map(texts.overrides.map((entry) => [entry.key, entry.text]));
  return (
    <div className="flex flex-col gap-4">
      <EditorSection id="settings-texts" title={t("texts_title")} description={t("texts_intro")}>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value="texts" />
          <Labelled id="texts-locale" label={t("texts_locale")}>
            <select id="texts-locale" name="locale" defaultValue={texts.locale} className={STAFF_FIELD}>
              {COMPLETE_LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="texts-q" label={t("texts_search")}>
            <input id="texts-q" name="q" type="search" defaultValue={texts.query} minLength={2} maxLength={100} className={STAFF_FIELD} />
          </Labelled>
          <Button type="submit" variant="outline">
            {t("texts_find")}
          </Button>
        </Form>
        {texts.query.length >= 2 ? (
          texts.found.length ? (
            <ul aria-label={t("texts_found")} className="flex flex-col gap-3">
              {texts.found.map((entry) => (
                <TextForm key={entry.key} locale={texts.locale} entry={{ key: entry.key, original: entry.text }} current={reworded.get(entry.key) ?? null} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("texts_none_found")}</p>
          )
        ) : null}
      </EditorSection>
      <EditorSection id="settings-reworded" title={t("texts_reworded", { locale: LOCALE_NAMES[texts.locale as keyof typeof LOCALE_NAMES] ?? texts.locale })}>
        {texts.overrides.length ? (
          <ul className="flex flex-col gap-3">
            {texts.overrides.map((entry) => (
              <TextForm key={entry.key} locale={texts.locale} entry={entry} current={entry.text} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("texts_reworded_none")}</p>
        )}
      </EditorSection>
    </div>
  );
}
