/**
 * How close a place's point is to its address (issue 28), shared by the geocoder that finds places
 * (workers/geocoding), the forms that send them (the initiative editor, the proposal wizard) and the
 * rows that keep them (`location_precision` on initiatives and proposals). `exact` is the building
 * or the door, or a pin the organiser placed; the others are the centre of something larger, and the
 * screens say "approximate location" with it instead of claiming the pin is on the address.
 */
import * as v from "valibot";

export const PRECISIONS = ["exact", "street", "district", "city", "region"] as const;
export type Precision = (typeof PRECISIONS)[number];

/**
 * The precision a form or API body sends with its coordinates: one of PRECISIONS, or absent, null
 * or blank for none (a place set by hand before precisions were kept, or no place at all).
 */
export const locationPrecisionSchema = v.pipe(
  v.optional(v.nullable(v.union([v.literal(""), v.picklist(PRECISIONS)], "form_error_invalid")), null),
  v.transform((value): Precision | null => value || null),
);

/** A stored value as a precision, or null for none (or one this version does not know). */
export const asPrecision = (value: unknown): Precision | null => ((PRECISIONS as readonly unknown[]).includes(value) ? (value as Precision) : null);

/**
 * The precision a page says of a pin: the one kept with the place, or for a place kept before
 * precisions were (null) what the geocoder can tell of the point itself (`approximation`, the
 * offline geocoder's city centres); null without a pin.
 */
export function shownPrecision(
  stored: unknown,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  approximation: (latitude: number, longitude: number) => Precision | null,
): Precision | null {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return asPrecision(stored) ?? approximation(latitude, longitude);
}
