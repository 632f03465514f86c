import { Elysia } from "elysia";
import { CitySearchQuery } from "./model";
import { searchCities, type CityIndex } from "./service";

export { resolveLocation, toSuggestion, loadCityIndex, DEFAULT_LOCATION } from "./service";
export type { CitySuggestion } from "./model";
export type { CityIndex } from "./service";

/** Discovery: cities (and, with the places issue, places, categories, facts, history). */
export function discoveryModule(deps: { cityIndex: CityIndex }) {
  return new Elysia({ name: "discovery", prefix: "/api" }).get(
    "/cities/search",
    ({ query, set }) => {
      set.headers["cache-control"] = "public, max-age=3600";
      return searchCities(deps.cityIndex, query.q, query.limit);
    },
    { query: CitySearchQuery },
  );
}
