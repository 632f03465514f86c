import { distanceMiles } from "../../../src/geo";
import type { CityPoint } from "./nearest";

/** The town a place lies in when it is not the story's city: its name and the place's miles from the city centre. */
export interface Town {
  name: string;
  stateCode: string;
  miles: number;
}

/**
 * The town whose centre is nearest a point, among `towns` (the cities data around); null when that is the
 * story's own city, which is how "inside the city" is told without city boundaries.
 */
export function townOf(
  city: { name: string; stateCode: string },
  point: { latitude: number; longitude: number },
  towns: CityPoint[],
): Omit<Town, "miles"> | null {
  let best: { t: CityPoint; d: number } | null = null;
  for (const t of towns) {
    const d = distanceMiles(point.latitude, point.longitude, t.latitude, t.longitude);
    if (!best || d < best.d) best = { t, d };
  }
  if (!best) return null;
  const { t } = best;
  if (t.name === city.name && t.stateCode === city.stateCode) return null;
  return { name: t.name, stateCode: t.stateCode };
}

/** "in Headland, AL, 8.2 mi away": how an entry from another town is labelled. */
export const townLabel = (town: Town, cityStateCode: string) =>
  `${town.name}${town.stateCode === cityStateCode ? "" : `, ${town.stateCode}`} (${town.miles.toFixed(1)} mi away)`;
