/**
 * Address search (issue 11, point 2): the one interface the editor's map (and the proposal wizard
 * after it) asks for places. Two adapters: an open geocoder speaking Nominatim's search API
 * (GEOCODER_URL, ./nominatim.ts) and an offline one that knows the demo cities (./offline.ts), used
 * when no geocoder is configured (development, tests, an installation without one).
 */
export interface Place {
  /** The address as the geocoder words it. */
  label: string;
  latitude: number;
  longitude: number;
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
  search(query: GeocodeQuery): Promise<Place[]>;
}
