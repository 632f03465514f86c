/** Great-circle (haversine) distance in miles (docs/product.md#data-rules). */
export function distanceMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 3958.7613 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Miles in a degree of latitude (about the same everywhere). */
export const MILES_PER_LAT_DEGREE = 69.0;
/** Miles in a degree of longitude at a latitude: ~69.172 at the equator, times the cosine of the latitude. */
export const milesPerLngDegree = (latitude: number) => 69.172 * Math.cos((latitude * Math.PI) / 180);

/**
 * The latitude/longitude box around a point that holds every point within `miles` (a degree of latitude is
 * ~69 miles; a degree of longitude ~69.172 miles times the cosine of the latitude): what an R*Tree query reads
 * before the exact distance filters it.
 */
export function boxAround(latitude: number, longitude: number, miles: number) {
  const dLat = miles / MILES_PER_LAT_DEGREE;
  const dLng = miles / milesPerLngDegree(latitude);
  return { minLat: latitude - dLat, maxLat: latitude + dLat, minLng: longitude - dLng, maxLng: longitude + dLng };
}
