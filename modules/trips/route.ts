import { distanceMiles } from "../places";
import { WALKING_MPH } from "./model";

export interface Point {
  latitude: number;
  longitude: number;
}

const miles = (a: Point, b: Point) => distanceMiles(a.latitude, a.longitude, b.latitude, b.longitude);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Straight-line miles of each leg (null before the first point) and their total, one decimal. */
export function legs(points: ReadonlyArray<Point | null>): { legMiles: Array<number | null>; totalMiles: number } {
  let total = 0;
  let previous: Point | null = null;
  const legMiles = points.map((p) => {
    if (!p) return null;
    const leg = previous ? miles(previous, p) : null;
    previous = p;
    if (leg !== null) total += leg;
    return leg === null ? null : round1(leg);
  });
  return { legMiles, totalMiles: round1(total) };
}

/** Minutes to walk `totalMiles` at WALKING_MPH, rounded to 5: an estimate (straight lines, no streets). */
export const walkingMinutes = (totalMiles: number) => Math.round(((totalMiles / WALKING_MPH) * 60) / 5) * 5;

const pathMiles = (order: ReadonlyArray<Point>) => order.slice(1).reduce((sum, p, i) => sum + miles(order[i]!, p), 0);

/**
 * An order that keeps walking short: nearest neighbour from each starting point in turn, the shortest of those
 * paths kept (a handful of stops, so every start is tried).
 */
export function nearestNeighbourOrder<T extends Point>(points: ReadonlyArray<T>): T[] {
  let best: T[] = [...points];
  let bestMiles = pathMiles(best);
  for (const start of points) {
    const left = points.filter((p) => p !== start);
    const order = [start];
    while (left.length) {
      const last = order.at(-1)!;
      let nearest = 0;
      for (let i = 1; i < left.length; i++) if (miles(last, left[i]!) < miles(last, left[nearest]!)) nearest = i;
      order.push(left.splice(nearest, 1)[0]!);
    }
    const total = pathMiles(order);
    if (total < bestMiles - 1e-9) {
      best = order;
      bestMiles = total;
    }
  }
  return best;
}

export { miles };
