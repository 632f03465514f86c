import { Elysia } from "elysia";
import { decodePathParam as decode, resolveCityParam, CityStateParams, type CityIndex } from "../cities";
import type { PlacesService } from "../places";
import { DiveDeeperBody, FunFactsBody, HISTORY_FIRST_BATCH, HistoryMoreBody } from "./model";
import { ContentService } from "./service";
import type { DeeperLevel } from "./provider";
import { groundedProvider } from "./grounded";
import { ollamaProvider } from "./ollama";
import { HttpError, type Logger } from "../../src/http";
import type { AuthGuard } from "../auth";
import type { Client } from "@libsql/client";
import type { Llm } from "../llm";

export { ContentService } from "./service";
export type { FunFact, HistoryEntry } from "./provider";
/** Whether a history entry's text holds a real sentence about its subject (the shell rule, for the stories bench). */
export { tellsSomething } from "./story/truth";
/** The town rule, for the stories bench: whether a town of the cities data is the city or a part of it, and how a row of the cities table is read. */
export { partOfCity, TOWN_COLUMNS, townFromRow } from "./story/towns";

/** The content service: data-grounded always, plus the model of the LLM seam when one is configured (decision 017). */
export function createContentService(deps: {
  client: Client;
  places: PlacesService;
  llm: Llm | null;
  log: Logger;
}): ContentService {
  const model = deps.llm ? ollamaProvider(deps.llm) : undefined;
  const content = new ContentService({
    client: deps.client,
    places: deps.places,
    grounded: groundedProvider(),
    model,
    log: deps.log,
  });
  // The places' import hook (onImported → places.invalidate()) also drops the city contexts built on them.
  deps.places.onInvalidate((affected) => content.invalidate(affected));
  return content;
}

const LOGIN_FOR_MORE = (what: string) => new HttpError(401, `Please log in to load more ${what}.`);

/** Content: facts, history and dive-deeper about a city. */
export function contentModule(deps: { cityIndex: CityIndex; content: ContentService; guard: AuthGuard }) {
  const { cityIndex, content } = deps;
  return (
    new Elysia({ name: "content", prefix: "/api" })
      // The one auth guard: anyone may read; "load more" needs a signed-in user (guests included).
      .use(deps.guard({ signInMessage: "Please log in to load more." }))
      .get(
        "/city-history/:city/:state",
        async ({ params, user }) => {
          const city = resolveCityParam(cityIndex, decode(params.city), decode(params.state));
          return content.batch("history", city, HISTORY_FIRST_BATCH, { userId: user?.id, more: false });
        },
        { params: CityStateParams, optionalAuth: true },
      )
      .post(
        "/city-history/more",
        async ({ body, user }) => {
          const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
          if (!user) throw LOGIN_FOR_MORE("history");
          return { history: await content.batch("history", city, body.count, { userId: user.id, more: true }) };
        },
        { body: HistoryMoreBody, optionalAuth: true },
      )
      .post(
        "/fun-facts/city",
        async ({ body, user }) => {
          const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
          if (body.more && !user) throw LOGIN_FOR_MORE("facts");
          return { facts: await content.batch("facts", city, body.count, { userId: user?.id, more: body.more }) };
        },
        { body: FunFactsBody, optionalAuth: true },
      )
      .post(
        "/fun-facts/dive-deeper",
        async ({ body }) => {
          const city = resolveCityParam(cityIndex, body.cityName, body.stateCode);
          return {
            details: await content.deeper(
              city,
              { title: body.factTitle, summary: body.factSummary },
              body.level as DeeperLevel,
            ),
          };
        },
        { body: DiveDeeperBody },
      )
  );
}
