import { Elysia } from "elysia";
import * as v from "valibot";
import { CitySearchQuery, CitySuggestionSchema } from "./model";
import { searchCities, type CityIndex } from "./service";

export {
  CityIndex,
  loadCityIndex,
  resolveLocation,
  toSuggestion,
  searchCities,
  resolveCityParam,
  decodePathParam,
  isUrbanAreaPopulation,
  DEFAULT_LOCATION,
} from "./service";
export type { IndexedCity } from "./city-index";
export { normalise } from "./city-names";
export { CityStateParams, MAX_QUERY_LENGTH, type CitySuggestion } from "./model";

/** Cities: the in-memory search index behind the search box. */
export function citiesModule(deps: { cityIndex: CityIndex }) {
  const { cityIndex } = deps;
  return new Elysia({ name: "cities", prefix: "/api" }).get(
    "/cities/search",
    ({ query, set }) => {
      set.headers["cache-control"] = "public, max-age=3600";
      return searchCities(cityIndex, query.q, query.limit);
    },
    { query: CitySearchQuery, response: v.array(CitySuggestionSchema) },
  );
}
