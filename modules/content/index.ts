import { Elysia } from "elysia";
import { decodePathParam as decode, resolveCityParam, CityStateParams, type CityIndex } from "../cities";
import type { PlacesService } from "../places";
import { DiveDeeperBody, FunFactsBody, HISTORY_FIRST_BATCH, HistoryMoreBody } from "./model";
import { ContentService, type DeeperLevel } from "./service";
import { groundedProvider } from "./grounded";
import { ollamaProvider } from "./ollama";
import { anonymousOnly, HttpError, type CurrentUser, type Logger } from "../../src/http";
import type { Client } from "@libsql/client";

export { ContentService } from "./service";
export type { FunFact, HistoryEntry } from "./service";

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

/** Content: facts, history and dive-deeper about a city. */
export function contentModule(deps: { cityIndex: CityIndex; content: ContentService; currentUser?: CurrentUser }) {
  const { cityIndex, content } = deps;
  const currentUser = deps.currentUser ?? anonymousOnly;
  return new Elysia({ name: "content", prefix: "/api" })
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
