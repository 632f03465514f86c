import { Elysia } from "elysia";
import { CATEGORIES, categoryBySlug, publicCategory } from "./categories";
import { CategoryIdParams, CitySearchQuery, CityStateListQuery, CityStateParams, DiveDeeperBody, FunFactsBody, HISTORY_FIRST_BATCH, HistoryMoreBody, PlaceIdParams, PlaceListQuery, PlaceSearchQuery } from "./model";
import { ContentService, type DeeperLevel } from "./content";
import { groundedProvider } from "./grounded";
import { ollamaProvider } from "./ollama";
import { PlacesService, resolveCityParam } from "./places";
import { searchCities, type CityIndex } from "./service";
import { anonymousOnly, HttpError, type CurrentUser, type Logger } from "../../src/http";
import type { Client } from "@libsql/client";

export { CATEGORIES, LIST_LABELS, toListId } from "./categories";
export { resolveLocation, toSuggestion, loadCityIndex, DEFAULT_LOCATION } from "./service";
export { PlacesService } from "./places";
export type { CitySuggestion } from "./model";
export type { PlaceAnswer } from "./places";
export type { CityIndex } from "./service";
export { ContentService } from "./content";
export type { FunFact, HistoryEntry } from "./content";

/** Where the model lives, if anywhere: OLLAMA_HOST (local) or OLLAMA_API_KEY alone (hosted Ollama). */
export interface ContentConfig {
  OLLAMA_HOST?: string;
  OLLAMA_MODEL?: string;
  OLLAMA_API_KEY?: string;
  OLLAMA_TIMEOUT_SECONDS: number;
}

export const DEFAULT_MODEL = "llama3.2";
export const HOSTED_OLLAMA = "https://ollama.com";

/** The content service: data-grounded always, plus an Ollama model when one is configured. */
export function createContentService(deps: { client: Client; places: PlacesService; config: ContentConfig; log: Logger }): ContentService {
  const { config } = deps;
  const host = config.OLLAMA_HOST ?? (config.OLLAMA_API_KEY ? HOSTED_OLLAMA : undefined);
  const model = host
    ? ollamaProvider({ host, model: config.OLLAMA_MODEL ?? DEFAULT_MODEL, apiKey: config.OLLAMA_API_KEY, timeoutMs: config.OLLAMA_TIMEOUT_SECONDS * 1000 })
    : undefined;
  return new ContentService({ client: deps.client, places: deps.places, grounded: groundedProvider(), model, log: deps.log });
}

const LOGIN_FOR_MORE = (what: string) => new HttpError(401, `Please log in to load more ${what}.`);

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, "The path is not valid URL encoding.");
  }
};

const json = (text: string) => new Response(text, { headers: { "content-type": "application/json; charset=utf-8" } });

/** Discovery: cities, categories, places, and facts and history about them. */
export function discoveryModule(deps: { cityIndex: CityIndex; places: PlacesService; content: ContentService; currentUser?: CurrentUser }) {
  const { cityIndex, places, content } = deps;
  const currentUser = deps.currentUser ?? anonymousOnly;
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
    )
    .get(
      "/city-history/:city/:state",
      async ({ params, request }) => {
        const city = resolveCityParam(cityIndex, decode(params.city), decode(params.state));
        const user = await currentUser(request);
        return content.batch("history", city, HISTORY_FIRST_BATCH, { userId: user?.id, more: false });
      },
      { params: CityStateParams },
    )
    .post(
      "/city-history/more",
      async ({ body, request }) => {
        const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
        const user = await currentUser(request);
        if (!user) throw LOGIN_FOR_MORE("history");
        return { history: await content.batch("history", city, body.count, { userId: user.id, more: true }) };
      },
      { body: HistoryMoreBody },
    )
    .post(
      "/fun-facts/city",
      async ({ body, request }) => {
        const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
        const user = await currentUser(request);
        if (body.more && !user) throw LOGIN_FOR_MORE("facts");
        return { facts: await content.batch("facts", city, body.count, { userId: user?.id, more: body.more }) };
      },
      { body: FunFactsBody },
    )
    .post(
      "/fun-facts/dive-deeper",
      async ({ body }) => {
        const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
        return { details: await content.deeper(city, { title: body.factTitle, summary: body.factSummary }, body.level as DeeperLevel) };
      },
      { body: DiveDeeperBody },
    );
}
