import { LazyMap } from "~/components/map/lazy-map";
import { useTranslation } from "~/i18n/react";
import type { Precision } from "~/lib/browser/geocode";
import { useSignedIn } from "~/lib/signed-in";

/**
 * Where an in-person initiative happens (zoom 13, SPEC.md section 9): a light card with the pin, the
 * address and a maps-app link first; the interactive map when the member asks, or by itself on a
 * wide screen once in view and idle (LazyMap), so the map never weighs on a phone's first visit.
 */
export function InitiativeMap({ latitude, longitude, address, precision = null }: { latitude: number; longitude: number; address: string; precision?: Precision | null }) {
  const { t } = useTranslation("initiative");
  // BASEMAP_URL (workers/maps.ts, docs/maps.md).
  const basemapUrl = useSignedIn().basemapUrl ?? undefined;
  return (
    <section aria-labelledby="map-title" className="flex flex-col gap-2">
      <h2 id="map-title" className="text-base font-semibold">
        {t("map_title")}
      </h2>
      <LazyMap latitude={latitude} longitude={longitude} zoom={13} label={t("map_label", { address })} address={address} url={basemapUrl} precision={precision} autoLoadWide className="rounded-lg" />
    </section>
  );
}
