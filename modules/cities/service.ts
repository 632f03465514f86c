import { sql } from "drizzle-orm";
import { CityIndex, type IndexedCity } from "./city-index";
import { parseLocation } from "../../src/domain/location";
import { stateCodeFromName } from "../../src/domain/states";
import { HttpError } from "../../src/http";
import type { CitySuggestion } from "./model";
import type { Db } from "../../db/client";
import { cities } from "../../db/schema";

export { CityIndex };

/**
 * Load every city from the database into the in-memory search index. Read in pages by id: a libSQL server
 * refuses over-large responses (RESPONSE_TOO_LARGE), and pages keep memory flat on any backend. Each page is one
 * JSON text built by SQLite: 32,000 rows as row objects cost every start (each server, script and test process)
 * about a CPU-second, the same rows as one string a tenth of that.
 */
export async function loadCityIndex(db: Db, pageSize = 5000): Promise<CityIndex> {
  const rows: IndexedCity[] = [];
  const shared = new Map<string, string>();
  const one = (text: string): string => {
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
  let after = -1;
  for (;;) {
    const result = await db.get<{ page: string | null }>(sql`
      SELECT json_group_array(json_array(id, name, state_code, state_name, population, latitude, longitude,
        county_name, timezone, ranking, zips)) AS page
      FROM (SELECT * FROM ${cities} WHERE ${cities.id} > ${after} ORDER BY ${cities.id} LIMIT ${pageSize})`);
    const page = JSON.parse(result?.page ?? "[]") as CityRow[];
    // State, county and time-zone names repeat across cities: one copy of each (a few MB of an idle server).
    for (const [
      id,
      name,
      stateCode,
      stateName,
      population,
      latitude,
      longitude,
      countyName,
      timezone,
      ranking,
      zips,
    ] of page)
      rows.push({
        id,
        name,
        stateCode: one(stateCode),
        stateName: one(stateName),
        population,
        latitude,
        longitude,
        countyName: one(countyName),
        timezone: one(timezone),
        ranking,
        zips,
      });
    if (page.length < pageSize) break;
    after = page[page.length - 1]![0];
  }
  return new CityIndex(rows);
}

/** One city as loadCityIndex reads it (the columns in its query's order). */
type CityRow = [number, string, string, string, number, number, number, string, string, number, string];

/** SimpleMaps ranks 1 and 2 are the large cities whose population is the urban-area figure. */
export const isUrbanAreaPopulation = (city: Pick<IndexedCity, "ranking">) => city.ranking <= 2;

export function toSuggestion(city: IndexedCity): CitySuggestion {
  return {
    name: city.name,
    state: city.stateName,
    stateCode: city.stateCode,
    population: city.population,
    populationIsUrbanArea: isUrbanAreaPopulation(city),
    displayName: `${city.name}, ${city.stateCode}`,
    latitude: city.latitude,
    longitude: city.longitude,
    county: city.countyName,
    timezone: city.timezone,
  };
}

export function searchCities(index: CityIndex, q: string, limit: number): CitySuggestion[] {
  return index.search(q, limit).map(toSuggestion);
}

/** A stored "City, ST" location (cookie or local storage) that names a city we know; otherwise undefined. */
export function resolveLocation(index: CityIndex, location: string | undefined | null): CitySuggestion | undefined {
  const parsed = parseLocation(location);
  const city = parsed ? index.find(parsed.city, parsed.stateCode) : undefined;
  return city ? toSuggestion(city) : undefined;
}

export const DEFAULT_LOCATION = "New York, NY";

/** A :city/:state (or body cityName/stateCode) pair → the indexed city; the state may be a code or a full name. 404 if unknown. */
export function resolveCityParam(index: CityIndex, city: string, state: string): IndexedCity {
  const code = state.trim().length === 2 ? state.trim().toUpperCase() : stateCodeFromName(state);
  const found = code ? index.find(city, code) : undefined;
  if (!found)
    throw new HttpError(404, `We don't know a city called "${city}" in "${state}".`, {
      city: [`Unknown city: ${city}, ${state}`],
    });
  return found;
}

/** A path segment decoded; 400 when it is not valid URL encoding. */
export const decodePathParam = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, "The path is not valid URL encoding.");
  }
};
