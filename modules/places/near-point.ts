/**
 * The places of some lists nearest a point of a city's area, for what a traveller asks near a place they name
 * ("coffee near the Neon Museum", "a hotel near Times Square"): what the lists leave out is left out here too (junk,
 * places no longer there, a campground or an office as lodging), one place once, in the lists' order from the point.
 * Distances are from the city's centre, as every list gives them.
 */
import type { Client, Row } from "@libsql/client";
import { LIST } from "../../src/domain/lists";
import { distanceMiles } from "../../src/geo";
import type { IndexedCity } from "../cities";
import { type Place, toPlace } from "./answers";
import { orderList } from "./ranking";
import { foldDuplicates, junkInList } from "./showcase";
import { placesWithin, withArticles } from "./store";

export type Point = { latitude: number; longitude: number };

/** How far from the point a place may be: a walk, where a downtown list may lie miles off. */
export const NEAR_POINT_MILES = 1.5;
const RADII = [0.5, 1, NEAR_POINT_MILES];
const WALK_SCALE = 4;

export async function nearPoint(
  client: Client,
  city: IndexedCity,
  point: Point,
  categories: number[] | null,
  limit: number,
): Promise<Place[]> {
  const dist = (r: Row) => distanceMiles(point.latitude, point.longitude, Number(r.latitude), Number(r.longitude));
  // The smallest radius that holds enough (a 1.5 mi circle in Midtown Manhattan holds ~3,000 places).
  let rows: Row[] = [];
  for (const radius of RADII) {
    rows = (await placesWithin(client, point, radius, { categories })).filter(
      (r) => dist(r) <= radius && !junkInList(r, Number(r.category_id) === LIST.lodging ? "lodging" : "list"),
    );
    if (rows.length >= limit) break;
  }
  // In the lists' order from the point (distance bands, recent before stale, local before chains), with bands a
  // quarter as wide as a city's lists have (a quarter mile, not a mile: a walk from the place, not a drive).
  const lodging = categories?.length === 1 && categories[0] === LIST.lodging;
  const nearest = foldDuplicates(orderList(rows, (r) => dist(r) * WALK_SCALE, lodging)).slice(0, limit);
  const found = await withArticles(
    client,
    nearest.map(({ r }) => r),
  );
  return found.map((r) => toPlace(r, city, city.timezone));
}
