/**
 * Address search (issue 11, point 2): the one interface the editor's map (and the proposal wizard
 * after it) asks for places. Two adapters: an open geocoder speaking Nominatim's search API
 * (GEOCODER_URL, ./nominatim.ts) and an offline one that knows the demo cities (./offline.ts), used
 * when no geocoder is configured (development, tests, an installation without one). Which one
 * answers is read in one place: workers/maps.ts.
 */

/**
 * How close a place's point is to the address (issue 28): one list in app/domain, shared with the
 * forms that send a chosen place's precision and the rows that keep it.
 */
import { PRECISIONS, type Precision } from "../../app/domain/location-precision";

export { PRECISIONS, type Precision };

export interface Place {
  /** The address as the geocoder words it. */
  label: string;
  latitude: number;
  longitude: number;
  precision: Precision;
}

export interface GeocodeQuery {
  text: string;
  /** The member's language, for the labels. */
  language: string;
  limit: number;
  /** Two-letter country of the organisation's region: places there first. */
  country?: string;
}

export interface Geocoder {
  /** Which adapter this is, for the administrator's settings screen. */
  readonly kind: "offline" | "nominatim";
  search(query: GeocodeQuery): Promise<Place[]>;
  /**
   * What this geocoder knows of a stored point without asking anyone: the precision of a point it
   * gives for a whole area (the offline geocoder's city centres), or null when it cannot tell, so a
   * page shows the pin as placed.
   */
  approximation(latitude: number, longitude: number): Precision | null;
}
