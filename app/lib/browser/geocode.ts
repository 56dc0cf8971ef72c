/** The address search of the page's scripts: GET /geocode (app/routes/geocode.tsx), in the browser. */
import type { Precision } from "~/domain/location-precision";

export type { Precision };

export interface Place {
  label: string;
  latitude: number;
  longitude: number;
  /** How close the point is to the address (workers/geocoding): anything but exact is said as approximate. */
  precision: Precision;
}

/** The kind of approximation a screen says ("approximate location: city centre"), or null for an exact place or none. */
export function approximationOf(precision: Precision | null | undefined): Exclude<Precision, "exact"> | null {
  return precision && precision !== "exact" ? precision : null;
}

/** The places found for `text`, or null when the search could not be made (offline, the geocoder down, signed out). */
export async function searchPlaces(text: string, language: string): Promise<Place[] | null> {
  try {
    const answer = await fetch(`/geocode?${new URLSearchParams({ q: text, language })}`, { headers: { accept: "application/json" } });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { places?: Place[] };
    return Array.isArray(body.places) ? body.places : null;
  } catch {
    return null;
  }
}
