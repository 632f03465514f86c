/**
 * Get Directions (docs/decisions/026-traveller-polish.md), apart from ./places so that the home page's first load does not carry it: only
 * the place dialog, the place page, the map and the lodging list use it.
 */
import { mapsSearchUrl, type Place } from "./places";

/**
 * A place's whole postal address, "2 Wyckoff Avenue, Brooklyn, NY 11237": the street alone can land in another
 * city. Parts the street already carries (a source that writes the city into it) are not repeated. Null without
 * a street address.
 */
export function fullAddress(
  place: Pick<Place, "address" | "city" | "stateCode"> & { zip?: string | null },
): string | null {
  const street = (place.address ?? "").trim();
  if (!street) return null;
  const lower = street.toLowerCase();
  const city = (place.city ?? "").trim();
  const zip = (place.zip ?? "").trim();
  const parts = [street];
  if (city && !lower.includes(city.toLowerCase())) parts.push(city);
  const tail = [
    place.stateCode && !new RegExp(`\\b${place.stateCode}\\b`).test(street) ? place.stateCode : "",
    zip && !street.includes(zip) ? zip : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (tail) parts.push(tail);
  return parts.join(", ");
}

/**
 * Get Directions everywhere (dialog, place page, map popup, lodging address): a maps search for the whole
 * address, or, when the place has no street address, maps directions to its coordinates.
 */
export function directionsUrl(
  place: Pick<Place, "address" | "city" | "stateCode" | "latitude" | "longitude"> & { zip?: string | null },
): string {
  const address = fullAddress(place);
  return address
    ? mapsSearchUrl(address)
    : `https://www.google.com/maps/dir/?api=1&destination=${place.latitude},${place.longitude}`;
}
