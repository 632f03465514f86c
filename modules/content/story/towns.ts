import { distanceMiles } from "../../../src/geo";
import type { CityPoint } from "./nearest";

/** The town a place lies in when it is not the story's city: its name and the place's miles from the city centre. */
export interface Town {
  name: string;
  stateCode: string;
  miles: number;
}

/** A town of the cities data as the town rule reads it: its point, and its ZIP codes ("" when the data gives none). */
export interface TownPoint extends CityPoint {
  zips: string;
}

/** The columns of the cities table the town rule reads, as one SELECT list. */
export const TOWN_COLUMNS = "name, state_code, county_fips, latitude, longitude, population, zips";

/** A row of the cities table (TOWN_COLUMNS) as the town rule reads it, with its county code ("" when none). */
export const townFromRow = (r: Record<string, unknown>): TownPoint & { countyFips: string } => ({
  name: String(r.name),
  stateCode: String(r.state_code),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  population: Number(r.population),
  zips: String(r.zips ?? ""),
  countyFips: String(r.county_fips ?? ""),
});

/** The story's city as the town rule reads it: its point, people per km² (0 when unknown) and ZIP codes. */
export interface HomeCity {
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
  population: number;
  density: number;
  zips: string;
}

const KM_PER_MILE = 1.609344;
/** The city's ZIP codes as a set; the last city's is kept (it is compared with every town around it). */
let lastZips: { text: string; set: Set<string> } | undefined;
function zipSet(zips: string): Set<string> {
  if (lastZips?.text !== zips) lastZips = { text: zips, set: new Set(zips.split(/\s+/).filter(Boolean)) };
  return lastZips.set;
}

/** The radius, in miles, of a circle of the city's area (people ÷ density); 0 when the data gives no density. */
export const areaRadiusMiles = (city: { population: number; density: number }) =>
  city.density > 0 ? Math.sqrt(city.population / city.density / Math.PI) / KM_PER_MILE : 0;

/**
 * A town of the data that is part of the city rather than a town of its own:
 * - the city itself;
 * - a part the data lists on its own whose ZIP codes all belong to the city (New York's boroughs);
 * - a point the data names without ZIP codes of its own (a GeoNames neighbourhood such as Elmhurst or Astoria)
 *   that lies within the circle of the city's area.
 */
export function partOfCity(city: HomeCity, town: TownPoint): boolean {
  if (town.stateCode !== city.stateCode) return false;
  if (town.name === city.name) return true;
  const own = town.zips.split(/\s+/).filter(Boolean);
  if (own.length) {
    const theirs = zipSet(city.zips);
    return own.every((z) => theirs.has(z));
  }
  return distanceMiles(town.latitude, town.longitude, city.latitude, city.longitude) <= areaRadiusMiles(city);
}

/**
 * The radius around the city's centre inside which every point is the city's by the town rule below: half the
 * distance to the nearest centre of a town that is not the city or a part of it (a point that near the city's
 * centre cannot be nearer another). Infinity when no other town is given; 0 when a town of another state is among
 * them, since the rule then reads only the towns of the state holding the point, and the line may run through the
 * city (Texarkana, TX and AR).
 */
export function coreMiles(city: HomeCity, towns: TownPoint[]): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (const t of towns) {
    if (t.stateCode !== city.stateCode) return 0;
    if (!partOfCity(city, t))
      nearest = Math.min(nearest, distanceMiles(t.latitude, t.longitude, city.latitude, city.longitude));
  }
  return nearest / 2;
}

/**
 * The town whose centre is nearest a point, among `towns` (the cities data around); null when that is the
 * story's own city or a part of it (above), which is how "inside the city" is told without city boundaries.
 */
export function townOf(
  city: HomeCity,
  point: { latitude: number; longitude: number },
  towns: TownPoint[],
): Omit<Town, "miles"> | null {
  let best: { t: TownPoint; d: number } | null = null;
  for (const t of towns) {
    const d = distanceMiles(point.latitude, point.longitude, t.latitude, t.longitude);
    if (!best || d < best.d) best = { t, d };
  }
  if (!best || partOfCity(city, best.t)) return null;
  return { name: best.t.name, stateCode: best.t.stateCode };
}

/** "in Headland, AL, 8.2 mi away": how an entry from another town is labelled. */
export const townLabel = (town: Town, cityStateCode: string) =>
  `${town.name}${town.stateCode === cityStateCode ? "" : `, ${town.stateCode}`} (${town.miles.toFixed(1)} mi away)`;
