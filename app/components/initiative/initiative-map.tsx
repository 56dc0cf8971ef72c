import { MapView } from "~/components/map/map-view";
import { useTranslation } from "~/i18n/react";
import { useSignedIn } from "~/lib/signed-in";

/** Where an in-person initiative happens, on the offline basemap (zoom 13, SPEC.md section 9). */
export function InitiativeMap({ latitude, longitude, address }: { latitude: number; longitude: number; address: string }) {
  const { t } = useTranslation("initiative");
  // BASEMAP_URL (docs/maps.md), else MapView's offline basemap.
  const basemapUrl = useSignedIn().basemapUrl ?? undefined;
  return (
    <section aria-labelledby="map-title" className="flex flex-col gap-2">
      <h2 id="map-title" className="text-base font-semibold">
        {t("map_title")}
      </h2>
      <MapView latitude={latitude} longitude={longitude} zoom={13} label={t("map_label", { address })} address={address} url={basemapUrl} className="rounded-lg" />
    </section>
  );
}
