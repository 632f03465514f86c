import { Elysia } from "elysia";
import type { Database } from "../db/client";
import { adminModule } from "../modules/admin";
import { createAuth } from "../modules/auth";
import { activityModule } from "../modules/activity";
import { chatModule } from "../modules/chat";
import { citiesModule, resolveLocation, type CityIndex } from "../modules/cities";
import { contentModule, createContentService, type ContentService } from "../modules/content";
import { placesModule, type PlacesService } from "../modules/places";
import { favoritesModule } from "../modules/favorites";
import { trafficModule } from "../modules/traffic";
import { createLlm } from "../modules/llm";
import { staticAssets } from "./assets";
import { basemap } from "./basemap";
import type { Config } from "./config";
import { errorHandling, type Logger } from "./http";
import { notFoundPage, pages } from "./pages";
import { contentSecurityPolicy, crossSiteProtection, securityHeaders } from "./security";
import { createRenderer, type AssetManifest } from "./ssr";

export interface AppDeps {
  config: Config;
  database: Database;
  cityIndex: CityIndex;
  places: PlacesService;
  assets: { manifest: AssetManifest; files: Record<string, string> };
  log: Logger;
}

/** Compose the whole application from its modules. Tests call `createApp(...).handle(request)`. */
export function createApp(deps: AppDeps) {
  // One model seam for every caller, so they share its breaker (decision 017); null = no model configured.
  const llm = deps.config.llm ? createLlm(deps.config.llm, { onFailure: (e) => deps.log.warn(`LLM: ${e.message}; the model is skipped for 60 s.`) }) : null;
  const content = createContentService({ client: deps.database.client, places: deps.places, llm, log: deps.log });
  const tileOrigin = new URL(deps.config.TILE_URL.replace(/[{}]/g, "")).origin;
  const render = createRenderer({ assets: deps.assets.manifest, log: deps.log, contentSecurityPolicy: (nonce) => contentSecurityPolicy({ tileOrigin, nonce }) });
  // Accounts and sessions; `currentUser` tells modules who is calling (null = anonymous).
  const auth = createAuth({ database: deps.database, config: deps.config, log: deps.log });
  const chatSources = chatSourcesOf(deps, content);
  return new Elysia()
    .use(securityHeaders({ tileOrigin }))
    .use(crossSiteProtection())
    .use(errorHandling({ log: deps.log, renderNotFoundPage: notFoundPage(render, auth.publicUser) }))
    .use(staticAssets(deps.assets.files))
    .get("/healthz", () => ({ ok: true }))
    .use(citiesModule({ cityIndex: deps.cityIndex }))
    .use(placesModule({ cityIndex: deps.cityIndex, places: deps.places }))
    .use(contentModule({ cityIndex: deps.cityIndex, content, currentUser: auth.currentUser }))
    .use(auth.module)
    .use(favoritesModule({ database: deps.database, currentUser: auth.currentUser }))
    .use(activityModule({ database: deps.database, currentUser: auth.currentUser }))
    .use(chatModule({ client: deps.database.client, currentUser: auth.currentUser, sources: chatSources, llm, log: deps.log, limit: deps.config.CHAT_MESSAGES_PER_MINUTE }))
    .use(adminModule())
    .use(trafficModule())
    .use(basemap())
    .use(pages({ render, cityIndex: deps.cityIndex, tileUrl: deps.config.TILE_URL, places: deps.places, viewer: auth.publicUser }));
}

export type App = ReturnType<typeof createApp>;

/** What chat grounds its answers in, through the other modules' public services (decision 018). */
export function chatSourcesOf(deps: Pick<AppDeps, "cityIndex" | "places">, content: ContentService) {
  type City = NonNullable<ReturnType<CityIndex["find"]>>;
  return {
    resolve: (location: string) => {
      const found = resolveLocation(deps.cityIndex, location);
      return found ? deps.cityIndex.find(found.name, found.stateCode) : undefined;
    },
    list: (city: City, list: "nearby" | number, count: number) => deps.places.page(city, list === "nearby" ? "nearby" : `category-${list}`, count, 0),
    search: (city: City, q: string, limit: number) => deps.places.search(q, city, limit),
    history: (city: City) => content.batch("history", city, 8, { more: false }),
    facts: (city: City) => content.batch("facts", city, 4, { more: false }),
  };
}
