import { distanceMiles } from "../../../src/geo";

/** A city a story may call "the nearest city of at least N people": only towns of this size count at all. */
export const NEAREST_FLOOR = 10_000;
export const NEAREST_MAX_MILES = 300;

/** The rule's N for a city: more people than the city itself, and never fewer than NEAREST_FLOOR. */
export const nearestThreshold = (population: number) => Math.max(NEAREST_FLOOR, population + 1);

export interface CityPoint {
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface NearestCity {
  name: string;
  stateCode: string;
  population: number;
  miles: number;
  bearing: number;
  /** The rule's N: the claim is "the nearest city of at least `atLeast` people". */
  atLeast: number;
}

/** A latitude/longitude box that holds every point within NEAREST_MAX_MILES of a city (the store's first cut). */
export function nearestBox(city: { latitude: number; longitude: number }) {
  const lat = NEAREST_MAX_MILES / 68 + 0.1;
  const lng = Math.min(180, lat / Math.max(0.05, Math.cos((Math.min(89, Math.abs(city.latitude)) * Math.PI) / 180)));
  return {
    south: city.latitude - lat,
    north: city.latitude + lat,
    west: city.longitude - lng,
    east: city.longitude + lng,
  };
}

/** Initial compass bearing from one point to another, degrees 0–359. */
export function bearing(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lng2 - lng1) * rad) * Math.cos(lat2 * rad);
  const x =
    Math.cos(lat1 * rad) * Math.sin(lat2 * rad) -
    Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lng2 - lng1) * rad);
  return Math.round((Math.atan2(y, x) / rad + 360) % 360);
}

/**
 * The nearest city with at least `nearestThreshold(origin.population)` people among `candidates` (any may be
 * passed; those below the threshold are ignored), or null when none lies within NEAREST_MAX_MILES.
 */
export function nearestOfAtLeast(origin: CityPoint, candidates: CityPoint[]): NearestCity | null {
  const atLeast = nearestThreshold(origin.population);
  let best: { c: CityPoint; d: number } | null = null;
  for (const c of candidates) {
    if (c.population < atLeast) continue;
    const d = distanceMiles(origin.latitude, origin.longitude, c.latitude, c.longitude);
    if (!best || d < best.d) best = { c, d };
  }
  if (!best || best.d > NEAREST_MAX_MILES) return null;
  const { c, d } = best;
  return {
    name: c.name,
    stateCode: c.stateCode,
    population: c.population,
    miles: Math.round(d),
    bearing: bearing(origin.latitude, origin.longitude, c.latitude, c.longitude),
    atLeast,
  };
}
