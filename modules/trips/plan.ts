import { miles, nearestNeighbourOrder, type Point } from "./route";
import { WALKING_MPH } from "./model";

/** What "Plan my day" reads of a place. */
export interface Candidate extends Point {
  id: number;
  categoryId: number;
  stale: boolean;
  /** Not a chain (places' `local`); a chain is chosen for the meal only when it saves CHAIN_DETOUR_MILES of walking. */
  local?: boolean;
}

/** A local food place is preferred to a chain unless the chain is at least this much closer to the route. */
export const CHAIN_DETOUR_MILES = 0.5;

export interface PlannedStop {
  placeId: number;
  /** HH:MM, a suggestion the traveller edits. */
  time: string;
}

/** A day of this many sights (fewer only when the city has fewer). */
export const SIGHTS = { min: 4, max: 6, target: 5 } as const;
/** Sights within this many miles of the day's first pick, widened step by step until enough are found. */
export const CLUSTER_RADII = [0.75, 1.5, 3, 6];
/** Only the best sights seed a day: the top of the featured list. */
const SEEDS = 8;
/** Minutes at a sight and at the meal; the day starts at 9:00 and the meal goes nearest 12:30. */
export const VISIT_MINUTES = { sight: 75, meal: 60 } as const;
const START_MINUTES = 9 * 60;
const MIDDAY_MINUTES = 12 * 60 + 30;
/** Food, lodging and stores are not sights (the list numbering of src/domain/categories.ts). */
const FOOD = 10;
const NOT_SIGHTS = new Set([FOOD, 11, 12]);

/** The best sights close together: the first seed (by rank) with `min` ranked sights around it, widening the radius. */
export function pickSights<T extends Candidate>(featured: ReadonlyArray<T>): T[] {
  const sights = featured.filter((p) => !NOT_SIGHTS.has(p.categoryId) && !p.stale);
  let best: T[] = [];
  for (const radius of CLUSTER_RADII) {
    for (const seed of sights.slice(0, SEEDS)) {
      const cluster = [seed, ...sights.filter((p) => p !== seed && miles(seed, p) <= radius)].slice(0, SIGHTS.target);
      if (cluster.length >= SIGHTS.min) return cluster;
      if (cluster.length > best.length) best = cluster;
    }
  }
  return best;
}

const walk = (a: Point, b: Point) => (miles(a, b) / WALKING_MPH) * 60;
const hhmm = (minutes: number) => {
  const rounded = Math.round(minutes / 5) * 5;
  return `${String(Math.floor(rounded / 60) % 24).padStart(2, "0")}:${String(rounded % 60).padStart(2, "0")}`;
};

/** Arrival minutes at each stop of `order` (visits and straight-line walks in between). */
function arrivals(order: ReadonlyArray<Point & { meal?: boolean }>): number[] {
  let at = START_MINUTES;
  return order.map((p, i) => {
    if (i > 0) at += walk(order[i - 1]!, p);
    const arrival = at;
    at += p.meal ? VISIT_MINUTES.meal : VISIT_MINUTES.sight;
    return arrival;
  });
}

/**
 * A proposed day: the sights in a short walking order, and a food place near midday where it adds the
 * least walking. Every stop is a place of the lists given; nothing else.
 */
export function planDay<S extends Candidate, F extends Candidate>(
  featured: ReadonlyArray<S>,
  food: ReadonlyArray<F>,
): PlannedStop[] {
  const sights = nearestNeighbourOrder(pickSights(featured));
  if (!sights.length) return [];
  const meals = food.filter((p) => p.categoryId === FOOD && !p.stale);
  let order: Array<Candidate & { meal?: boolean }> = sights;
  if (meals.length && sights.length > 1) {
    // The slot whose arrival is nearest midday, then the food place that adds the least walking there.
    const sightArrivals = arrivals(sights);
    let slot = 1;
    for (let i = 1; i < sights.length; i++) {
      const mealAt = sightArrivals[i - 1]! + VISIT_MINUTES.sight;
      const bestAt = sightArrivals[slot - 1]! + VISIT_MINUTES.sight;
      if (Math.abs(mealAt - MIDDAY_MINUTES) < Math.abs(bestAt - MIDDAY_MINUTES)) slot = i;
    }
    const before = sights[slot - 1]!;
    const after = sights[slot]!;
    const detour = (f: Candidate) =>
      miles(before, f) + miles(f, after) - miles(before, after) + (f.local === false ? CHAIN_DETOUR_MILES : 0);
    const meal = meals.reduce((a, b) => (detour(b) < detour(a) ? b : a));
    order = [...sights.slice(0, slot), { ...meal, meal: true }, ...sights.slice(slot)];
  }
  const times = arrivals(order);
  return order.map((p, i) => ({ placeId: p.id, time: hhmm(times[i]!) }));
}
