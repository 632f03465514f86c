import { asc, gt } from "drizzle-orm";
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
 * refuses over-large responses (RESPONSE_TOO_LARGE), and pages keep memory flat on any backend.
 */
export async function loadCityIndex(db: Db, pageSize = 5000): Promise<CityIndex> {
  const rows: IndexedCity[] = [];
  const shared = new Map<string, string>();
  const one = <T extends string | null>(text: T): T => {
    if (text === null) return text;
    const known = shared.get(text);
    if (known !== undefined) return known as T;
    shared.set(text, text);
    return text;
  };
  let after = -1;
  for (;;) {
    const page = await db
      .select({
        id: cities.id,
        name: cities.name,
        stateCode: cities.stateCode,
        stateName: cities.stateName,
        population: cities.population,
        latitude: cities.latitude,
        longitude: cities.longitude,
        countyName: cities.countyName,
        timezone: cities.timezone,
        ranking: cities.ranking,
        zips: cities.zips,
      })
      .from(cities)
      .where(gt(cities.id, after))
      .orderBy(asc(cities.id))
      .limit(pageSize);
    // State, county and time-zone names repeat across cities: one copy of each (a few MB of an idle server).
    for (const city of page)
      rows.push({
        ...city,
        stateCode: one(city.stateCode),
        stateName: one(city.stateName),
        countyName: one(city.countyName),
        timezone: one(city.timezone),
      });
    if (page.length < pageSize) break;
    after = page[page.length - 1]!.id;
  }
  return new CityIndex(rows);
}

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
