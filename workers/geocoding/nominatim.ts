/**
 * The open geocoder: any service with Nominatim's search API (OpenStreetMap's own, a self-hosted
 * Nominatim, or a compatible provider), at GEOCODER_URL. It asks for JSON, names us in User-Agent
 * as the usage policy of the public instance requires, and gives up after GEOCODER_TIMEOUT_MS.
 */
import type { Geocoder, GeocodeQuery, Place, Precision } from "./geocoder";

export const GEOCODER_TIMEOUT_MS = 5000;

export class GeocoderUnavailable extends Error {}

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  /** 30 a house or building, 26-27 a street, 17-25 a suburb or village, 13-16 a town or city, below a region. */
  place_rank?: unknown;
}

/**
 * How close Nominatim's point is to the address, from its search rank (nominatim.org, "Place
 * ranking"). A provider that leaves the rank out is not trusted with the door: a street.
 */
export function precisionOfRank(rank: unknown): Precision {
  const value = Number(rank);
  if (rank === undefined || rank === null || rank === "" || !Number.isFinite(value)) return "street";
  if (value >= 28) return "exact";
  if (value >= 26) return "street";
  if (value >= 17) return "district";
  if (value >= 13) return "city";
  return "region";
}

export function createNominatimGeocoder(options: { url: string; userAgent: string; fetch?: typeof fetch }): Geocoder {
  const send = options.fetch ?? fetch;
  return {
    kind: "nominatim",
    // A stored point says nothing of how it was found; asking the service on every page view would be
    // slow and against its usage policy. Screens show the pin as placed (the editor said how close it was).
    approximation: () => null,
    async search({ text, language, limit, country }: GeocodeQuery): Promise<Place[]> {
      const url = new URL("search", options.url.endsWith("/") ? options.url : `${options.url}/`);
      url.search = new URLSearchParams({ q: text, format: "jsonv2", limit: String(limit), "accept-language": language, ...(country ? { countrycodes: country.toLowerCase() } : {}) }).toString();
      let answer: Response;
      try {
        answer = await send(url, { headers: { accept: "application/json", "user-agent": options.userAgent }, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) });
      } catch (error) {
        throw new GeocoderUnavailable(`The geocoder did not answer: ${String(error)}`);
      }
      if (!answer.ok) throw new GeocoderUnavailable(`The geocoder answered ${answer.status}`);
      const body = (await answer.json().catch(() => null)) as NominatimPlace[] | null;
      if (!Array.isArray(body)) throw new GeocoderUnavailable("The geocoder answered something that is not a list");
      return body.flatMap((place) => {
        const latitude = Number(place.lat);
        const longitude = Number(place.lon);
        if (typeof place.display_name !== "string" || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
        return [{ label: place.display_name, latitude, longitude, precision: precisionOfRank(place.place_rank) }];
      });
    },
  };
}
