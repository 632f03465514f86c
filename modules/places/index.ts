import { Elysia } from "elysia";
import { LRUCache } from "lru-cache";
import { CATEGORIES, categoryBySlug, publicCategory } from "../../src/domain/categories";
import {
  decodePathParam as decode,
  resolveCityParam,
  CityStateParams,
  type CityIndex,
  type IndexedCity,
} from "../cities";
import {
  CategoryIdParams,
  CityStateListQuery,
  PlaceIdParams,
  PlaceListQuery,
  PlaceSearchQuery,
  PlaceStatusQuery,
} from "./model";
import type { PlacesService } from "./service";
import { parseQueryStandardSchema } from "elysia/parse-query";
import { HttpError, parseQueryOrThrow } from "../../src/http";

export { PlacesService, openNow, distanceMiles, changedBy } from "./service";
export type { Place, PlaceBrief } from "./service";
export { OverpassSource, OVERPASS_SOURCE } from "./overpass";
export { dayHours, parseHours } from "./hours";
export type { Affected, Placed } from "./changed-area";

const JSON_TYPE = "application/json; charset=utf-8";

/** Places: categories, the place lists, search and one place. */
export function placesModule(deps: { cityIndex: CityIndex; places: PlacesService }) {
  const { cityIndex, places } = deps;
  // A cached page is answered at once (no promise: the hot path of every list screen); others are built.
  // The JSON text goes out as the body, its type set with the app's other headers: a Response made here would
  // be rebuilt by Elysia to merge those headers in (a second Response per request).
  const listPage = (
    set: { headers: Record<string, string | number> },
    city: ReturnType<typeof resolveCityParam>,
    kind: "nearby" | "local-gems" | "featured",
    count: number,
    offset: number,
  ): string | Promise<string> => {
    set.headers["content-type"] = JSON_TYPE;
    return places.cachedPageJson(city, kind, count, offset) ?? places.pageJson(city, kind, count, offset);
  };
  const listQuery = listQueries(cityIndex);
  return (
    new Elysia({ name: "places", prefix: "/api" })
      .get("/categories", () => CATEGORIES.map(publicCategory))
      .get("/categories/:slug", ({ params }) => {
        const category = categoryBySlug(params.slug);
        if (!category) throw new HttpError(404, "Category not found");
        return publicCategory(category);
      })
      .get(
        "/places/search",
        ({ query, set }) => {
          const city = query.city && query.state ? resolveCityParam(cityIndex, query.city, query.state) : undefined;
          set.headers["content-type"] = JSON_TYPE;
          return places.searchJson(query.q, city, query.limit);
        },
        { query: PlaceSearchQuery },
      )
      .get("/places/nearby", ({ request, set }) => {
        const q = listQuery(request);
        return listPage(set, q.city, "nearby", q.count, q.offset);
      })
      .get("/places/local-gems", ({ request, set }) => {
        const q = listQuery(request);
        return listPage(set, q.city, "local-gems", q.count, q.offset);
      })
      .get("/places/featured", ({ request, set }) => {
        const q = listQuery(request);
        return listPage(set, q.city, "featured", q.count, q.offset);
      })
      .get(
        "/places/category/:categoryId",
        ({ params, query }) =>
          places.byCategory(
            resolveCityParam(cityIndex, query.city, query.state),
            params.categoryId,
            query.count,
            query.offset,
          ),
        { params: CategoryIdParams, query: PlaceListQuery },
      )
      // Before the lists of a state that is still importing: "Preparing places for {state}… {n} %" (decision 024).
      .get(
        "/places/status",
        ({ query, set }) => {
          set.headers["cache-control"] = "no-store";
          return places.preparation(resolveCityParam(cityIndex, query.city, query.state));
        },
        { query: PlaceStatusQuery },
      )
      .get("/places/:id", ({ params }) => places.get(params.id), { params: PlaceIdParams })
      .get(
        "/local-stores/:city/:state",
        ({ params, query }) =>
          places.page(
            resolveCityParam(cityIndex, decode(params.city), decode(params.state)),
            "category-12",
            query.count,
            query.offset,
          ),
        { params: CityStateParams, query: CityStateListQuery },
      )
      .get(
        "/activities/:city/:state",
        ({ params, query }) =>
          places.page(
            resolveCityParam(cityIndex, decode(params.city), decode(params.state)),
            "category-9",
            query.count,
            query.offset,
          ),
        { params: CityStateParams, query: CityStateListQuery },
      )
  );
}

/** Query strings remembered at most (each ≤ MEMO_QUERY_LENGTH characters); the least recently used go first. */
const MEMO_QUERIES = 2_000;
const MEMO_QUERY_LENGTH = 300;

/**
 * `?city&state&count&offset` of a list request, validated (PlaceListQuery, the same 400 field messages as a
 * route schema) and its city resolved (404 when unknown), remembered per distinct query string: the lists'
 * hot path then skips query parsing, validation and the city lookup (decision 033). The answer depends on
 * nothing but the query string (the city index never changes while the server runs), so a remembered one
 * is right for every caller; failures are not remembered.
 */
function listQueries(cityIndex: CityIndex) {
  const memo = new LRUCache<string, { city: IndexedCity; count: number; offset: number }>({ max: MEMO_QUERIES });
  return (request: Request) => {
    const url = request.url;
    // As Elysia reads it: the first "?" after the path's first "/" (a full URL has "//" before the host).
    const at = url.indexOf("?", url.startsWith("/") ? 0 : url.indexOf("/", url.indexOf("//") + 2) + 1);
    const raw = at < 0 ? "" : url.slice(at + 1);
    const known = memo.get(raw);
    if (known) return known;
    const query = parseQueryOrThrow(PlaceListQuery, parseQueryStandardSchema(raw));
    const parsed = {
      city: resolveCityParam(cityIndex, query.city, query.state),
      count: query.count,
      offset: query.offset,
    };
    if (raw.length <= MEMO_QUERY_LENGTH) memo.set(raw, parsed);
    return parsed;
  };
}
