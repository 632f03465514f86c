import { Elysia } from "elysia";
import { CATEGORIES, categoryBySlug, publicCategory } from "./categories";
import { CategoryIdParams, CitySearchQuery, CityStateListQuery, CityStateParams, PlaceIdParams, PlaceListQuery, PlaceSearchQuery } from "./model";
import { PlacesService, resolveCityParam } from "./places";
import { searchCities, type CityIndex } from "./service";
import { HttpError } from "../../src/http";

export { resolveLocation, toSuggestion, loadCityIndex, DEFAULT_LOCATION } from "./service";
export { PlacesService } from "./places";
export type { CitySuggestion } from "./model";
export type { PlaceAnswer } from "./places";
export type { CityIndex } from "./service";

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, "The path is not valid URL encoding.");
  }
};

const json = (text: string) => new Response(text, { headers: { "content-type": "application/json; charset=utf-8" } });

/** Discovery: cities, categories and places (facts and history arrive with the content providers). */
export function discoveryModule(deps: { cityIndex: CityIndex; places: PlacesService }) {
  const { cityIndex, places } = deps;
  return new Elysia({ name: "discovery", prefix: "/api" })
    .get(
      "/cities/search",
      ({ query, set }) => {
        set.headers["cache-control"] = "public, max-age=3600";
        return searchCities(cityIndex, query.q, query.limit);
      },
      { query: CitySearchQuery },
    )
    .get("/categories", () => CATEGORIES.map(publicCategory))
    .get("/categories/:slug", ({ params }) => {
      const category = categoryBySlug(params.slug);
      if (!category) throw new HttpError(404, "Category not found");
      return publicCategory(category);
    })
    .get(
      "/places/search",
      ({ query }) => {
        const city = query.city && query.state ? resolveCityParam(cityIndex, query.city, query.state) : undefined;
        return places.search(query.q, city, query.limit);
      },
      { query: PlaceSearchQuery },
    )
    .get("/places/nearby", async ({ query }) => json(await places.pageJson(resolveCityParam(cityIndex, query.city, query.state), "nearby", query.count, query.offset)), {
      query: PlaceListQuery,
    })
    .get("/places/local-gems", async ({ query }) => json(await places.pageJson(resolveCityParam(cityIndex, query.city, query.state), "local-gems", query.count, query.offset)), {
      query: PlaceListQuery,
    })
    .get("/places/featured", async ({ query }) => json(await places.pageJson(resolveCityParam(cityIndex, query.city, query.state), "featured", query.count, query.offset)), {
      query: PlaceListQuery,
    })
    .get(
      "/places/category/:categoryId",
      ({ params, query }) => places.byCategory(resolveCityParam(cityIndex, query.city, query.state), params.categoryId, query.count, query.offset),
      { params: CategoryIdParams, query: PlaceListQuery },
    )
    .get("/places/:id", ({ params }) => places.get(params.id), { params: PlaceIdParams })
    .get(
      "/local-stores/:city/:state",
      ({ params, query }) => places.page(resolveCityParam(cityIndex, decode(params.city), decode(params.state)), "category-12", query.count, query.offset),
      { params: CityStateParams, query: CityStateListQuery },
    )
    .get(
      "/activities/:city/:state",
      ({ params, query }) => places.page(resolveCityParam(cityIndex, decode(params.city), decode(params.state)), "category-9", query.count, query.offset),
      { params: CityStateParams, query: CityStateListQuery },
    );
}
