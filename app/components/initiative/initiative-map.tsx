import { MapView } from "~/components/map/map-view";
import { useTranslation } from "~/i18n/react";

/** Where an in-person initiative happens, on the offline basemap (zoom 13, SPEC.md section 9). */
export function InitiativeMap({ latitude, longitude, address }: { latitude: number; longitude: number; address: string }) {
  const { t } = useTranslation("initiative");
  return (
    <section aria-labelledby="map-title" className="flex flex-col gap-2">
      <h2 id="map-title" className="text-base font-semibold">
        {t("map_title")}
      </h2>
      <MapView latitude={latitude} longitude={longitude} zoom={13} label={t("map_label", { address })} address={address} className="rounded-lg" />
    </section>
  );
}
