/**
 * One job: gathering everything true we know about a city (the cities dataset, its texts and the places store)
 * into the grounded context both providers write from.
 */
import { LIST } from "../../src/domain/lists";
import type { Client } from "@libsql/client";
import type { IndexedCity } from "../cities";
import type { PlaceBrief, PlacesService } from "../places";
import { type CityContext, cityKey } from "./provider";
import type { AssociatedPerson, CityStoryTexts } from "./stories";
import { NEAREST_MAX_MILES, nearestBox, nearestOfAtLeast, nearestThreshold } from "./story/nearest";
import { coreMiles, TOWN_COLUMNS, townFromRow, townOf, type Town } from "./story/towns";
import { countyOfPoint } from "../../db/import/county-of-point";
import { worthTelling } from "./story/truth";

const CONTEXT_RADIUS = 10;
/**
 * A small town with fewer than THIN_HISTORY historic places worth telling within CONTEXT_RADIUS, in a sparse
 * area (fewer than THIN_PLACES places there), is told from WIDE_RADIUS: the historic sites and parks of the towns
 * around, each history entry labelled with its town and distance, rather than nothing.
 */
const WIDE_RADIUS = 25;
const THIN_HISTORY = 3;
const THIN_PLACES = 400;

/** The places a story reads: CONTEXT_RADIUS around the city, or WIDE_RADIUS around a thin town (above). */
async function placesAround(
  places: PlacesService,
  city: IndexedCity,
): Promise<{ radius: number; around: PlaceBrief[] }> {
  const around = await places.around(city, CONTEXT_RADIUS);
  const told = around.filter((p) => p.categoryId === LIST.history && worthTelling(p)).length;
  if (told >= THIN_HISTORY || around.length >= THIN_PLACES) return { radius: CONTEXT_RADIUS, around };
  return { radius: WIDE_RADIUS, around: await places.around(city, WIDE_RADIUS) };
}

/** Build a city's grounded context (four queries plus the places around; cached by the content service). */
export async function buildCityContext(client: Client, places: PlacesService, city: IndexedCity): Promise<CityContext> {
  const row = (
    await client.execute({ sql: "SELECT density, incorporated, county_fips FROM cities WHERE id = ?", args: [city.id] })
  ).rows[0];
  const density = Number(row?.density ?? 0);
  const box = nearestBox(city);
  const [counts, largest, bigger] = await Promise.all([
    // Every count the facts need, in one pass over the cities table.
    client.execute({
      sql: `SELECT COUNT(*) AS total,
              SUM(state_code = ?) AS inState,
              SUM(state_code = ? AND population > ?) AS largerInState,
              SUM(state_code = ? AND county_name = ?) AS inCounty,
              SUM(density < ?) AS lessDense,
              SUM(latitude < ?) AS south,
              SUM(longitude > ?) AS east
            FROM cities`,
      args: [
        city.stateCode,
        city.stateCode,
        city.population,
        city.stateCode,
        city.countyName,
        density,
        city.latitude,
        city.longitude,
      ],
    }),
    client.execute({
      sql: "SELECT name, population FROM cities WHERE state_code = ? AND county_name = ? ORDER BY population DESC, id LIMIT 1",
      args: [city.stateCode, city.countyName],
    }),
    // Cities of at least the rule's size within 300 miles (the box holds the circle at any latitude).
    client.execute({
      sql: `SELECT name, state_code, latitude, longitude, population FROM cities
            WHERE population >= ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?`,
      args: [nearestThreshold(city.population), box.south, box.north, box.west, box.east],
    }),
  ]);
  const n = (column: string) => Number(counts.rows[0]![column] ?? 0);
  const total = Math.max(1, n("total"));
  const nearest = nearestOfAtLeast(
    city,
    bigger.rows.map((r) => ({
      name: String(r.name),
      stateCode: String(r.state_code),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      population: Number(r.population),
    })),
  );
  const { radius, around } = await placesAround(places, city);
  const largestRow = largest.rows[0];
  return {
    key: cityKey(city),
    city: {
      ...city,
      density,
      incorporated: Boolean(Number(row?.incorporated ?? 0)),
      urbanArea: city.ranking <= 2,
      countyFips: String(row?.county_fips ?? ""),
    },
    zips: city.zips.split(/\s+/).filter(Boolean).sort(),
    stateRank: { rank: n("largerInState") + 1, of: n("inState") },
    densityPercentile: Math.round((n("lessDense") / total) * 100),
    northOf: Math.round((n("south") / total) * 100),
    westOf: Math.round((n("east") / total) * 100),
    county: {
      places: n("inCounty"),
      largest: largestRow ? { name: String(largestRow.name), population: Number(largestRow.population) } : null,
    },
    nearestLarger: nearest && nearest.miles <= NEAREST_MAX_MILES ? nearest : null,
    ...(await historicTowns(client, { ...city, density }, around)),
    radius,
    places: around,
    texts: await cityTexts(client, city.id),
  };
}

/** The city's row of `city_texts`, as the story composer reads it. */
async function cityTexts(client: Client, cityId: number): Promise<CityStoryTexts> {
  const r = (await client.execute({ sql: "SELECT * FROM city_texts WHERE city_id = ?", args: [cityId] })).rows[0];
  const str = (v: unknown) => (v == null ? null : String(v));
  return {
    wikipediaTitle: str(r?.wikipedia_title),
    wikipediaUrl: str(r?.wikipedia_url),
    wikivoyageUrl: str(r?.wikivoyage_url),
    wikivoyageByline: str(r?.wikivoyage_byline),
    wikivoyageNearby: str(r?.wikivoyage_nearby),
    wordnetLemmas: str(r?.wordnet_lemmas),
    wordnetGloss: str(r?.wordnet_gloss),
    people: r?.people ? (JSON.parse(String(r.people)) as AssociatedPerson[]) : [],
    seat: str(r?.seat),
  };
}

/** Historic places beyond the core placed by their own point, nearest first (the others are not told). */
const HISTORY_LOOKUPS = 200;

/**
 * Where each historic place lies: `towns` holds the town (in the cities data) whose centre is nearest a place that
 * is not in the city; `placed` every place whose answer is known. A place nearer the city's centre than half the
 * distance to the nearest other town's centre is the city's without a look-up (no other centre can be nearer it);
 * beyond it, the nearest HISTORY_LOOKUPS places are placed by their own point (one query for the towns around, one
 * for the points); the others stay unplaced and are not told.
 */
async function historicTowns(
  client: Client,
  city: IndexedCity & { density: number },
  around: PlaceBrief[],
): Promise<{ towns: Map<number, Town>; placed: Set<number> }> {
  const towns = new Map<number, Town>();
  const placed = new Set<number>();
  const historic = around.filter((p) => p.categoryId === LIST.history && worthTelling(p));
  if (!historic.length) return { towns, placed };
  const box = (WIDE_RADIUS + 15) / 69;
  const wide = box / Math.max(0.1, Math.cos((city.latitude * Math.PI) / 180));
  const rows = (
    await client.execute({
      sql: `SELECT ${TOWN_COLUMNS} FROM cities WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?`,
      args: [city.latitude - box, city.latitude + box, city.longitude - wide, city.longitude + wide],
    })
  ).rows.map(townFromRow);
  // A place's distance is rounded to a tenth of a mile: the core is taken that much smaller.
  const core = coreMiles(city, rows) - 0.05;
  for (const p of historic) if (p.distance < core) placed.add(p.id);
  const far = historic.filter((p) => p.distance >= core).slice(0, HISTORY_LOOKUPS);
  if (!far.length) return { towns, placed };
  const points = await client.execute({
    sql: `SELECT id, latitude, longitude FROM places WHERE id IN (${far.map(() => "?").join(",")})`,
    args: far.map((p) => p.id),
  });
  const miles = new Map(far.map((p) => [p.id, p.distance]));
  for (const r of points.rows) {
    const id = Number(r.id);
    const point = { latitude: Number(r.latitude), longitude: Number(r.longitude) };
    placed.add(id);
    // Only towns of the state whose outline holds the place (a bridge in Georgia is not in the Alabama town
    // across the river); a town the data gives no county keeps its chance.
    const state = countyOfPoint(point.latitude, point.longitude)?.fips.slice(0, 2);
    const sameState = state ? rows.filter((t) => !t.countyFips || t.countyFips.startsWith(state)) : rows;
    const town = townOf(city, point, sameState);
    if (town) towns.set(id, { ...town, miles: miles.get(id)! });
  }
  return { towns, placed };
}
