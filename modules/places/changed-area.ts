/**
 * Which cached answers a change of some states' places can touch: a city's lists, searches and page hold the
 * places within a radius of its centre, so a city of a changed state, or one near enough to a changed state
 * to reach into it, is affected; every other city's caches stay warm (a state's import drops its own caches,
 * not the country's).
 */
import { stateBox } from "../../db/import/places/state-of-point";

/** A point a cache entry is built around (a city's centre) and the state it belongs to. */
export interface Placed {
  stateCode: string;
  latitude: number;
  longitude: number;
}

/** Whether a cache entry built around a point is affected by a change of places. */
export type Affected = (at: Placed) => boolean;

const MILES_PER_DEGREE = 69;
/** Miles added around a state's outline box: records placed just past its edge (a coastline, a border river). */
const EDGE_MILES = 10;

/**
 * The points a change of `stateCodes` affects, for entries whose answers reach `radiusMiles` from their point:
 * the states' own, and any within the radius (plus a margin) of a state's outline box. A state with no
 * outline affects every point.
 */
export function affectedBy(stateCodes: readonly string[], radiusMiles: number): Affected {
  const states = new Set(stateCodes);
  const boxes: Array<[number, number, number, number]> = [];
  for (const code of states) {
    const box = stateBox(code);
    if (!box) return () => true;
    const miles = radiusMiles + EDGE_MILES;
    const dLat = miles / MILES_PER_DEGREE;
    const widest = Math.min(89, Math.max(Math.abs(box[1]), Math.abs(box[3])) + dLat);
    const dLng = miles / (MILES_PER_DEGREE * Math.cos((widest * Math.PI) / 180));
    boxes.push([box[0] - dLng, box[1] - dLat, box[2] + dLng, box[3] + dLat]);
  }
  return (at) =>
    states.has(at.stateCode) ||
    boxes.some(
      ([west, south, east, north]) =>
        at.longitude >= west && at.longitude <= east && at.latitude >= south && at.latitude <= north,
    );
}
