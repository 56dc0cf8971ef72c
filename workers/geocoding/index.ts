/** Which geocoder answers: the open one at GEOCODER_URL when set, else the offline one (./geocoder.ts). */
import { getConfig } from "../lib/config";
import type { Geocoder } from "./geocoder";
import { createNominatimGeocoder } from "./nominatim";
import { offlineGeocoder } from "./offline";

export type { Geocoder, Place } from "./geocoder";
export { GeocoderUnavailable } from "./nominatim";

export function geocoder(env: Env): Geocoder {
  const config = getConfig(env);
  if (!config.GEOCODER_URL) return offlineGeocoder;
  return createNominatimGeocoder({ url: config.GEOCODER_URL, userAgent: `Commons/1.0 (+${config.PUBLIC_URL})` });
}
