/** Which geocoder answers: the open one at GEOCODER_URL when set, else the offline one (./geocoder.ts; the setting is read in ../maps.ts). */
import { getConfig } from "../lib/config";
import { mapServices } from "../maps";
import type { Geocoder } from "./geocoder";
import { createNominatimGeocoder } from "./nominatim";
import { offlineGeocoder } from "./offline";

export type { Geocoder, Place, Precision } from "./geocoder";
export { GeocoderUnavailable } from "./nominatim";

export function geocoder(env: Env): Geocoder {
  const { url } = mapServices(env).geocoder;
  if (!url) return offlineGeocoder;
  return createNominatimGeocoder({ url, userAgent: `Commons/1.0 (+${getConfig(env).PUBLIC_URL})` });
}
