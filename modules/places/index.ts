import { Elysia } from "elysia";
import { CATEGORIES, categoryBySlug, publicCategory } from "../../src/domain/categories";
import { decodePathParam as decode, resolveCityParam, CityStateParams, type CityIndex } from "../cities";
import { CategoryIdParams, CityStateListQuery, PlaceIdParams, PlaceListQuery, PlaceSearchQuery, PlaceStatusQuery } from "./model";
import { PlacesService } from "./service";
import { HttpError } from "../../src/http";

export { PlacesService, openNow, distanceMiles } from "./service";
export type { Place, PlaceBrief } from "./service";
export { OverpassSource, OVERPASS_SOURCE } from "./overpass";

const JSON_TYPE = "application/json; charset=utf-8";

/** Places: categories, the place lists, search and one place. */
export function placesModule(deps: { cityIndex: CityIndex; places: PlacesService }) {
  const { cityIndex, places } = deps;
  // A cached page is answered at once (no promise: the hot path of every list screen); others are built.
  // The JSON text goes out as the body, its type set with the app's other headers: a Response made here would
  // be rebuilt by Elysia to merge those headers in (a second Response per request).
  const listPage = (set: { headers: Record<string, string | number> }, city: ReturnType<typeof resolveCityParam>, kind: "nearby" | "local-gems" | "featured", count: number, offset: number): string | Promise<string> => {
    set.headers["content-type"] = JSON_TYPE;
    return places.cachedPageJson(city, kind, count, offset) ?? places.pageJson(city, kind, count, offset);
  };
  return new Elysia({ name: "places", prefix: "/api" })
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
    .get("/places/nearby", ({ query, set }) => listPage(set, resolveCityParam(cityIndex, query.city, query.state), "nearby", query.count, query.offset), {
      query: PlaceListQuery,
    })
    .get("/places/local-gems", ({ query, set }) => listPage(set, resolveCityParam(cityIndex, query.city, query.state), "local-gems", query.count, query.offset), {
      query: PlaceListQuery,
    })
    .get("/places/featured", ({ query, set }) => listPage(set, resolveCityParam(cityIndex, query.city, query.state), "featured", query.count, query.offset), {
      query: PlaceListQuery,
    })
    .get(
      "/places/category/:categoryId",
      ({ params, query }) => places.byCategory(resolveCityParam(cityIndex, query.city, query.state), params.categoryId, query.count, query.offset),
      { params: CategoryIdParams, query: PlaceListQuery },
    )
    // Before the lists of a state that is still importing: "Preparing places for {state}… {n} %" (decision 024).
    .get("/places/status", ({ query, set }) => {
      set.headers["cache-control"] = "no-store";
      return places.preparation(resolveCityParam(cityIndex, query.city, query.state));
    }, { query: PlaceStatusQuery })
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
