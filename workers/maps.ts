/**
 * The map services of this deployment, read here and nowhere else (issue 28; docs/maps.md):
 *
 * - `BASEMAP_URL`: the PMTiles archive maps draw. Unset: the small offline basemap we ship
 *   (`/basemap/world.pmtiles`, land and sea only). In production a street-level Protomaps build,
 *   kept in the R2 bucket bound as `BASEMAP` and named by path (`/basemap/iberia.pmtiles`, served
 *   with Range support by workers/basemap.ts), or an absolute URL of another host.
 * - `GEOCODER_URL`: the address search (workers/geocoding). Unset: the offline geocoder, which
 *   knows a few cities and places every address at its city's centre; set: a service with
 *   Nominatim's search API.
 *
 * Pages get this through the load context (`context.maps`), the CSP through securityHeaders, the
 * geocode route through `geocoder(env)`; the administrator's settings screen shows it.
 */

/** The offline basemap in public/basemap/, built by scripts/build-basemap.mjs. */
export const OFFLINE_BASEMAP_URL = "/basemap/world.pmtiles";

export interface MapServices {
  basemap: {
    url: string;
    /** offline: the shipped land-and-sea archive; own: another archive on this site (R2 `BASEMAP` or assets); external: another host. */
    source: "offline" | "own" | "external";
    /** Whether an R2 bucket is bound as `BASEMAP` (where a street-level archive on this site lives). */
    bucket: boolean;
  };
  geocoder: {
    kind: "offline" | "nominatim";
    /** The service's address (Nominatim); null for the offline geocoder. */
    url: string | null;
  };
}

/** Empty values (as .dev.vars.example leaves them) mean "not set", as in getConfig. */
const setting = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : null);

export function mapServices(env: Pick<Env, "BASEMAP_URL" | "GEOCODER_URL" | "BASEMAP">): MapServices {
  const basemapUrl = setting(env.BASEMAP_URL) ?? OFFLINE_BASEMAP_URL;
  const geocoderUrl = setting(env.GEOCODER_URL);
  return {
    basemap: {
      url: basemapUrl,
      source: basemapUrl === OFFLINE_BASEMAP_URL ? "offline" : /^https?:\/\//i.test(basemapUrl) ? "external" : "own",
      bucket: !!env.BASEMAP,
    },
    geocoder: geocoderUrl ? { kind: "nominatim", url: geocoderUrl } : { kind: "offline", url: null },
  };
}
